import { field, listField } from '../harvest-item.ts';
import type { SourcePage } from '../openalex/client.ts';
import { requestJson, SourceError, type SourceRequestOptions } from '../source-fetch.ts';

export const BIOTOOLS_BASE_URL = 'https://bio.tools';

export interface BiotoolsOptions extends SourceRequestOptions {
  baseUrl?: string;
}

export interface BiotoolsQuery {
  search?: string;
  topic?: string;
}

/** One page of /api/t/ (biotools.readthedocs.io, API reference): page numbers as the cursor. */
export async function listBiotools(
  query: BiotoolsQuery,
  cursor: string | null,
  options: BiotoolsOptions,
): Promise<SourcePage> {
  const page = Math.max(1, Number(cursor ?? '1') || 1);
  const url = new URL('/api/t/', options.baseUrl ?? BIOTOOLS_BASE_URL);
  if (query.search) url.searchParams.set('q', query.search);
  if (query.topic) url.searchParams.set('topic', query.topic);
  url.searchParams.set('format', 'json');
  url.searchParams.set('page', String(page));
  return readBiotoolsPage(await requestJson(url.toString(), options), page);
}

/** A list answer ({count, next, list}) as a page, or a single tool as one record. */
export function readBiotoolsPage(body: unknown, page = 1): SourcePage {
  if (typeof field(body, 'biotoolsID') === 'string') return { records: [body], nextCursor: null };
  if (!Array.isArray(field(body, 'list'))) throw new SourceError('bio.tools answered without a list');
  const records = listField(body, 'list');
  const next = field(body, 'next');
  return {
    records,
    nextCursor: records.length > 0 && typeof next === 'string' && next !== '' ? String(page + 1) : null,
  };
}

/** One tool by its bio.tools id; null when bio.tools does not know it. */
export async function fetchBiotool(id: string, options: BiotoolsOptions): Promise<unknown> {
  const url = new URL(`/api/t/${encodeURIComponent(id)}`, options.baseUrl ?? BIOTOOLS_BASE_URL);
  url.searchParams.set('format', 'json');
  return requestJson(url.toString(), options, true);
}
