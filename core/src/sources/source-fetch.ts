/**
 * What a source client needs from the network: one function with the shape of the standard
 * `fetch`. The CLI and the enrich job pass the polite HTTP layer (http.ts), which retries; a
 * plain fetch gets one request per call. core stays free of I/O: it only calls what it is given.
 */
export interface SourceResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}
export type SourceFetch = (
  url: string,
  init?: { headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<SourceResponse>;

export interface SourceRequestOptions {
  fetch: SourceFetch;
  headers?: Record<string, string>;
}

/** A source answered with an error, or with something unreadable. */
export class SourceError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'SourceError';
    this.status = status;
  }
}

/** Seconds or an HTTP date, as RFC 9110 allows for Retry-After. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * One GET; answers the body of a 2xx (or of a 404 when `allowNotFound`), else throws SourceError.
 * It does not retry: waiting out rate limits, backing off on 5xx and timing out are the polite
 * HTTP layer's (http.ts), which every caller passes as `fetch`, so a request is never retried
 * twice over.
 */
export async function requestText(
  url: string,
  options: SourceRequestOptions,
  allowNotFound = false,
): Promise<{ status: number; text: string; headers: SourceResponse['headers'] }> {
  const response = await options.fetch(url, options.headers ? { headers: options.headers } : undefined);
  if ((response.status >= 200 && response.status < 300) || (allowNotFound && response.status === 404)) {
    return { status: response.status, text: await response.text(), headers: response.headers };
  }
  throw new SourceError(`${hostOf(url)} answered HTTP ${response.status}`, response.status);
}

/** GET a JSON document; null for a 404 when `allowNotFound`. */
export async function requestJson(url: string, options: SourceRequestOptions, allowNotFound = false): Promise<unknown> {
  const { status, text } = await requestText(url, options, allowNotFound);
  if (status === 404) return null;
  return parseJsonText(text, hostOf(url));
}

export function parseJsonText(text: string, where: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new SourceError(`${where} sent something that is not JSON`);
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * An identifier as a URL path: DOIs keep their slashes and `doi:` its colon, as the APIs document
 * them (/works/10.1038/nature12373), while `?`, `#`, `%` and spaces are escaped; `..` segments
 * cannot climb out of the path.
 */
export function encodePathKeepingSlashes(id: string): string {
  return id
    .split('/')
    .map((part) =>
      part === '..' || part === '.' ? encodeURIComponent(part).replaceAll('.', '%2E') : encodeURIComponent(part),
    )
    .join('/')
    .replaceAll('%3A', ':');
}
