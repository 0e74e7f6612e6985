import { field, listField, textField } from '../harvest-item.ts';
import type { SourcePage } from '../openalex/client.ts';
import { encodePathKeepingSlashes, requestJson, SourceError, type SourceRequestOptions } from '../source-fetch.ts';

export const CROSSREF_BASE_URL = 'https://api.crossref.org';

export interface CrossrefOptions extends SourceRequestOptions {
  baseUrl?: string;
  /** The polite pool's contact address. */
  mailto?: string;
}

export interface CrossrefQuery {
  query?: string;
  /** Crossref filter syntax, e.g. `type:journal-article`. */
  filter?: string;
  since?: string;
  rows?: number;
}

function withMailto(url: URL, options: CrossrefOptions): string {
  if (options.mailto) url.searchParams.set('mailto', options.mailto);
  return url.toString();
}

/** One page of /works?query= with deep paging (the first cursor is '*'). */
export async function listCrossrefWorks(
  query: CrossrefQuery,
  cursor: string | null,
  options: CrossrefOptions,
): Promise<SourcePage> {
  const url = new URL('/works', options.baseUrl ?? CROSSREF_BASE_URL);
  if (query.query) url.searchParams.set('query', query.query);
  const filters = [query.filter, query.since ? `from-pub-date:${query.since}` : undefined].filter(Boolean);
  if (filters.length > 0) url.searchParams.set('filter', filters.join(','));
  url.searchParams.set('rows', String(Math.min(Math.max(query.rows ?? 100, 1), 1000)));
  url.searchParams.set('cursor', cursor ?? '*');
  return readCrossrefPage(await requestJson(withMailto(url, options), options));
}

/** A /works list answer (message.items, message.next-cursor) as a page; a single work as one record. */
export function readCrossrefPage(body: unknown): SourcePage {
  if (textField(body, 'status') !== 'ok' || typeof field(body, 'message') !== 'object') {
    throw new SourceError('Crossref answered without a message');
  }
  if (textField(body, 'message-type') === 'work') return { records: [field(body, 'message')], nextCursor: null };
  if (!Array.isArray(field(body, 'message', 'items'))) throw new SourceError('Crossref answered without items');
  const records = listField(body, 'message', 'items');
  const next = textField(body, 'message', 'next-cursor');
  return { records, nextCursor: records.length > 0 && next ? next : null };
}

/** One work by DOI (the `message` of /works/{doi}); null when Crossref does not know it. */
export async function fetchCrossrefWork(doi: string, options: CrossrefOptions): Promise<unknown> {
  const url = new URL(`/works/${encodePathKeepingSlashes(doi)}`, options.baseUrl ?? CROSSREF_BASE_URL);
  const body = await requestJson(withMailto(url, options), options, true);
  return body === null ? null : (field(body, 'message') ?? null);
}
