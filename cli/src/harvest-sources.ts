import {
  createPoliteFetch,
  politeUserAgent,
  type HarvestQuery,
  type HarvestSource,
  type SourceLimit,
  type SourceSettings,
} from '@sciai/core/sources';
import { createGuardedFetch, trustOrigins } from '@sciai/server/outbound';

/**
 * What `sciai harvest` needs to know of each source besides its client: where it is reached
 * (a variable may point it elsewhere), how fast it may be asked, and which options make a query.
 */

/** Where each source is reached; a variable of the same name points it elsewhere (a mirror, a fixture server). */
export const SOURCE_BASE_URL_VARIABLES: Record<HarvestSource, string> = {
  openalex: 'OPENALEX_BASE_URL',
  arxiv: 'ARXIV_BASE_URL',
  crossref: 'CROSSREF_BASE_URL',
  github: 'GITHUB_API_URL',
  huggingface: 'HUGGINGFACE_BASE_URL',
  biotools: 'BIOTOOLS_BASE_URL',
};

export const QUERY_HINT: Record<HarvestSource, string> = {
  openalex: '--search or --filter (or --input FILE)',
  arxiv: '--search or --ids (or --input FILE)',
  crossref: '--search or --filter (or --input FILE)',
  github: '--search, --topic or --repos (or --input FILE)',
  huggingface: '--search, --author or --tag (or --input FILE)',
  biotools: '--search or --topic (or --input FILE)',
};

export function hasQuery(source: HarvestSource, query: HarvestQuery): boolean {
  switch (source) {
    case 'openalex':
    case 'crossref':
      return Boolean(query.search || query.filter);
    case 'arxiv':
      return Boolean(query.search || query.ids);
    case 'github':
      return Boolean(query.search || query.topic || query.repos);
    case 'huggingface':
      return Boolean(query.search || query.author || query.tag);
    case 'biotools':
      return Boolean(query.search || query.topic);
  }
}

/**
 * The network as the sources see it: the polite HTTP layer (User-Agent naming SciAI and
 * PUBLIC_URL, the source's concurrency and request rate, Retry-After, backoff), and each source's
 * base URL, which a variable may point elsewhere. The layer retries, so the clients do not.
 */
const SOURCE_LIMITS: Record<HarvestSource, SourceLimit> = {
  openalex: { concurrency: 4, perSecond: 8 },
  // arXiv asks for one request every three seconds; the adapter spaces its pages as well.
  arxiv: { concurrency: 1, perSecond: 1 / 3 },
  crossref: { concurrency: 3, perSecond: 5 },
  github: { concurrency: 4, perSecond: 5 },
  huggingface: { concurrency: 4, perSecond: 5 },
  biotools: { concurrency: 2, perSecond: 2 },
};

export function sourceSettings(env: NodeJS.ProcessEnv, source: HarvestSource): SourceSettings {
  const seconds = Number(env.HARVEST_TIMEOUT_SECONDS);
  const timeoutMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
  const baseUrl = env[SOURCE_BASE_URL_VARIABLES[source]];
  // Public addresses only, but for the base URL the operator set (a mirror, a fixture server):
  // the answers name further URLs (pages, redirects), which are not the operator's choice.
  const polite = createPoliteFetch({
    fetch: createGuardedFetch({ trusts: trustOrigins([baseUrl]) }),
    userAgent: politeUserAgent(env.PUBLIC_URL),
    sourceOf: () => source,
    limits: { [source]: SOURCE_LIMITS[source] },
    timeoutMs,
  });
  const spacing = Number(env.ARXIV_SPACING_MS);
  return {
    fetch: polite,
    baseUrls: baseUrl ? { [source]: baseUrl } : undefined,
    openalexApiKey: env.OPENALEX_API_KEY,
    mailto: env.HARVEST_MAILTO,
    githubToken: env.GITHUB_TOKEN,
    huggingfaceToken: env.HF_TOKEN,
    arxivSpacingMs: Number.isFinite(spacing) && spacing >= 0 && env.ARXIV_SPACING_MS ? spacing : undefined,
  };
}
