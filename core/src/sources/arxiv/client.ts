import type { SourcePage } from '../openalex/client.ts';
import { requestText, type SourceRequestOptions } from '../source-fetch.ts';
import { childrenNamed, childText, parseAtomFeed } from './atom.ts';

export const ARXIV_BASE_URL = 'https://export.arxiv.org';
/** arXiv asks for no more than one request every three seconds. */
export const ARXIV_REQUEST_SPACING_MS = 3_000;

export interface ArxivOptions extends SourceRequestOptions {
  baseUrl?: string;
}

export interface ArxivQuery {
  /** search_query syntax, e.g. `cat:q-bio.BM AND all:protein`. */
  search?: string;
  ids?: string[];
  since?: string;
  perPage?: number;
}

/** The search_query sent: the query, and a submittedDate range from --since. */
export function arxivSearchQuery(query: ArxivQuery): string {
  const parts = [query.search];
  if (query.since) parts.push(`submittedDate:[${query.since.replaceAll('-', '')}0000 TO 299912312359]`);
  return parts.filter(Boolean).join(' AND ');
}

/** One page of /api/query (start offsets as the cursor), its entries as parsed elements. */
export async function listArxivEntries(
  query: ArxivQuery,
  cursor: string | null,
  options: ArxivOptions,
): Promise<SourcePage> {
  const start = Math.max(0, Number(cursor ?? '0') || 0);
  const perPage = Math.min(Math.max(query.perPage ?? 100, 1), 2000);
  const url = new URL('/api/query', options.baseUrl ?? ARXIV_BASE_URL);
  const search = arxivSearchQuery(query);
  if (search) url.searchParams.set('search_query', search);
  if (query.ids && query.ids.length > 0) url.searchParams.set('id_list', query.ids.join(','));
  url.searchParams.set('start', String(start));
  url.searchParams.set('max_results', String(perPage));
  url.searchParams.set('sortBy', 'submittedDate');
  url.searchParams.set('sortOrder', 'descending');
  const { text } = await requestText(url.toString(), options);
  return readArxivPage(text, start);
}

/** A feed as a page: the next start is the offset after its entries, until totalResults. */
export function readArxivPage(xml: string, start = 0): SourcePage {
  const feed = parseAtomFeed(xml);
  const records = childrenNamed(feed, 'entry').filter((entry) => childText(entry, 'id') !== undefined);
  const total = Number(childText(feed, 'totalResults') ?? '0');
  const next = start + childrenNamed(feed, 'entry').length;
  return { records, nextCursor: records.length > 0 && next < total ? String(next) : null };
}
