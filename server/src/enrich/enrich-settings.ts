import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  createPoliteFetch,
  ENRICH_SOURCES,
  isPrivateAddress,
  parseStaleAge,
  politeUserAgent,
  type EnrichSource,
  type PoliteFetch,
  type SourceLimit,
} from '@sciai/core/enrich';

/**
 * What an enrich run needs from the environment, for the CLI and the server's scheduled job
 * alike: each source's base URL (a mirror or a fixture server), the polite limits, the
 * User-Agent naming PUBLIC_URL, and the link checker's guard against private addresses.
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
  fetch: PoliteFetch;
  baseUrls: Record<Exclude<EnrichSource, 'links'>, string>;
  githubToken: string | undefined;
  mailto: string | undefined;
  staleSeconds: number;
  vetLink: (url: URL) => Promise<string | undefined>;
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
  for (const [source, variable] of Object.entries(ENRICH_BASE_URL_VARIABLES)) {
    const value = env[variable]?.trim();
    if (value && /^https?:\/\//.test(value)) baseUrls[source as keyof typeof baseUrls] = value;
  }
  const origins = new Map(Object.entries(baseUrls).map(([source, url]) => [new URL(url).origin, source]));
  const timeout = Number(env.ENRICH_TIMEOUT_SECONDS);
  const fetch = createPoliteFetch({
    fetch: (url, init) => globalThis.fetch(url, init),
    userAgent: politeUserAgent(env.PUBLIC_URL),
    limits: parseEnrichLimits(env.ENRICH_LIMITS),
    sourceOf: (url) => {
      try {
        return origins.get(new URL(url).origin) ?? 'links';
      } catch {
        return 'links';
      }
    },
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout * 1000 : 20_000,
  });
  const stale = env.ENRICH_STALE ? parseStaleAge(env.ENRICH_STALE) : undefined;
  return {
    fetch,
    baseUrls,
    githubToken: env.GITHUB_TOKEN || undefined,
    mailto: env.HARVEST_MAILTO || undefined,
    staleSeconds: stale ?? DEFAULT_STALE_SECONDS,
    vetLink: linkVetter(allowedHosts(env.ENRICH_LINK_ALLOW_HOSTS)),
  };
}

function allowedHosts(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * Refuses a link whose host is, or resolves to, a private, loopback or link-local address:
 * checking links must not become a way into the server's own network. Hosts in the allow-list
 * (host or host:port, for a test's fixture server) pass.
 */
export function linkVetter(allow: Set<string>): (url: URL) => Promise<string | undefined> {
  return async (url) => {
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (allow.has(url.host.toLowerCase()) || allow.has(host)) return undefined;
    if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local'))
      return 'Private address';
    if (isIP(host)) return isPrivateAddress(host) ? 'Private address' : undefined;
    try {
      const addresses = await lookup(host, { all: true, verbatim: true });
      if (addresses.length === 0) return 'Host not found';
      return addresses.some((entry) => isPrivateAddress(entry.address)) ? 'Private address' : undefined;
    } catch {
      return 'Host not found';
    }
  };
}
