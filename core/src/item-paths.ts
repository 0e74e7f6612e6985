import type { ContentType } from './content.ts';

/** The first path segment of each content type's detail page: software lives under /tool. */
export const ITEM_ROUTE_PREFIX = {
  software: 'tool',
  paper: 'paper',
  company: 'company',
  agent: 'agent',
} as const satisfies Record<ContentType, string>;

export type ItemRoutePrefix = (typeof ITEM_ROUTE_PREFIX)[ContentType];

/** The detail page of an item: `/tool/{slug}`, `/paper/{slug}`, `/company/{slug}` or `/agent/{slug}`. */
export function itemPath(contentType: ContentType, slug: string): string {
  return `/${ITEM_ROUTE_PREFIX[contentType]}/${encodeURIComponent(slug)}`;
}

const TYPE_BY_PREFIX = Object.fromEntries(
  Object.entries(ITEM_ROUTE_PREFIX).map(([type, prefix]) => [prefix, type as ContentType]),
) as Record<ItemRoutePrefix, ContentType>;

/** The content type a detail path prefix stands for (`tool` → software), or undefined. */
export function contentTypeOfPrefix(prefix: string): ContentType | undefined {
  return Object.hasOwn(TYPE_BY_PREFIX, prefix) ? TYPE_BY_PREFIX[prefix as ItemRoutePrefix] : undefined;
}

/** Splits a detail page path into its content type and slug, or undefined for any other path. */
export function parseItemPath(pathname: string): { contentType: ContentType; slug: string } | undefined {
  const match = /^\/([a-z]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  const contentType = contentTypeOfPrefix(match[1]!);
  if (!contentType) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(match[2]!);
  } catch {
    return undefined;
  }
  // No slug holds a control character; PostgreSQL refuses a NUL in text outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(slug)) return undefined;
  return { contentType, slug };
}
