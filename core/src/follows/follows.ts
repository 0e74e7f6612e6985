import { CONTENT_TYPE_LABELS } from '../content-labels.ts';
import { pageTitle } from '../page-title.ts';
import { activeFilterLabel, activeFilters } from '../filters/active-filters.ts';
import type { FilterState } from '../filters/filter-state.ts';
import { filtersToQueryString, searchParamsToFilters } from '../filters/url-codec.ts';
import { msg, t } from '../i18n/translate.ts';
import type { FollowTargetType } from '../notifications/notification-kinds.ts';

/**
 * The limits of docs/product.md#follows, as follow() in 23_follows.sql applies them: things
 * followed, saved searches among them, and new follows an hour.
 */
export const FOLLOW_LIMITS = { follows: 1_000, savedSearches: 100, followsPerHour: 100 } as const;

/** How long a saved search's name may be. */
export const SAVED_SEARCH_LABEL_MAX_LENGTH = 200;

/** The Following page's groups, in its order, with their headings (messages, shown with `t(label)`). */
export const FOLLOW_GROUP_LABELS: Record<FollowTargetType, string> = {
  search: msg('Saved searches'),
  field: msg('Fields'),
  organization: msg('Organizations'),
  person: msg('People'),
  item: msg('Items'),
};

/** The field page of a field's slug. */
export function fieldPath(slug: string): string {
  return `/field/${encodeURIComponent(slug)}`;
}

/** The organization page of an organization's id. */
export function organizationPath(id: string): string {
  return `/org/${encodeURIComponent(id)}`;
}

/**
 * A browse address's query as a saved search stores it (docs/product.md#follows): what the
 * browse page reads from it, written back by the URL codec with every list in order and without
 * the view, so that two addresses showing the same results are one saved search. '' when the
 * address chooses nothing (that is the whole catalog, not a search).
 */
export function canonicalSearchQuery(input: string | URLSearchParams, currentYear: number): string {
  const { filters } = searchParamsToFilters(input, currentYear);
  const sorted: FilterState = {
    ...filters,
    domains: [...filters.domains].sort(),
    contentTypes: [...filters.contentTypes].sort(),
    features: [...filters.features].sort(),
    health: [...filters.health].sort(),
    organizationSizes: [...filters.organizationSizes].sort(),
    operations: [...filters.operations].sort(),
    inputData: [...filters.inputData].sort(),
  };
  return filtersToQueryString(sorted, 'grid', currentYear);
}

/**
 * The name a saved search is offered before the user changes it: its search text and filters as
 * the filter chips read them, and its types, cut to the allowed length.
 */
export function suggestedSearchLabel(
  filters: FilterState,
  currentYear: number,
  domainName: (slug: string) => string,
): string {
  const parts = [
    ...filters.contentTypes.map((type) => t(CONTENT_TYPE_LABELS[type])),
    ...activeFilters(filters, currentYear).map((chip) =>
      chip.kind === 'search' ? chip.value : activeFilterLabel(chip, domainName),
    ),
  ];
  const label = parts.join(', ') || t('All items');
  return label.length > SAVED_SEARCH_LABEL_MAX_LENGTH
    ? `${label.slice(0, SAVED_SEARCH_LABEL_MAX_LENGTH - 1).trimEnd()}…`
    : label;
}

/** The field page's title and description (docs/product.md#field-page), in the app and the first HTML. */
export function fieldPageHead(field: { name: string; description: string | null; item_count: number }): {
  title: string;
  description: string;
} {
  return {
    title: pageTitle(t('{field}: AI tools and papers', { field: field.name })),
    description:
      field.description?.trim() ||
      t(
        'AI software, research papers, companies and AI agents for {field} on SciAI ({count, plural, one {# item} other {# items}}).',
        { field: field.name, count: field.item_count },
      ),
  };
}

/** The organization page's title and description (docs/product.md#organization-page). */
export function organizationPageHead(organization: { name: string; description: string | null; item_count: number }): {
  title: string;
  description: string;
} {
  return {
    title: pageTitle(organization.name),
    description:
      organization.description?.trim().slice(0, 300) ||
      t('{organization} on SciAI: {count, plural, one {# item} other {# items}} in the catalog.', {
        organization: organization.name,
        count: organization.item_count,
      }),
  };
}
