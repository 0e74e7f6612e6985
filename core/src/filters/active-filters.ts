import { msg, t } from '../i18n/translate.ts';
import { ORGANIZATION_SIZE_LABELS, type OrganizationSize } from '../content.ts';
import {
  defaultFilters,
  FEATURE_LABELS,
  FIRST_YEAR,
  HEALTH_FILTER_LABELS,
  type HealthFilter,
  SORT_LABELS,
  type Feature,
  type FilterState,
  type SortOption,
} from './filter-state.ts';

/** One removable chip of the filter panel. */
export type ActiveFilter =
  | { kind: 'search'; value: string }
  | { kind: 'within'; value: string }
  | { kind: 'domain'; value: string }
  | { kind: 'feature'; value: Feature }
  | { kind: 'health'; value: HealthFilter }
  | { kind: 'size'; value: OrganizationSize }
  | { kind: 'operation'; value: string }
  | { kind: 'input'; value: string }
  | { kind: 'year'; value: string }
  | { kind: 'sort'; value: SortOption };

/**
 * The chips for a state, in panel order. The content type is not one: the tabs show it.
 * A year range other than the default gets a chip too, so that it can be removed in one step.
 */
export function activeFilters(state: FilterState, currentYear: number): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  if (state.search.trim()) chips.push({ kind: 'search', value: state.search.trim() });
  if (state.within.trim()) chips.push({ kind: 'within', value: state.within.trim() });
  for (const value of state.domains) chips.push({ kind: 'domain', value });
  for (const value of state.features) chips.push({ kind: 'feature', value });
  for (const value of state.health) chips.push({ kind: 'health', value });
  for (const value of state.organizationSizes) chips.push({ kind: 'size', value });
  for (const value of state.operations) chips.push({ kind: 'operation', value });
  for (const value of state.inputData) chips.push({ kind: 'input', value });
  if (state.yearRange[0] !== FIRST_YEAR || state.yearRange[1] !== currentYear) {
    chips.push({ kind: 'year', value: yearRangeText(state.yearRange, currentYear) });
  }
  if (state.sortBy !== 'relevance') chips.push({ kind: 'sort', value: state.sortBy });
  return chips;
}

/** The state with one chip removed. */
export function withoutFilter(state: FilterState, chip: ActiveFilter, currentYear: number): FilterState {
  switch (chip.kind) {
    case 'search':
      return { ...state, search: '' };
    case 'within':
      return { ...state, within: '' };
    case 'domain':
      return { ...state, domains: state.domains.filter((value) => value !== chip.value) };
    case 'feature':
      return { ...state, features: state.features.filter((value) => value !== chip.value) };
    case 'health':
      return { ...state, health: state.health.filter((value) => value !== chip.value) };
    case 'size':
      return { ...state, organizationSizes: state.organizationSizes.filter((value) => value !== chip.value) };
    case 'operation':
      return { ...state, operations: state.operations.filter((value) => value !== chip.value) };
    case 'input':
      return { ...state, inputData: state.inputData.filter((value) => value !== chip.value) };
    case 'year':
      return { ...state, yearRange: defaultFilters(currentYear).yearRange };
    case 'sort':
      return { ...state, sortBy: 'relevance' };
  }
}

/**
 * 'Clear All': the reset of docs/product.md#browse-active. The content-type tab stays, since it is not one of the
 * panel's filters.
 */
export function clearFilters(state: FilterState, currentYear: number): FilterState {
  return { ...defaultFilters(currentYear), contentTypes: state.contentTypes };
}

/** A chip's text, given the domain names the database holds. */
export function activeFilterLabel(chip: ActiveFilter, domainName: (slug: string) => string): string {
  switch (chip.kind) {
    case 'search':
      return t('Search: {value}', { value: chip.value });
    case 'within':
      return t('Within results: {value}', { value: chip.value });
    case 'domain':
      return domainName(chip.value);
    case 'feature':
      return t(FEATURE_LABELS[chip.value]);
    case 'health':
      return t(HEALTH_FILTER_LABELS[chip.value]);
    case 'size':
      return organizationSizeFilterLabel(chip.value);
    case 'operation':
      return t('Operation: {value}', { value: chip.value });
    case 'input':
      return t('Input data: {value}', { value: chip.value });
    case 'year':
      return t('Year: {value}', { value: chip.value });
    case 'sort':
      return t('Sort: {sort}', { sort: t(SORT_LABELS[chip.value]) });
  }
}

/** Adds the value if missing, removes it if present. */
export function toggleValue<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((candidate) => candidate !== value) : [...values, value];
}

const ORGANIZATION_SIZE_NAMES: Record<OrganizationSize, string> = {
  startup: msg('Startup'),
  small: msg('Small'),
  medium: msg('Medium'),
  large: msg('Large'),
  enterprise: msg('Enterprise'),
};

/** 'Startup (1-10)' (docs/product.md#organization-sizes). */
export function organizationSizeFilterLabel(size: OrganizationSize): string {
  return t('{size} ({employees})', {
    size: t(ORGANIZATION_SIZE_NAMES[size]),
    employees: ORGANIZATION_SIZE_LABELS[size],
  });
}

/** '2015–2020'; the open lower end (see yearBounds) reads 'Up to 2020'; the default 'Any year'. */
export function yearRangeText([from, to]: readonly [number, number], currentYear: number): string {
  if (from <= FIRST_YEAR) return to >= currentYear ? t('Any year') : t('Up to {to}', { to: String(to) });
  if (from === to) return String(from);
  return to >= currentYear ? t('{from} or later', { from: String(from) }) : `${from}–${to}`;
}

/** docs/product.md#browse-paging: 'Showing 1-N of count', N being how many results are loaded. */
export function resultRangeText(shown: number, total: number): string {
  return t('Showing 1-{shown} of {total}', { shown: String(Math.min(shown, total)), total: String(total) });
}

/**
 * The count line of a first page whose few full matches are followed by items matching some of
 * the words (docs/product.md#browse-search).
 */
export function partialFillText(total: number, partialShown: number): string {
  return t(
    '{total, plural, one {# item matches} other {# items match}} all your words, then {partialShown, plural, one {# matches} other {# match}} some of them',
    { total, partialShown },
  );
}
