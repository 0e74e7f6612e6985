import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSourceFixtureServer, type SourceFixtureServer } from '../../../tests/support/source-fixture-server.ts';
import {
  createPoliteFetch,
  getJson,
  HttpFailure,
  politeUserAgent,
  type CachedAnswer,
  type PoliteHttpOptions,
} from './http.ts';
import { fetchRepo } from './github/client.ts';
import { retryAfterMs } from './source-fetch.ts';

let server: SourceFixtureServer;
const repo = { full_name: 'octo/hello', stargazers_count: 42 };

beforeAll(async () => {
  server = await startSourceFixtureServer({
    handlers: {
      github: (request) => {
        if (request.path.startsWith('/repos/octo/hello')) return { body: repo };
        if (request.path.startsWith('/echo-agent')) return { body: { agent: request.headers['user-agent'] } };
        return undefined;
      },
    },
  });
});
afterAll(() => server.close());
beforeEach(() => server.clearFaults());

/** Real waits are short here: Retry-After of 1 s is honoured for real, backoff is a few ms. */
function polite(extra: Partial<PoliteHttpOptions> = {}) {
  return createPoliteFetch({
    fetch: (url, init) => fetch(url, init),
    userAgent: politeUserAgent('https://sciai.example.org'),
    sourceOf: (url) => server.sourceOf(url),
    backoffMs: 5,
    attempts: 4,
    timeoutMs: 2_000,
    ...extra,
  });
}

describe('the polite HTTP layer', () => {
  it('names SciAI and the public address in the User-Agent', async () => {
    const { json } = await getJson(polite(), `${server.baseUrl('github')}/echo-agent`);
    expect(json).toEqual({ agent: 'SciAI/0.1 (+https://sciai.example.org)' });
  });

  it('reads a JSON answer', async () => {
    const { status, json } = await getJson(polite(), `${server.baseUrl('github')}/repos/octo/hello`);
    expect(status).toBe(200);
    expect(json).toEqual(repo);
  });

  it('waits as long as a 429 Retry-After asks, then succeeds', async () => {
    server.fault('github', { kind: '429', times: 1, retryAfterSeconds: 1, match: '/repos/octo/hello' });
    const waits: number[] = [];
    const fetcher = polite({
      sleep: (ms) => {
        waits.push(ms);
        return new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50)));
      },
    });
    const { json } = await getJson(fetcher, `${server.baseUrl('github')}/repos/octo/hello`);
    expect(json).toEqual(repo);
    expect(waits.some((ms) => ms >= 900 && ms <= 1000)).toBe(true);
    expect(fetcher.stats().github).toMatchObject({ retries: 1, failures: 0 });
  });

  it("honours GitHub's secondary limit (403, x-ratelimit-remaining: 0) until x-ratelimit-reset", async () => {
    server.fault('github', { kind: 'secondary-limit', times: 1, retryAfterSeconds: 2, match: '/repos/octo/hello' });
    const waits: number[] = [];
    // The wait asked for is recorded; sleeping it out for real (2 s) would show nothing more.
    const fetcher = polite({
      sleep: (ms) => {
        waits.push(ms);
        return new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50)));
      },
    });
    const { json } = await getJson(fetcher, `${server.baseUrl('github')}/repos/octo/hello`);
    expect(json).toEqual(repo);
    expect(waits.some((ms) => ms > 500)).toBe(true);
  });

  it('gives up at once when the limit resets later than the longest wait allowed', async () => {
    server.fault('github', { kind: 'secondary-limit', retryAfterSeconds: 3600, match: '/repos/octo/hello' });
    const failure = await getJson(polite(), `${server.baseUrl('github')}/repos/octo/hello`).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpFailure);
    expect((failure as HttpFailure).kind).toBe('rate-limited');
    expect(server.counts('github').requests).toBeGreaterThan(0);
  });

  it('retries a 502 with backoff and succeeds', async () => {
    server.fault('github', { kind: '502', times: 2, match: '/repos/octo/hello' });
    const fetcher = polite();
    const { json } = await getJson(fetcher, `${server.baseUrl('github')}/repos/octo/hello`);
    expect(json).toEqual(repo);
    expect(fetcher.stats().github?.retries).toBe(2);
  });

  it('fails with the last status after its attempts on a 502 that does not cure', async () => {
    server.fault('github', { kind: '502', match: '/repos/octo/hello' });
    const failure = await getJson(polite({ attempts: 3 }), `${server.baseUrl('github')}/repos/octo/hello`).catch(
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ kind: 'http', status: 502 });
  });

  it('times out a request that hangs, retries it, and fails as a timeout', async () => {
    server.fault('github', { kind: 'timeout', match: '/repos/octo/hello' });
    const failure = await getJson(
      polite({ attempts: 2, timeoutMs: 300 }),
      `${server.baseUrl('github')}/repos/octo/hello`,
    ).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'timeout' });
  });

  it('recovers when a hang is followed by an answer', async () => {
    server.fault('github', { kind: 'timeout', times: 1, match: '/repos/octo/hello' });
    const { json } = await getJson(polite({ timeoutMs: 300 }), `${server.baseUrl('github')}/repos/octo/hello`);
    expect(json).toEqual(repo);
  });

  it('types malformed JSON as a failure of that request', async () => {
    server.fault('github', { kind: 'malformed', times: 1, match: '/repos/octo/hello' });
    const failure = await getJson(polite(), `${server.baseUrl('github')}/repos/octo/hello`).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'malformed' });
  });

  it('treats absurdly deep JSON as malformed, not as a crash', async () => {
    server.fault('github', { kind: 'deep-json', times: 1, match: '/repos/octo/hello' });
    const result = await getJson(polite(), `${server.baseUrl('github')}/repos/octo/hello`).then(
      () => 'parsed',
      (e: unknown) => (e instanceof HttpFailure ? e.kind : 'other'),
    );
    // V8 parses nested arrays iteratively up to its limits; either outcome is a clean one.
    expect(['parsed', 'malformed']).toContain(result);
  });

  it('stops reading a body larger than the limit', async () => {
    server.fault('github', { kind: 'huge', times: 1, match: '/repos/octo/hello' });
    const failure = await getJson(
      polite({ maxBodyBytes: 1024 * 1024 }),
      `${server.baseUrl('github')}/repos/octo/hello`,
    ).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'too-large' });
  });

  it('revalidates with If-None-Match and serves the cached body on 304', async () => {
    const store = new Map<string, CachedAnswer>();
    const cache = {
      get: (url: string) => store.get(url),
      set: (url: string, a: CachedAnswer) => void store.set(url, a),
    };
    const before = server.counts('github').notModified;
    const first = polite({ cache });
    await getJson(first, `${server.baseUrl('github')}/repos/octo/hello`);
    expect(store.size).toBe(1);
    const second = polite({ cache });
    const response = await second(`${server.baseUrl('github')}/repos/octo/hello`);
    expect(response.fromCache).toBe(true);
    expect(JSON.parse(await response.text())).toEqual(repo);
    expect(server.counts('github').notModified).toBe(before + 1);
    expect(second.stats().github?.notModified).toBe(1);
  });

  it('keeps a source within its requests per second and its concurrency', async () => {
    let inFlight = 0;
    let peak = 0;
    const fetcher = polite({
      limits: { github: { concurrency: 2, perSecond: 20 } },
      fetch: async (url, init) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        try {
          return await fetch(url, init);
        } finally {
          inFlight -= 1;
        }
      },
    });
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 10 }, () => getJson(fetcher, `${server.baseUrl('github')}/repos/octo/hello`)),
    );
    // 10 starts spaced 50 ms apart take at least 450 ms: a lower bound, not a speed limit.
    expect(Date.now() - started).toBeGreaterThanOrEqual(440);
    expect(peak).toBeLessThanOrEqual(2);
  });

  it('is what makes a source client wait out limits and retry: the client itself asks once', async () => {
    const waits: number[] = [];
    const fetcher = polite({
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    const github = { fetch: fetcher, baseUrl: server.baseUrl('github') };
    server.fault('github', { kind: '429', times: 1, retryAfterSeconds: 2, match: '/repos/octo/hello' });
    expect(await fetchRepo('octo', 'hello', github)).toEqual(repo);
    expect(waits.some((ms) => ms > 1000 && ms <= 2000)).toBe(true);
    expect(fetcher.stats().github).toMatchObject({ requests: 2, retries: 1 });
    server.fault('github', { kind: '502', times: 2, match: '/repos/octo/hello' });
    expect(await fetchRepo('octo', 'hello', github)).toEqual(repo);
    expect(fetcher.stats().github).toMatchObject({ requests: 5, retries: 3 });
    server.fault('github', { kind: '502', match: '/repos/octo/hello' });
    await expect(fetchRepo('octo', 'hello', github)).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(fetcher.stats().github).toMatchObject({ failures: 1 });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('a typed failure of the fetch it is given', () => {
  it('is final: a refused target is asked once and its refusal reaches the caller as it was', async () => {
    let calls = 0;
    const layer = polite({
      fetch: async () => {
        calls += 1;
        throw new HttpFailure('refused', '127.0.0.1:5432 is not a public address');
      },
    });
    const error = await layer('http://127.0.0.1:5432/').then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(HttpFailure);
    expect(error).toMatchObject({ kind: 'refused', message: '127.0.0.1:5432 is not a public address' });
    expect(calls).toBe(1);
    expect(Object.values(layer.stats())).toEqual([{ requests: 1, notModified: 0, retries: 0, failures: 1 }]);
  });
});
