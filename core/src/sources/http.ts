import { discard, HttpFailure, messageOf, readCapped, type RawResponse } from './http-reading.ts';
import { DEFAULT_LIMIT, SourceGate, type SourceLimit } from './source-gate.ts';
import { hostOf, retryAfterMs, type SourceFetch, type SourceResponse } from './source-fetch.ts';

export { getJson, HttpFailure, parseJson, type HttpFailureKind, type RawResponse } from './http-reading.ts';
export { DEFAULT_LIMIT, type SourceLimit } from './source-gate.ts';

/**
 * The polite HTTP layer every outside source goes through: it names SciAI in the User-Agent,
 * keeps each source within its concurrency and requests-per-second limits, revalidates with
 * ETag / If-None-Match (GitHub does not count a 304 against the quota), waits as long as a
 * Retry-After or GitHub's secondary limit asks, and backs off with jitter on 5xx and timeouts.
 *
 * It takes a fetch function (the standard one in Node and browsers, a fixture server's in tests)
 * and gives back a `SourceFetch`, so the source clients stay free of I/O. It is the only place
 * that retries: the clients make one request per call. The answer it gives is the last one it got.
 */

export type RawFetch = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal; redirect?: 'follow' | 'manual' },
) => Promise<RawResponse>;

/** What the layer remembers of an answer to revalidate it later. */
export interface CachedAnswer {
  etag: string;
  body: string;
}
/** Where ETags and their bodies live (memory in a run, a table between runs): the caller decides. */
export interface ConditionalCache {
  get(url: string): CachedAnswer | undefined | Promise<CachedAnswer | undefined>;
  set(url: string, answer: CachedAnswer): void | Promise<void>;
}

export interface PoliteHttpOptions {
  fetch: RawFetch;
  /** e.g. `SciAI/0.1 (+https://sciai.example.org)`: see politeUserAgent. */
  userAgent: string;
  /** Which source a URL belongs to (limits are per source); the host by default. */
  sourceOf?: (url: string) => string;
  /** Limits per source; `default` for the rest. */
  limits?: Record<string, SourceLimit>;
  cache?: ConditionalCache;
  /** Attempts per request for 429, the secondary limit, 5xx, timeouts and network errors. */
  attempts?: number;
  timeoutMs?: number;
  /** The longest wait a Retry-After or a rate-limit reset may ask for; longer gives up at once. */
  maxWaitMs?: number;
  /** Bodies above this size fail (a hostile or broken server cannot fill memory). */
  maxBodyBytes?: number;
  /** Base of the exponential backoff; tests pass a small one. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

/** What a caller may ask of one request besides headers: link checks follow redirects themselves and skip bodies. */
export interface PoliteInit {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  redirect?: 'follow' | 'manual';
  /** Drop the body unread (its text is empty): a link check wants the status only. */
  skipBody?: boolean;
}

export interface PoliteFetch extends SourceFetch {
  (url: string, init?: PoliteInit): Promise<PoliteResponse>;
  /** Counts since the layer was made, per source. */
  stats(): Record<string, SourceStats>;
}
export interface PoliteResponse extends SourceResponse {
  /** True when the body came from the cache after a 304. */
  readonly fromCache: boolean;
}
export interface SourceStats {
  requests: number;
  notModified: number;
  retries: number;
  failures: number;
}

const DEFAULT_MAX_BODY = 5 * 1024 * 1024;

/** The User-Agent of every outside request: names SciAI and where to find its operator. */
export function politeUserAgent(publicUrl: string | undefined, version = '0.1'): string {
  return publicUrl ? `SciAI/${version} (+${publicUrl})` : `SciAI/${version}`;
}

/** Whether an answer is GitHub's primary or secondary limit: 403/429 with no requests left. */
export function isRateLimitAnswer(status: number, headers: { get(name: string): string | null }): boolean {
  if (status === 429) return true;
  return status === 403 && (headers.get('x-ratelimit-remaining') === '0' || headers.get('retry-after') !== null);
}

/** Makes the polite fetch. One per run: its gates and counters are the run's. */
export function createPoliteFetch(options: PoliteHttpOptions): PoliteFetch {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const attempts = Math.max(1, options.attempts ?? 4);
  const timeoutMs = options.timeoutMs ?? 20_000;
  const maxWaitMs = options.maxWaitMs ?? 120_000;
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const backoffMs = options.backoffMs ?? 500;
  const sourceOf = options.sourceOf ?? hostOf;
  const gates = new Map<string, SourceGate>();
  const counters = new Map<string, SourceStats>();

  const gateOf = (source: string) => {
    let gate = gates.get(source);
    if (!gate) {
      const limit = options.limits?.[source] ?? options.limits?.default ?? DEFAULT_LIMIT;
      gate = new SourceGate(limit, now, sleep);
      gates.set(source, gate);
    }
    return gate;
  };
  const statsOf = (source: string) => {
    let stats = counters.get(source);
    if (!stats) {
      stats = { requests: 0, notModified: 0, retries: 0, failures: 0 };
      counters.set(source, stats);
    }
    return stats;
  };
  /** Full jitter on an exponential base: retries of many clients do not arrive together. */
  const backoff = (attempt: number) => Math.min(30_000, backoffMs * 2 ** attempt) * (0.5 + random() / 2);

  const politeFetch = async (url: string, init?: PoliteInit): Promise<PoliteResponse> => {
    const source = sourceOf(url);
    const gate = gateOf(source);
    const stats = statsOf(source);
    const cached = await options.cache?.get(url);
    const headers: Record<string, string> = {
      'user-agent': options.userAgent,
      ...(cached ? { 'if-none-match': cached.etag } : {}),
      ...init?.headers,
    };
    let lastFailure: HttpFailure = new HttpFailure('network', `${hostOf(url)}: no attempt made`);
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      if (attempt > 0) stats.retries += 1;
      await gate.enter();
      let wait: number | undefined;
      try {
        stats.requests += 1;
        const signal = init?.signal
          ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs);
        let response: RawResponse;
        try {
          response = await options.fetch(url, {
            headers,
            signal,
            ...(init?.redirect ? { redirect: init.redirect } : {}),
          });
        } catch (error) {
          if (init?.signal?.aborted) throw error;
          // A typed failure of the fetch it was given (a refused target, a redirect too many) is final.
          if (error instanceof HttpFailure) throw error;
          const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
          lastFailure = new HttpFailure(
            timedOut ? 'timeout' : 'network',
            timedOut
              ? `${hostOf(url)} did not answer within ${Math.round(timeoutMs / 1000)} s`
              : `${hostOf(url)} could not be reached (${messageOf(error)})`,
          );
          wait = backoff(attempt);
          continue;
        }
        if (response.status === 304 && cached) {
          stats.notModified += 1;
          await discard(response);
          return answer(200, response.headers, cached.body, true);
        }
        if (isRateLimitAnswer(response.status, response.headers)) {
          await discard(response);
          const asked = retryAfterMs(response.headers.get('retry-after'), now()) ?? resetDelay(response.headers, now());
          lastFailure = new HttpFailure(
            'rate-limited',
            `${hostOf(url)} answered HTTP ${response.status}: rate limit`,
            response.status,
          );
          if (asked !== undefined && asked > maxWaitMs) {
            lastFailure = new HttpFailure(
              'rate-limited',
              `${hostOf(url)} asked to wait ${Math.ceil(asked / 1000)} s (more than ${Math.round(maxWaitMs / 1000)} s)`,
              response.status,
            );
            break;
          }
          wait = asked ?? backoff(attempt);
          // Everyone waits: the limit is the client's, not this request's.
          gate.pausedUntil = Math.max(gate.pausedUntil, now() + wait);
          continue;
        }
        if (response.status >= 500) {
          await discard(response);
          lastFailure = new HttpFailure('http', `${hostOf(url)} answered HTTP ${response.status}`, response.status);
          wait = retryAfterMs(response.headers.get('retry-after'), now()) ?? backoff(attempt);
          if (wait > maxWaitMs) break;
          continue;
        }
        if (init?.skipBody) {
          await discard(response);
          return answer(response.status, response.headers, '', false);
        }
        const body = await readCapped(response, maxBody, url);
        const etag = response.headers.get('etag');
        if (options.cache && etag && response.status === 200) await options.cache.set(url, { etag, body });
        return answer(response.status, response.headers, body, false);
      } catch (error) {
        if (error instanceof HttpFailure) {
          lastFailure = error;
          break;
        }
        throw error;
      } finally {
        gate.leave();
        if (wait !== undefined && attempt + 1 < attempts) await sleep(wait);
      }
    }
    stats.failures += 1;
    throw lastFailure;
  };

  return Object.assign(politeFetch, {
    stats: () => Object.fromEntries([...counters].map(([source, stats]) => [source, { ...stats }])),
  });
}

function answer(
  status: number,
  headers: { get(name: string): string | null },
  body: string,
  fromCache: boolean,
): PoliteResponse {
  return { status, headers, fromCache, text: () => Promise.resolve(body) };
}

/** GitHub's x-ratelimit-reset (epoch seconds) as a delay from now. */
function resetDelay(headers: { get(name: string): string | null }, now: number): number | undefined {
  const reset = Number(headers.get('x-ratelimit-reset'));
  return Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) : undefined;
}
