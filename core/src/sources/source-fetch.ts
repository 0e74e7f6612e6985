/**
 * What a source client needs from the network: one function with the shape of the standard
 * `fetch` (the CLI passes the polite HTTP layer or globalThis.fetch; tests a fixture server's).
 * core stays free of I/O: it only ever calls what it is given.
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
  /** Attempts for 429, GitHub's secondary limit, 5xx and timeouts; 1 means no retry. */
  attempts?: number;
  /** Per-request time limit; null when the fetch function keeps its own (the polite HTTP layer). */
  timeoutMs?: number | null;
  /** How to wait between attempts (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
  /** Longest wait a Retry-After may ask for before the request fails instead. */
  maxWaitMs?: number;
}

/** A source answered with an error that retrying did not cure, or with something unreadable. */
export class SourceError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'SourceError';
    this.status = status;
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date, as RFC 9110 allows for Retry-After. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** How long to wait before trying again, or undefined when the answer is final. */
function waitBeforeRetry(response: SourceResponse, attempt: number): number | undefined {
  const backoff = Math.min(30_000, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
  const retryAfter = retryAfterMs(response.headers.get('retry-after'));
  if (response.status === 429) return retryAfter ?? backoff;
  // GitHub's secondary limit: 403 with no requests left, reset at x-ratelimit-reset (epoch s).
  if (response.status === 403 && response.headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    return retryAfter ?? (Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - Date.now()) : backoff);
  }
  if (response.status >= 500) return retryAfter ?? backoff;
  return undefined;
}

/** GET with retries; answers the body of a 2xx (or a 404 when `allowNotFound`), else throws SourceError. */
export async function requestText(
  url: string,
  options: SourceRequestOptions,
  allowNotFound = false,
): Promise<{ status: number; text: string; headers: SourceResponse['headers'] }> {
  const attempts = options.attempts ?? 4;
  const sleep = options.sleep ?? defaultSleep;
  const maxWait = options.maxWaitMs ?? 120_000;
  let lastError = 'no attempt made';
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    let response: SourceResponse;
    try {
      response = await options.fetch(url, {
        headers: options.headers,
        signal: options.timeoutMs === null ? undefined : AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      lastError = `${hostOf(url)} did not answer (${error instanceof Error ? error.message : String(error)})`;
      if (attempt + 1 < attempts) await sleep(Math.min(30_000, 500 * 2 ** attempt));
      continue;
    }
    if ((response.status >= 200 && response.status < 300) || (allowNotFound && response.status === 404)) {
      return { status: response.status, text: await response.text(), headers: response.headers };
    }
    const wait = waitBeforeRetry(response, attempt);
    lastError = `${hostOf(url)} answered HTTP ${response.status}`;
    if (wait === undefined) throw new SourceError(lastError, response.status);
    if (wait > maxWait)
      throw new SourceError(`${lastError} and asked to wait ${Math.ceil(wait / 1000)} s`, response.status);
    if (attempt + 1 < attempts) await sleep(wait);
  }
  throw new SourceError(`${lastError}; gave up after ${attempts} attempts`);
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
