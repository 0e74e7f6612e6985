import {
  createPoliteFetch,
  ENRICH_SOURCES,
  parseStaleAge,
  politeUserAgent,
  type EnrichSource,
  type PoliteFetch,
  type SourceLimit,
} from '@sciai/core/enrich';
import { createGuardedFetch, refusalOf, trustHosts, trustOrigins } from '../outbound/guarded-fetch.ts';

/**
 * What an enrich run needs from the environment, for the CLI and the server's scheduled job
 * alike: each source's base URL (a mirror or a fixture server), the polite limits, the
 * User-Agent naming PUBLIC_URL, and what each kind of request may reach. Both go through the
 * guarded fetch (public addresses only): the sources' requests may also reach the base URLs the
 * operator set, the link checks (URLs from the catalog, written by anyone who can submit an
 * item) only the hosts of ENRICH_LINK_ALLOW_HOSTS.
 */

/** Per-source limits, well inside what each API documents (GitHub: 5,000 requests/hour with a token). */
export const ENRICH_LIMITS: Record<EnrichSource, SourceLimit> = {
  github: { concurrency: 4, perSecond: 1.3 },
  openalex: { concurrency: 5, perSecond: 8 },
  crossref: { concurrency: 3, perSecond: 5 },
  huggingface: { concurrency: 4, perSecond: 5 },
  links: { concurrency: 8, perSecond: 10 },
};

export const ENRICH_BASE_URL_VARIABLES: Record<Exclude<EnrichSource, 'links'>, string> = {
  github: 'GITHUB_API_URL',
  openalex: 'OPENALEX_BASE_URL',
  crossref: 'CROSSREF_BASE_URL',
  huggingface: 'HUGGINGFACE_BASE_URL',
};
const DEFAULT_BASE_URLS: Record<Exclude<EnrichSource, 'links'>, string> = {
  github: 'https://api.github.com',
  openalex: 'https://api.openalex.org',
  crossref: 'https://api.crossref.org',
  huggingface: 'https://huggingface.co',
};

export const DEFAULT_STALE_SECONDS = 7 * 86_400;

export interface EnrichSettings {
  /** The sources' requests. */
  fetch: PoliteFetch;
  /** The link checks' requests. */
  linkFetch: PoliteFetch;
  baseUrls: Record<Exclude<EnrichSource, 'links'>, string>;
  githubToken: string | undefined;
  mailto: string | undefined;
  staleSeconds: number;
  vetLink: (url: URL) => Promise<string | undefined>;
  /** Requests of both, per source. */
  stats(): ReturnType<PoliteFetch['stats']>;
  /** Closes the kept-alive connections. */
  close(): Promise<void>;
}

type Env = Record<string, string | undefined>;

/** `github=4/1.3,links=8/10` (concurrency/requests per second) over the defaults. */
export function parseEnrichLimits(value: string | undefined): Record<EnrichSource, SourceLimit> {
  const limits = { ...ENRICH_LIMITS };
  for (const part of (value ?? '').split(',')) {
    const match = part.trim().match(/^([a-z]+)=(\d{1,3})\/(\d{1,4}(?:\.\d+)?)$/);
    if (!match || !ENRICH_SOURCES.includes(match[1] as EnrichSource)) continue;
    const concurrency = Number(match[2]);
    const perSecond = Number(match[3]);
    if (concurrency >= 1 && perSecond > 0) limits[match[1] as EnrichSource] = { concurrency, perSecond };
  }
  return limits;
}

export function enrichSettings(env: Env): EnrichSettings {
  const baseUrls = { ...DEFAULT_BASE_URLS };
  const configured: string[] = [];
  for (const [source, variable] of Object.entries(ENRICH_BASE_URL_VARIABLES)) {
    const value = env[variable]?.trim();
    if (value && /^https?:\/\//.test(value)) {
      baseUrls[source as keyof typeof baseUrls] = value;
      configured.push(value);
    }
  }
  const origins = new Map(Object.entries(baseUrls).map(([source, url]) => [new URL(url).origin, source]));
  const timeout = Number(env.ENRICH_TIMEOUT_SECONDS);
  const limits = parseEnrichLimits(env.ENRICH_LIMITS);
  const common = {
    userAgent: politeUserAgent(env.PUBLIC_URL),
    limits,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout * 1000 : 20_000,
  };
  const sourceNetwork = createGuardedFetch({ trusts: trustOrigins(configured) });
  const fetch = createPoliteFetch({
    ...common,
    fetch: sourceNetwork,
    sourceOf: (url) => {
      try {
        return origins.get(new URL(url).origin) ?? 'links';
      } catch {
        return 'links';
      }
    },
  });
  const allowed = trustHosts(env.ENRICH_LINK_ALLOW_HOSTS);
  const linkNetwork = createGuardedFetch({ trusts: allowed });
  const linkFetch = createPoliteFetch({ ...common, fetch: linkNetwork, sourceOf: () => 'links' });
  const stale = env.ENRICH_STALE ? parseStaleAge(env.ENRICH_STALE) : undefined;
  return {
    fetch,
    linkFetch,
    baseUrls,
    githubToken: env.GITHUB_TOKEN || undefined,
    mailto: env.HARVEST_MAILTO || undefined,
    staleSeconds: stale ?? DEFAULT_STALE_SECONDS,
    vetLink: linkVetter(allowed),
    stats: () => mergeStats(fetch.stats(), linkFetch.stats()),
    close: async () => {
      await Promise.all([sourceNetwork.close(), linkNetwork.close()]);
    },
  };
}

function mergeStats(...layers: Array<ReturnType<PoliteFetch['stats']>>): ReturnType<PoliteFetch['stats']> {
  const merged: ReturnType<PoliteFetch['stats']> = {};
  for (const layer of layers) {
    for (const [source, stats] of Object.entries(layer)) {
      const into = (merged[source] ??= { requests: 0, notModified: 0, retries: 0, failures: 0 });
      into.requests += stats.requests;
      into.notModified += stats.notModified;
      into.retries += stats.retries;
      into.failures += stats.failures;
    }
  }
  return merged;
}

/**
 * The link checker's first look at each hop, before it waits for its turn: a URL the guarded
 * fetch would refuse without asking DNS (an address that is not public, a private name) is
 * refused at once. Names are judged when the connection resolves them, once. Listed hosts
 * (host or host:port, for a test's fixture server) pass.
 */
export function linkVetter(allowed: (url: URL) => boolean): (url: URL) => Promise<string | undefined> {
  return async (url) => (allowed(url) ? undefined : refusalOf(url));
}
