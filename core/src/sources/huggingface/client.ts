import type { SourcePage } from '../openalex/client.ts';
import { parseJsonText, requestJson, requestText, SourceError, type SourceRequestOptions } from '../source-fetch.ts';

export const HUGGINGFACE_BASE_URL = 'https://huggingface.co';

export interface HuggingfaceOptions extends SourceRequestOptions {
  baseUrl?: string;
  /** HF_TOKEN, sent as a bearer token (public repositories need none). */
  token?: string;
}

export type HuggingfaceKind = 'models' | 'spaces';
export interface HuggingfaceQuery {
  kind?: HuggingfaceKind;
  search?: string;
  author?: string;
  tag?: string;
  perPage?: number;
}

function headersOf(options: HuggingfaceOptions): Record<string, string> {
  return { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers };
}

/** The rel="next" target of a Link header (the Hub pages /api/models with it). */
export function nextLink(header: string | null): string | undefined {
  for (const part of (header ?? '').split(',')) {
    const match = part.match(/<([^>]+)>\s*;\s*rel="?next"?/i);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * One page of /api/models or /api/spaces (huggingface.co/docs/hub/api): the cursor is the
 * next page's URL from the Link header, kept only when it stays on the configured host.
 */
export async function listHuggingfaceRepos(
  query: HuggingfaceQuery,
  cursor: string | null,
  options: HuggingfaceOptions,
): Promise<SourcePage> {
  const base = options.baseUrl ?? HUGGINGFACE_BASE_URL;
  let url: URL;
  if (cursor) {
    url = new URL(cursor, base);
    if (url.origin !== new URL(base).origin) throw new SourceError('The Hub pointed the next page at another host');
  } else {
    url = new URL(`/api/${query.kind ?? 'models'}`, base);
    if (query.search) url.searchParams.set('search', query.search);
    if (query.author) url.searchParams.set('author', query.author);
    if (query.tag) url.searchParams.set('filter', query.tag);
    url.searchParams.set('limit', String(Math.min(Math.max(query.perPage ?? 100, 1), 1000)));
    url.searchParams.set('full', 'true');
    url.searchParams.set('sort', 'downloads');
  }
  const { text, headers } = await requestText(url.toString(), { ...options, headers: headersOf(options) });
  const body = parseJsonText(text, url.host);
  if (!Array.isArray(body)) throw new SourceError('The Hub answered without a list');
  const next = nextLink(headers.get('link'));
  return { records: body, nextCursor: body.length > 0 && next ? next : null };
}

/** One model (or space) by its id (author/name); null when the Hub does not know it. */
export async function fetchHuggingfaceRepo(
  id: string,
  options: HuggingfaceOptions,
  kind: HuggingfaceKind = 'models',
): Promise<unknown> {
  const url = new URL(
    `/api/${kind}/${id.split('/').map(encodeURIComponent).join('/')}`,
    options.baseUrl ?? HUGGINGFACE_BASE_URL,
  );
  return requestJson(url.toString(), { ...options, headers: headersOf(options) }, true);
}
