import type { CachedAnswer, ConditionalCache, PoliteFetch } from '../sources/http.ts';
import type { EnrichStore } from './enrich-types.ts';

/**
 * The ETag cache of one page: lookups are gathered for a moment and read in one call, new
 * entries are written together after the page.
 */
export async function pageCache(
  store: EnrichStore,
): Promise<{ cache: ConditionalCache | undefined; flush(): Promise<void> }> {
  const { cacheGet, cachePut } = store;
  if (!cacheGet || !cachePut) return { cache: undefined, flush: async () => {} };
  const pending = new Map<string, CachedAnswer>();
  let queue: Array<{ url: string; resolve: (answer: CachedAnswer | undefined) => void }> = [];
  let scheduled = false;
  const drain = async () => {
    const batch = queue;
    queue = [];
    scheduled = false;
    const found = await cacheGet.call(store, [...new Set(batch.map((entry) => entry.url))]).catch(() => ({}));
    for (const entry of batch) entry.resolve((found as Record<string, CachedAnswer>)[entry.url]);
  };
  return {
    cache: {
      get: (url) =>
        new Promise((resolve) => {
          queue.push({ url, resolve });
          if (!scheduled) {
            scheduled = true;
            setTimeout(() => void drain(), 5);
          }
        }),
      set: (url, answer) => {
        if (answer.body.length <= 262_144) pending.set(url, answer);
      },
    },
    flush: async () => {
      if (pending.size === 0) return;
      const entries = [...pending].map(([url, answer]) => ({ url, ...answer }));
      pending.clear();
      await cachePut.call(store, entries);
    },
  };
}

export function withCache(fetch: PoliteFetch, cache: ConditionalCache | undefined): PoliteFetch {
  if (!cache) return fetch;
  // The layer's cache is set when it is made; a page's cache is passed by header to a fresh view.
  const cached = async (url: string, init?: Parameters<PoliteFetch>[1]) => {
    const hit = await cache.get(url);
    const response = await fetch(url, {
      ...init,
      headers: { ...init?.headers, ...(hit ? { 'if-none-match': hit.etag } : {}) },
    });
    if (response.status === 304 && hit) {
      return { ...response, status: 200, fromCache: true, text: () => Promise.resolve(hit.body) };
    }
    const etag = response.headers.get('etag');
    if (etag && response.status === 200) {
      const text = await response.text();
      await cache.set(url, { etag, body: text });
      return { ...response, text: () => Promise.resolve(text) };
    }
    return response;
  };
  return Object.assign(cached, { stats: fetch.stats });
}
