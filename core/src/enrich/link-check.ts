import { HttpFailure, type PoliteFetch } from '../sources/http.ts';

/**
 * Checks that an item's homepage or repository answers: status, the final URL after redirects,
 * the error (TLS, DNS, timeout) and the time it took. Redirects are followed one by one so each
 * hop is vetted: the checker must never become a way to reach the server's own network, so a
 * target that is not http(s), carries credentials, or is refused by `vet` or by the fetch (an
 * address that is not public, a name resolving to one) is not checked.
 *
 * A refused link says nothing but that: no status, time, final URL or error. Those would
 * describe the server's own network to whoever wrote the URL (the link checks are public), and
 * the time alone tells an open port from a closed one.
 */

export interface LinkResult {
  url: string;
  ok: boolean;
  /** Why the link was not checked, for the caller's own log; never stored with the check. */
  refused?: string;
  status?: number;
  finalUrl?: string;
  error?: string;
  /** How long the check took; absent for a refused link. */
  ms?: number;
}

export interface LinkCheckOptions {
  fetch: PoliteFetch;
  /** A reason to refuse this URL, or undefined to allow it. Called for every hop. */
  vet?: (url: URL) => Promise<string | undefined>;
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
  const refuse = (reason: string): LinkResult => ({ url, ok: false, refused: reason });
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return refuse('Not a valid URL');
  }
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    const refusal = await vetUrl(current, options.vet);
    if (refusal) return refuse(refusal);
    let status: number;
    let location: string | null;
    try {
      const response = await options.fetch(current.href, { redirect: 'manual', skipBody: true });
      status = response.status;
      location = response.headers.get('location');
    } catch (error) {
      if (error instanceof HttpFailure && error.kind === 'refused') return refuse(error.message);
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
  return vet?.(url);
}

function describe(error: unknown): string {
  if (error instanceof HttpFailure) return error.message.slice(0, 300);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  if (code && /CERT|SSL|TLS/.test(code)) return `TLS error (${code})`;
  if (code === 'ENOTFOUND') return 'Host not found';
  return (cause?.message ?? (error instanceof Error ? error.message : String(error))).slice(0, 300);
}
