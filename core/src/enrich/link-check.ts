import { HttpFailure, type PoliteFetch } from '../sources/http.ts';

/**
 * Checks that an item's homepage or repository answers: status, the final URL after redirects,
 * the error (TLS, DNS, timeout) and the time it took. Redirects are followed one by one so each
 * hop is vetted: the checker must never become a way to reach the server's own network, so a
 * target that is not http(s), or whose host resolves to a private, loopback or link-local
 * address, is refused (`vet`, given by the caller, which can resolve names; tests allow their
 * fixture server there).
 */

export interface LinkResult {
  url: string;
  ok: boolean;
  status?: number;
  finalUrl?: string;
  error?: string;
  ms: number;
}

export interface LinkCheckOptions {
  fetch: PoliteFetch;
  /** A reason to refuse this URL, or undefined to allow it. */
  vet: (url: URL) => Promise<string | undefined>;
  maxRedirects?: number;
  now?: () => number;
}

const MAX_URL = 2000;

export async function checkLink(url: string, options: LinkCheckOptions): Promise<LinkResult> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const maxRedirects = options.maxRedirects ?? 5;
  const done = (result: Omit<LinkResult, 'url' | 'ms'>): LinkResult => ({
    url,
    ms: Math.max(0, Math.round(now() - started)),
    ...result,
  });
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return done({ ok: false, error: 'Not a valid URL' });
  }
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    const refusal = await vetUrl(current, options.vet);
    if (refusal) return done({ ok: false, finalUrl: current.href, error: refusal });
    let status: number;
    let location: string | null;
    try {
      const response = await options.fetch(current.href, { redirect: 'manual', skipBody: true });
      status = response.status;
      location = response.headers.get('location');
    } catch (error) {
      return done({ ok: false, finalUrl: current.href, error: describe(error) });
    }
    if (status >= 300 && status < 400 && location) {
      try {
        current = new URL(location, current);
      } catch {
        return done({ ok: false, status, finalUrl: current.href, error: 'Redirect to an invalid URL' });
      }
      continue;
    }
    const ok = status >= 200 && status < 400;
    return done({ ok, status, finalUrl: current.href, ...(ok ? {} : { error: `HTTP ${status}` }) });
  }
  return done({ ok: false, finalUrl: current.href, error: `More than ${maxRedirects} redirects` });
}

async function vetUrl(url: URL, vet: LinkCheckOptions['vet']): Promise<string | undefined> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http and https links are checked';
  if (url.href.length > MAX_URL) return 'URL too long';
  if (url.username || url.password) return 'Links with credentials are not checked';
  return vet(url);
}

function describe(error: unknown): string {
  if (error instanceof HttpFailure) return error.message.slice(0, 300);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  if (code && /CERT|SSL|TLS/.test(code)) return `TLS error (${code})`;
  if (code === 'ENOTFOUND') return 'Host not found';
  return (cause?.message ?? (error instanceof Error ? error.message : String(error))).slice(0, 300);
}

/** Whether an IP address (v4 or v6) is private, loopback, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const mapped = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const v4 = ip.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (!ip.includes(':')) return true; // not an address at all: refuse rather than guess
  return (
    ip === '::' ||
    ip === '::1' ||
    /^f[cd]/.test(ip) ||
    /^fe[89ab]/.test(ip) ||
    /^ff/.test(ip) ||
    ip.startsWith('64:ff9b:') ||
    ip.startsWith('2001:db8')
  );
}
