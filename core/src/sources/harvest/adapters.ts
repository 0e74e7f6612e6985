import { listArxivEntries, readArxivPage, ARXIV_REQUEST_SPACING_MS } from '../arxiv/client.ts';
import { mapArxivEntry } from '../arxiv/map-entry.ts';
import { listBiotools, readBiotoolsPage } from '../biotools/client.ts';
import { mapBiotoolPublications } from '../biotools/map-publications.ts';
import { mapBiotool } from '../biotools/map-tool.ts';
import { listCrossrefWorks, readCrossrefPage } from '../crossref/client.ts';
import { mapCrossrefWork } from '../crossref/map-work.ts';
import { fetchLatestRelease, listGithubRepos, readGithubSearchPage } from '../github/client.ts';
import { mapGithubRepo } from '../github/map-repo.ts';
import { field, textField, type HarvestSource } from '../harvest-item.ts';
import { listHuggingfaceRepos, type HuggingfaceKind } from '../huggingface/client.ts';
import { mapHuggingfaceRepo } from '../huggingface/map-repo.ts';
import { listOpenAlexWorks, readWorksPage, type SourcePage } from '../openalex/client.ts';
import { mapOpenAlexWork } from '../openalex/map-work.ts';
import { parseJsonText, SourceError, type SourceFetch } from '../source-fetch.ts';
import type { HarvestAdapter } from './run-harvest.ts';

/** What `sciai harvest` may ask a source, one set of options for all (each takes what it knows). */
export interface HarvestQuery {
  search?: string;
  filter?: string;
  topic?: string;
  repos?: string[];
  ids?: string[];
  author?: string;
  tag?: string;
  kind?: HuggingfaceKind;
  since?: string;
  perPage?: number;
}

/** How to reach the sources: a fetch function, base URLs (fixture servers, mirrors) and credentials. */
export interface SourceSettings {
  fetch: SourceFetch;
  baseUrls?: Partial<Record<HarvestSource, string>>;
  openalexApiKey?: string;
  mailto?: string;
  githubToken?: string;
  huggingfaceToken?: string;
  /** How to wait between arXiv pages (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Spacing between arXiv requests; three seconds unless a test says otherwise. */
  arxivSpacingMs?: number;
}

/** The query as recorded with the run: only what was given, so the same harvest resumes. */
export function recordedQuery(query: HarvestQuery): Record<string, string | number | string[]> {
  const recorded: Record<string, string | number | string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    recorded[key] = value;
  }
  return recorded;
}

/** The network adapter of a source. */
export function createSourceAdapter(
  source: HarvestSource,
  query: HarvestQuery,
  settings: SourceSettings,
): HarvestAdapter {
  const base = {
    fetch: settings.fetch,
    baseUrl: settings.baseUrls?.[source],
  };
  const recorded = recordedQuery(query);
  switch (source) {
    case 'openalex':
      return {
        source,
        query: recorded,
        nextPage: (cursor) =>
          listOpenAlexWorks(query, cursor, { ...base, apiKey: settings.openalexApiKey, mailto: settings.mailto }),
        map: mapOpenAlexWork,
      };
    case 'crossref':
      return {
        source,
        query: recorded,
        nextPage: (cursor) =>
          listCrossrefWorks({ ...query, query: query.search }, cursor, { ...base, mailto: settings.mailto }),
        map: mapCrossrefWork,
      };
    case 'arxiv': {
      let last = Number.NEGATIVE_INFINITY;
      const now = settings.now ?? Date.now;
      const sleep = settings.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
      const spacing = settings.arxivSpacingMs ?? ARXIV_REQUEST_SPACING_MS;
      return {
        source,
        query: recorded,
        nextPage: async (cursor) => {
          const wait = last + spacing - now();
          if (wait > 0) await sleep(wait);
          last = now();
          return listArxivEntries(query, cursor, base);
        },
        map: mapArxivEntry,
      };
    }
    case 'github': {
      const options = { ...base, token: settings.githubToken };
      return {
        source,
        query: recorded,
        nextPage: (cursor) => listGithubRepos(query, cursor, options),
        map: async (record) => {
          const [owner, name] = (textField(record, 'full_name') ?? '').split('/');
          const release = owner && name ? await fetchLatestRelease(owner, name, options).catch(() => null) : null;
          return mapGithubRepo(record, release);
        },
      };
    }
    case 'huggingface': {
      const kind = query.kind ?? 'models';
      return {
        source,
        query: recorded,
        nextPage: (cursor) => listHuggingfaceRepos(query, cursor, { ...base, token: settings.huggingfaceToken }),
        map: (record) => mapHuggingfaceRepo(record, kind),
      };
    }
    case 'biotools':
      return {
        source,
        query: recorded,
        nextPage: (cursor) => listBiotools(query, cursor, base),
        map: mapBiotool,
        related: mapBiotoolPublications,
      };
  }
}

/**
 * An adapter over a saved API response (`--input`): the answer a source gives to the request its
 * network adapter makes (JSON, or Atom for arXiv), read as one page. For sites that cannot reach
 * the sources, and for CI.
 */
export function createSavedResponseAdapter(
  source: HarvestSource,
  text: string,
  query: Record<string, string | number | string[]>,
  kind: HuggingfaceKind = 'models',
): HarvestAdapter {
  const page = readSavedResponse(source, text);
  const maps: Record<HarvestSource, HarvestAdapter['map']> = {
    openalex: mapOpenAlexWork,
    arxiv: mapArxivEntry,
    crossref: mapCrossrefWork,
    github: (record) => mapGithubRepo(record),
    huggingface: (record) => mapHuggingfaceRepo(record, kind),
    biotools: mapBiotool,
  };
  return {
    source,
    query,
    nextPage: () => Promise.resolve(page),
    map: maps[source],
    ...(source === 'biotools' ? { related: mapBiotoolPublications } : {}),
  };
}

/** A saved response as one page of records; throws SourceError when it is not that source's format. */
export function readSavedResponse(source: HarvestSource, text: string): SourcePage {
  if (source === 'arxiv') return { records: readArxivPage(text).records, nextCursor: null };
  const body = parseJsonText(text, 'the input file');
  const asList = (records: unknown[]) => ({ records, nextCursor: null });
  switch (source) {
    case 'openalex':
      if (Array.isArray(body)) return asList(body);
      if (Array.isArray(field(body, 'results'))) return asList(readWorksPage(body).records);
      if (typeof field(body, 'id') === 'string') return asList([body]);
      break;
    case 'crossref':
      if (typeof field(body, 'message') === 'object') return asList(readCrossrefPage(body).records);
      break;
    case 'github':
      if (Array.isArray(body)) return asList(body);
      if (Array.isArray(field(body, 'items'))) return asList(readGithubSearchPage(body, 1, 1).records);
      if (typeof field(body, 'full_name') === 'string') return asList([body]);
      break;
    case 'huggingface':
      if (Array.isArray(body)) return asList(body);
      if (typeof field(body, 'id') === 'string') return asList([body]);
      break;
    case 'biotools':
      return asList(readBiotoolsPage(body).records);
  }
  throw new SourceError(`The input file is not a saved ${source} response`);
}
