import { CONTENT_TYPES, type ContentType } from './content.ts';

/** Spec 9: browse pages hold 20 results; 'Load More Results' fetches the next 20. */
export const BROWSE_PAGE_SIZE = 20;

export type BrowseType = ContentType | 'all';

/** The part of the browse state that lives in the URL today: ?search=&domain=&type=. */
export interface BrowseQuery {
  /** Trimmed; empty means no search. */
  search: string;
  /** A domain slug, or a domain id (uuid); undefined means every domain. */
  domain: string | undefined;
  type: BrowseType;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Spec 2.1 lets ?domain= carry a domain by name or id ("lowercased name from cards"), so
 * 'Drug Discovery', 'drug discovery' and 'drug_discovery' all name the same field. Ids pass
 * through; names become slugs.
 */
export function normalizeDomainParam(value: string | null | undefined): string | undefined {
  const text = value?.trim().toLowerCase() ?? '';
  if (UUID.test(text)) return text;
  const slug = text.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return slug || undefined;
}

export function isDomainId(domain: string): boolean {
  return UUID.test(domain);
}

function isContentType(value: string): value is ContentType {
  return (CONTENT_TYPES as readonly string[]).includes(value);
}

/** Reads ?search=&domain=&type= leniently: unknown types mean all, blank values mean none. */
export function parseBrowseQuery(query: string | URLSearchParams): BrowseQuery {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const type = params.get('type')?.trim().toLowerCase() ?? '';
  return {
    search: params.get('search')?.trim() ?? '',
    domain: normalizeDomainParam(params.get('domain')),
    type: isContentType(type) ? type : 'all',
  };
}

/**
 * The browse URL for a query. Values are encoded with encodeURIComponent (spec 2.2: "the
 * trimmed text, URL-encoded"); empty values and the default type are left out.
 */
export function browseHref(query: Partial<BrowseQuery> = {}): string {
  const parts: string[] = [];
  const search = query.search?.trim();
  if (search) parts.push(`search=${encodeURIComponent(search)}`);
  if (query.domain) parts.push(`domain=${encodeURIComponent(query.domain)}`);
  if (query.type && query.type !== 'all') parts.push(`type=${encodeURIComponent(query.type)}`);
  return parts.length ? `/browse?${parts.join('&')}` : '/browse';
}

/** Spec 2.2: the nav search ignores blank input; otherwise it goes to /browse?search=. */
export function navSearchHref(text: string): string | undefined {
  return text.trim() ? browseHref({ search: text }) : undefined;
}

/** Spec 2.4: 'Showing 1-N of count', where N is how many results are on the page. */
export function resultRangeText(shown: number, total: number): string {
  return `Showing 1-${Math.min(shown, total)} of ${total}`;
}
