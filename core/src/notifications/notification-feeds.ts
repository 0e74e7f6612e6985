import { CONTENT_TYPE_TAB_LABELS } from '../content-labels.ts';
import { activeFilterLabel, activeFilters } from '../filters/active-filters.ts';
import type { FilterState } from '../filters/filter-state.ts';
import { filtersToQueryString } from '../filters/url-codec.ts';
import { t } from '../i18n/translate.ts';
import { SITE_NAME } from '../page-title.ts';

/**
 * The Atom feeds of docs/product.md#notification-feeds: a private one per user, at an address
 * whose token is the credential, and a public one per browse query (a saved search).
 */

/** A feed token as create_notification_feed_token() makes it: 64 lower-case hex digits. */
export const NOTIFICATION_FEED_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** The private feed's address for a token. */
export function notificationFeedPath(token: string): string {
  return `/feeds/notifications/${token}.atom`;
}

export const SEARCH_FEED_PATH = '/feeds/search.atom';

/** A search feed's query longer than this is refused (a saved search's query is at most this long). */
export const SEARCH_FEED_QUERY_MAX_LENGTH = 2_000;

/**
 * The query of a browse state's feed, canonical (core's URL codec): the feed always lists the
 * newest items, so the sort and the view are left out, and two addresses for the same search
 * share one feed.
 */
export function searchFeedQuery(filters: FilterState, currentYear: number): string {
  return filtersToQueryString({ ...filters, sortBy: 'relevance' }, 'grid', currentYear);
}

/** The address of a browse state's feed. */
export function searchFeedPath(filters: FilterState, currentYear: number): string {
  const query = searchFeedQuery(filters, currentYear);
  return query ? `${SEARCH_FEED_PATH}?${query}` : SEARCH_FEED_PATH;
}

/** A search feed's title: what the search asks, in the filter chips' words. */
export function searchFeedTitle(
  filters: FilterState,
  currentYear: number,
  domainName: (slug: string) => string,
): string {
  const parts = [
    ...filters.contentTypes.map((type) => t(CONTENT_TYPE_TAB_LABELS[type])),
    ...activeFilters(filters, currentYear)
      .filter((chip) => chip.kind !== 'sort')
      .map((chip) => activeFilterLabel(chip, domainName)),
  ];
  return parts.length
    ? t('{site} — newest for {filters}', { site: SITE_NAME, filters: parts.join(', ') })
    : t('{site} — newest AI tools for science', { site: SITE_NAME });
}
