import { field, listField, textField } from '../harvest-item.ts';
import { encodePathKeepingSlashes, requestJson, SourceError, type SourceRequestOptions } from '../source-fetch.ts';

export const OPENALEX_BASE_URL = 'https://api.openalex.org';

export interface OpenAlexOptions extends SourceRequestOptions {
  baseUrl?: string;
  /** OPENALEX_API_KEY, sent as api_key. */
  apiKey?: string;
  /** The polite pool's contact address. */
  mailto?: string;
}

export interface OpenAlexQuery {
  search?: string;
  /** OpenAlex filter syntax, e.g. `topics.id:T10017,type:article`. */
  filter?: string;
  /** Works published on or after this date (YYYY-MM-DD), added to the filter. */
  since?: string;
  perPage?: number;
}

export interface SourcePage {
  records: unknown[];
  /** Where the next page starts; null after the last page. */
  nextCursor: string | null;
}

function withCredentials(url: URL, options: OpenAlexOptions): string {
  if (options.apiKey) url.searchParams.set('api_key', options.apiKey);
  if (options.mailto) url.searchParams.set('mailto', options.mailto);
  return url.toString();
}

/** One page of /works (cursor paging: the first cursor is '*'). */
export async function listOpenAlexWorks(
  query: OpenAlexQuery,
  cursor: string | null,
  options: OpenAlexOptions,
): Promise<SourcePage> {
  const url = new URL('/works', options.baseUrl ?? OPENALEX_BASE_URL);
  if (query.search) url.searchParams.set('search', query.search);
  const filters = [query.filter, query.since ? `from_publication_date:${query.since}` : undefined].filter(Boolean);
  if (filters.length > 0) url.searchParams.set('filter', filters.join(','));
  url.searchParams.set('per-page', String(Math.min(Math.max(query.perPage ?? 200, 1), 200)));
  url.searchParams.set('cursor', cursor ?? '*');
  return readWorksPage(await requestJson(withCredentials(url, options), options));
}

/** A /works answer as a page; throws SourceError for anything else. */
export function readWorksPage(body: unknown): SourcePage {
  if (!Array.isArray(field(body, 'results'))) throw new SourceError('OpenAlex answered without a results list');
  const next = textField(body, 'meta', 'next_cursor');
  const records = listField(body, 'results');
  return { records, nextCursor: records.length > 0 && next ? next : null };
}

/** One work by OpenAlex id or DOI; null when OpenAlex does not know it. */
export async function fetchWork(idOrDoi: string, options: OpenAlexOptions): Promise<unknown> {
  const id = /^10\./.test(idOrDoi) ? `doi:${idOrDoi}` : idOrDoi;
  const url = new URL(`/works/${encodePathKeepingSlashes(id)}`, options.baseUrl ?? OPENALEX_BASE_URL);
  return requestJson(withCredentials(url, options), options, true);
}
