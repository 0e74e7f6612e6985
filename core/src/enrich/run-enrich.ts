import type { PoliteFetch } from '../sources/http.ts';
import { enrichItem } from './enrich-item.ts';
import type { EnrichProgress, EnrichOptions } from './enrich-types.ts';
import { pageCache } from './page-cache.ts';

export type {
  EnrichLink,
  EnrichOptions,
  EnrichProgress,
  EnrichResult,
  EnrichStore,
  EnrichTarget,
} from './enrich-types.ts';

/**
 * One enrich run: pages of due items from the store, every due source of every item of a page
 * looked up at once (the polite layer keeps each source within its limits, and sources run side
 * by side), then the page's results written in one call. A failed lookup fails that item and
 * source with its reason; only the store failing stops the run.
 */

/** Runs enrich to the end (or its limit) and answers what it did. */
export async function runEnrich(options: EnrichOptions): Promise<EnrichProgress> {
  const { store } = options;
  const runId = await store.beginRun(options.sources, options.origin ?? 'cli');
  const progress: EnrichProgress = { runId, items: 0, updated: 0, failed: 0, errors: [] };
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const pageSize = Math.max(1, Math.min(options.pageSize ?? 200, 2000));
  let afterId: string | null = null;
  let lastRequests = 0;
  let lastNotModified = 0;
  try {
    while (progress.items < limit) {
      const page = await store.targets({
        sources: options.sources,
        staleSeconds: options.staleSeconds,
        maxItems: Math.min(pageSize, limit - progress.items),
        afterId,
        onlyRequested: options.onlyRequested ?? false,
      });
      if (page.length === 0) break;
      afterId = page[page.length - 1]!.id;
      const cache = await pageCache(store);
      const results = (await Promise.all(page.map((target) => enrichItem(target, options, cache.cache)))).flat();
      const totals = sumStats(options.fetch, options.linkFetch);
      await store.recordBatch(runId, results, totals.requests - lastRequests, totals.notModified - lastNotModified);
      await cache.flush();
      lastRequests = totals.requests;
      lastNotModified = totals.notModified;
      progress.items += page.length;
      for (const result of results) {
        if (result.ok) progress.updated += 1;
        else {
          progress.failed += 1;
          const slug = page.find((target) => target.id === result.id)?.slug ?? result.id;
          if (progress.errors.length < 50)
            progress.errors.push({ slug, source: result.source, message: result.error ?? 'failed' });
        }
      }
      options.onPage?.({ ...progress, errors: [...progress.errors] });
      if (page.length < Math.min(pageSize, limit)) break;
    }
    await store.finishRun(runId);
  } catch (error) {
    await store.finishRun(runId, error instanceof Error ? error.message : String(error)).catch(() => {});
    throw error;
  }
  return progress;
}

function sumStats(fetch: PoliteFetch, linkFetch?: PoliteFetch): { requests: number; notModified: number } {
  let requests = 0;
  let notModified = 0;
  for (const layer of linkFetch && linkFetch !== fetch ? [fetch, linkFetch] : [fetch]) {
    for (const stats of Object.values(layer.stats())) {
      requests += stats.requests;
      notModified += stats.notModified;
    }
  }
  return { requests, notModified };
}
