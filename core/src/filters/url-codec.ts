import type { ContentType } from '../content.ts';
import {
  defaultFilters,
  isContentType,
  isFeature,
  isHealthFilter,
  isOrganizationSize,
  isSortOption,
  EDAM_FILTER_MAX_VALUES,
  EDAM_TERM_MAX_LENGTH,
  FIRST_YEAR,
  SEARCH_MAX_LENGTH,
} from './filter-state.ts';
import type { BrowseView, FilterState } from './filter-state.ts';

/**
 * The browse URL is the state: every chosen filter is kept, so any view can be shared.
 * Repeated parameters carry lists (`domain=biology&domain=genomics`); commas are accepted too.
 * Defaults are left out, so the plain /browse URL means the reset state.
 */
export function filtersToSearchParams(state: FilterState, view: BrowseView, currentYear: number): URLSearchParams {
  const params = new URLSearchParams();
  const search = state.search.trim();
  if (search) params.set('search', search);
  const within = state.within.trim();
  if (within) params.set('within', within);
  for (const domain of state.domains) params.append('domain', domain);
  for (const type of state.contentTypes) params.append('type', type);
  for (const feature of state.features) params.append('feature', feature);
  for (const health of state.health) params.append('health', health);
  for (const size of state.organizationSizes) params.append('size', size);
  for (const operation of state.operations) params.append('operation', operation);
  for (const data of state.inputData) params.append('input', data);
  if (state.yearRange[0] !== FIRST_YEAR) params.set('year_from', String(state.yearRange[0]));
  if (state.yearRange[1] !== currentYear) params.set('year_to', String(state.yearRange[1]));
  if (state.sortBy !== 'relevance') params.set('sort', state.sortBy);
  if (view !== 'grid') params.set('view', view);
  return params;
}

/**
 * The query string of a browse state, without the '?'. Spaces are written `%20` rather than
 * URLSearchParams' `+` (docs/product.md#shell-search); both read back the same.
 */
export function filtersToQueryString(state: FilterState, view: BrowseView, currentYear: number): string {
  return filtersToSearchParams(state, view, currentYear).toString().replace(/\+/g, '%20');
}

/** The /browse URL of a browse state. */
export function browseUrl(state: FilterState, view: BrowseView, currentYear: number): string {
  const query = filtersToQueryString(state, view, currentYear);
  return query ? `/browse?${query}` : '/browse';
}

export function searchParamsToFilters(
  input: string | URLSearchParams,
  currentYear: number,
): { filters: FilterState; view: BrowseView } {
  const params = typeof input === 'string' ? new URLSearchParams(input) : input;
  const list = (name: string) =>
    unique(
      params
        .getAll(name)
        .flatMap((value) => value.split(','))
        .map((value) => value.trim().toLowerCase())
        .filter(Boolean),
    );
  // control characters (NUL cannot even reach the database) count as spaces, as in EDAM terms
  const text = (name: string) =>
    params
      .get(name)
      // eslint-disable-next-line no-control-regex
      ?.replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .trim()
      .slice(0, SEARCH_MAX_LENGTH)
      .trim() ?? '';
  // EDAM terms keep their case and may hold commas: one term a parameter; too long a term is
  // dropped (no term is that long), and past the limit the rest are ignored;
  const terms = (name: string) =>
    unique(
      params
        .getAll(name)
        // control characters (NUL cannot even reach the database) count as spaces
        // eslint-disable-next-line no-control-regex
        .map((value) => value.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim())
        .filter((value) => value !== '' && value.length <= EDAM_TERM_MAX_LENGTH),
    ).slice(0, EDAM_FILTER_MAX_VALUES);
  const defaults = defaultFilters(currentYear);
  const year = (name: string, fallback: number) => {
    const value = Number(params.get(name));
    return params.has(name) && Number.isInteger(value) && value >= 1800 && value <= 2100 ? value : fallback;
  };
  let from = year('year_from', defaults.yearRange[0]);
  let to = year('year_to', defaults.yearRange[1]);
  if (from > to) [from, to] = [to, from];
  const sort = params.get('sort')?.trim() ?? '';
  return {
    filters: {
      search: text('search'),
      within: text('within'),
      domains: unique(list('domain').map(normalizeDomain).filter(Boolean)),
      // 'all' is the tab for every type (docs/product.md#browse-tabs)
      contentTypes: list('type').filter(isContentType),
      features: list('feature').filter(isFeature),
      health: list('health').filter(isHealthFilter),
      organizationSizes: list('size').filter(isOrganizationSize),
      operations: terms('operation'),
      inputData: terms('input'),
      yearRange: [from, to],
      sortBy: isSortOption(sort) ? sort : 'relevance',
    },
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** What other pages link to: a search, a domain (the landing cards), a type. */
export interface BrowseLink {
  search?: string;
  domain?: string;
  type?: ContentType | 'all';
}

/** The browse URL other pages link to; the year does not matter, as the range stays at its default. */
export function browseHref(link: BrowseLink = {}): string {
  const year = FIRST_YEAR;
  return browseUrl(
    {
      ...defaultFilters(year),
      search: link.search ?? '',
      domains: link.domain ? [normalizeDomain(link.domain)].filter(Boolean) : [],
      contentTypes: link.type && link.type !== 'all' ? [link.type] : [],
    },
    'grid',
    year,
  );
}

/** docs/product.md#shell-search: the nav search ignores blank input; otherwise it goes to /browse?search=. */
export function navSearchHref(text: string): string | undefined {
  return text.trim() ? browseHref({ search: text }) : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Domains come as slugs, ids, or lowercased names from the landing cards ('drug discovery'). */
export function normalizeDomain(value: string): string {
  const text = value.trim().toLowerCase();
  if (UUID.test(text)) return text;
  return text.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** ?domain= may hold a domain's id instead of its slug (docs/product.md#domains). */
export function isDomainId(domain: string): boolean {
  return UUID.test(domain);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
