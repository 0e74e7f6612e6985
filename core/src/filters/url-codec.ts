import { defaultFilters, isContentType, isFeature, isOrganizationSize, isSortOption, FIRST_YEAR } from './filter-state.ts';
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
  for (const domain of state.domains) params.append('domain', domain);
  for (const type of state.contentTypes) params.append('type', type);
  for (const feature of state.features) params.append('feature', feature);
  for (const size of state.organizationSizes) params.append('size', size);
  if (state.yearRange[0] !== FIRST_YEAR) params.set('year_from', String(state.yearRange[0]));
  if (state.yearRange[1] !== currentYear) params.set('year_to', String(state.yearRange[1]));
  if (state.sortBy !== 'relevance') params.set('sort', state.sortBy);
  if (view !== 'grid') params.set('view', view);
  return params;
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
      search: params.get('search')?.trim() ?? '',
      domains: list('domain').map(normalizeDomain).filter(Boolean),
      // 'all' is the tab for every type (spec 2.4)
      contentTypes: list('type').filter(isContentType),
      features: list('feature').filter(isFeature),
      organizationSizes: list('size').filter(isOrganizationSize),
      yearRange: [from, to],
      sortBy: isSortOption(sort) ? sort : 'relevance',
    },
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Domains come as slugs, ids, or lowercased names from the landing cards ('drug discovery'). */
export function normalizeDomain(value: string): string {
  const text = value.trim().toLowerCase();
  if (UUID.test(text)) return text;
  return text.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
