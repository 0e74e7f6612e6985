import { fetchCrossrefWork } from '../sources/crossref/client.ts';
import { fetchLatestRelease, fetchRepo } from '../sources/github/client.ts';
import { getJson, type CachedAnswer, type ConditionalCache, type PoliteFetch } from '../sources/http.ts';
import { fetchWork } from '../sources/openalex/client.ts';
import { checkLink, type LinkCheckOptions, type LinkResult } from './link-check.ts';
import {
  githubRepoOf,
  huggingfaceRepoOf,
  readCrossrefCitations,
  readGithubRelease,
  readGithubRepo,
  readHuggingfaceRepo,
  readOpenAlexCitations,
  type EnrichSource,
  type Signal,
} from './signals.ts';

/**
 * One enrich run: pages of due items from the store, every due source of every item of a page
 * looked up at once (the polite layer keeps each source within its limits, and sources run side
 * by side), then the page's results written in one call. A failed lookup fails that item and
 * source with its reason; only the store failing stops the run.
 */

export interface EnrichTarget {
  id: string;
  slug: string;
  homepage: string | null;
  repository: string | null;
  doi: string | null;
  openalex: string | null;
  huggingface: string | null;
  sources: EnrichSource[];
}

export interface EnrichLink {
  link: 'homepage' | 'repository';
  url: string;
  ok: boolean;
  status?: number;
  final_url?: string;
  error?: string;
  ms: number;
}

export interface EnrichResult {
  id: string;
  source: EnrichSource;
  ok: boolean;
  error?: string;
  signals?: Signal[];
  links?: EnrichLink[];
}

/** Where enrich reads its work and writes its results (RPCs in 12_signals.sql). */
export interface EnrichStore {
  beginRun(sources: EnrichSource[], origin: 'cli' | 'schedule' | 'recheck'): Promise<string>;
  targets(query: {
    sources: EnrichSource[];
    staleSeconds: number;
    maxItems: number;
    afterId: string | null;
    onlyRequested: boolean;
  }): Promise<EnrichTarget[]>;
  recordBatch(runId: string, results: EnrichResult[], requests: number, notModified: number): Promise<void>;
  finishRun(runId: string, error?: string): Promise<void>;
  cacheGet?(urls: string[]): Promise<Record<string, CachedAnswer>>;
  cachePut?(entries: Array<CachedAnswer & { url: string }>): Promise<void>;
}

export interface EnrichOptions {
  store: EnrichStore;
  fetch: PoliteFetch;
  sources: EnrichSource[];
  staleSeconds: number;
  /** Most items looked at in this run. */
  limit?: number;
  /** Items per page (one write per page). */
  pageSize?: number;
  origin?: 'cli' | 'schedule' | 'recheck';
  onlyRequested?: boolean;
  baseUrls?: Partial<Record<EnrichSource, string>>;
  githubToken?: string;
  openalexMailto?: string;
  vetLink: LinkCheckOptions['vet'];
  onPage?: (progress: EnrichProgress) => void;
}

export interface EnrichProgress {
  runId: string;
  items: number;
  updated: number;
  failed: number;
  errors: Array<{ slug: string; source: EnrichSource; message: string }>;
}

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
      const totals = sumStats(options.fetch);
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

function sumStats(fetch: PoliteFetch): { requests: number; notModified: number } {
  let requests = 0;
  let notModified = 0;
  for (const stats of Object.values(fetch.stats())) {
    requests += stats.requests;
    notModified += stats.notModified;
  }
  return { requests, notModified };
}

/**
 * The ETag cache of one page: lookups are gathered for a moment and read in one call, new
 * entries are written together after the page.
 */
async function pageCache(store: EnrichStore): Promise<{ cache: ConditionalCache | undefined; flush(): Promise<void> }> {
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

function withCache(fetch: PoliteFetch, cache: ConditionalCache | undefined): PoliteFetch {
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

async function enrichItem(
  target: EnrichTarget,
  options: EnrichOptions,
  cache: ConditionalCache | undefined,
): Promise<EnrichResult[]> {
  const fetch = withCache(options.fetch, cache);
  const due = new Set(target.sources.filter((source) => options.sources.includes(source)));
  const jobs: Array<Promise<EnrichResult[]>> = [];
  const attempt = async (source: EnrichSource, work: () => Promise<Omit<EnrichResult, 'id' | 'source'>>) => {
    try {
      return { id: target.id, source, ...(await work()) };
    } catch (error) {
      return { id: target.id, source, ok: false, error: reasonOf(error) };
    }
  };
  const clientOptions = { fetch, attempts: 1 };
  if (due.has('github')) {
    jobs.push(
      attempt('github', async () => {
        const repo = githubRepoOf(target.repository);
        if (!repo) return { ok: false, error: 'No GitHub repository in the item' };
        const github = {
          ...clientOptions,
          baseUrl: options.baseUrls?.github,
          token: options.githubToken,
        };
        const [body, release] = await Promise.all([
          fetchRepo(repo.owner, repo.name, github),
          fetchLatestRelease(repo.owner, repo.name, github),
        ]);
        if (body === null) return { ok: false, error: `GitHub does not know ${repo.owner}/${repo.name}` };
        return { ok: true, signals: [...readGithubRepo(body), ...readGithubRelease(release)] };
      }).then((result) => [result]),
    );
  }
  if (due.has('openalex') || due.has('crossref')) {
    jobs.push(citations(target, due, options, fetch, attempt));
  }
  if (due.has('huggingface')) {
    jobs.push(
      attempt('huggingface', async () => {
        const repo = huggingfaceRepoOf(target.huggingface);
        if (!repo) return { ok: false, error: 'No Hugging Face id in the item' };
        const base = options.baseUrls?.huggingface ?? 'https://huggingface.co';
        const path = `/api/${repo.kind}/${repo.id.split('/').map(encodeURIComponent).join('/')}`;
        const { json } = await getJson(fetch, new URL(path, base).toString());
        if (json === null) return { ok: false, error: `Hugging Face does not know ${repo.id}` };
        return { ok: true, signals: readHuggingfaceRepo(json) };
      }).then((result) => [result]),
    );
  }
  if (due.has('links')) {
    jobs.push(
      attempt('links', async () => {
        const links: EnrichLink[] = [];
        const check = async (link: EnrichLink['link'], url: string | null) => {
          if (!url) return;
          const result: LinkResult = await checkLink(url, { fetch: options.fetch, vet: options.vetLink });
          links.push({
            link,
            url: result.url,
            ok: result.ok,
            ms: result.ms,
            ...(result.status !== undefined ? { status: result.status } : {}),
            ...(result.finalUrl ? { final_url: result.finalUrl } : {}),
            ...(result.error ? { error: result.error } : {}),
          });
        };
        await Promise.all([
          check('homepage', target.homepage),
          check('repository', target.repository !== target.homepage ? target.repository : null),
        ]);
        return { ok: true, links };
      }).then((result) => [result]),
    );
  }
  return (await Promise.all(jobs)).flat();
}

/** Citations from OpenAlex, and from Crossref when OpenAlex has no answer for the DOI. */
async function citations(
  target: EnrichTarget,
  due: Set<EnrichSource>,
  options: EnrichOptions,
  fetch: PoliteFetch,
  attempt: (source: EnrichSource, work: () => Promise<Omit<EnrichResult, 'id' | 'source'>>) => Promise<EnrichResult>,
): Promise<EnrichResult[]> {
  const results: EnrichResult[] = [];
  if (due.has('openalex')) {
    const openalex = await attempt('openalex', async () => {
      const id = target.openalex ?? target.doi;
      if (!id) return { ok: false, error: 'No DOI or OpenAlex id in the item' };
      const work = await fetchWork(id, {
        fetch,
        attempts: 1,
        baseUrl: options.baseUrls?.openalex,
        mailto: options.openalexMailto,
      });
      if (work === null) return { ok: false, error: `OpenAlex does not know ${id}` };
      return { ok: true, signals: readOpenAlexCitations(work) };
    });
    results.push(openalex);
    if (openalex.ok) return results;
  }
  if (target.doi && (due.has('crossref') || due.has('openalex'))) {
    const doi = target.doi;
    results.push(
      await attempt('crossref', async () => {
        const work = await fetchCrossrefWork(doi, {
          fetch,
          attempts: 1,
          baseUrl: options.baseUrls?.crossref,
          mailto: options.openalexMailto,
        });
        if (work === null) return { ok: false, error: `Crossref does not know ${doi}` };
        return { ok: true, signals: readCrossrefCitations(work) };
      }),
    );
  }
  return results;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
