import { useState } from 'react';
import { Accordion, CloseButton, Stack, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import {
  FEATURE_LABELS,
  FEATURES,
  HEALTH_FILTER_LABELS,
  HEALTH_FILTERS,
  ORGANIZATION_SIZES,
  organizationSizeFilterLabel,
  SEARCH_MAX_LENGTH,
  toggleValue,
  type FilterState,
} from '@sciai/core';
import type { SearchFacets } from '../../data/search-items.ts';
import { useBrowseDomains } from '../../hooks/use-browse-domains.ts';
import { useBrowseSearchText } from '../../hooks/use-browse-search-text.ts';
import type { HistoryMode } from '../../hooks/use-browse-state.ts';
import { DomainIcon } from '../domains/domain-icon.tsx';
import { ActiveFilterChips } from './active-filter-chips.tsx';
import { FilterCheckboxes, type FilterOption } from './filter-checkboxes.tsx';
import { SearchableFacet } from './searchable-facet.tsx';
import { YearRangeFilter } from './year-range-filter.tsx';
import { t } from '../../i18n/index.ts';
import classes from './filter-panel.module.css';

export interface FilterPanelProps {
  filters: FilterState;
  facets: SearchFacets;
  /** The facet counts are not known yet (the first load). */
  countsLoading?: boolean;
  currentYear: number;
  onChange: (next: FilterState, mode?: HistoryMode) => void;
  /** Ids must be unique on the page. */
  idPrefix: string;
}

const SECTIONS = ['domains', 'features', 'operations', 'input_data', 'health', 'sizes', 'year'] as const;
/** Which sections are open, remembered in the browser (docs/product.md#browse-filters). */
export const FILTER_SECTIONS_STORAGE_KEY = 'sciai-filter-sections';

/** The filter panel (docs/product.md#browse-filters): the side panel on desktop, the drawer's content on phones. */
export function FilterPanel({ filters, facets, countsLoading, currentYear, onChange, idPrefix }: FilterPanelProps) {
  const domains = useBrowseDomains();
  // labels in the page's language, so made at render time
  const featureOptions = FEATURES.map((value) => ({ value, label: t(FEATURE_LABELS[value]) }));
  const healthOptions = HEALTH_FILTERS.map((value) => ({ value, label: t(HEALTH_FILTER_LABELS[value]) }));
  const sizeOptions = ORGANIZATION_SIZES.map((value) => ({ value, label: organizationSizeFilterLabel(value) }));
  const [openSections, setOpenSections] = useOpenSections();
  const within = useBrowseSearchText(filters.within, (text) => onChange({ ...filters, within: text }, 'replace'));
  const domainOptions: Array<FilterOption<string>> = domains.list.map((domain) => ({
    value: domain.slug,
    label: domain.name,
    icon: <DomainIcon name={domain.icon} size={14} color={domain.color} />,
    depth: domain.depth,
  }));
  // ?domain= may name a domain by id (docs/product.md#domains): tick its slug; the first change writes slugs.
  const selectedDomains = filters.domains.map((domain) => domains.get(domain)?.slug ?? domain);
  // A domain from the URL that the list does not know still shows, so that it can be unticked.
  for (const slug of selectedDomains) {
    if (!domains.get(slug))
      domainOptions.push({ value: slug, label: domains.name(slug), icon: <DomainIcon name={undefined} size={14} /> });
  }

  return (
    <Stack gap="md">
      <ActiveFilterChips filters={filters} currentYear={currentYear} onChange={onChange} />

      <TextInput
        id={`${idPrefix}-within`}
        type="search"
        label={t('Search Within Results')}
        placeholder={t('Narrow these results...')}
        maxLength={SEARCH_MAX_LENGTH}
        leftSection={<IconFilter size={16} aria-hidden />}
        value={within.text}
        onChange={(event) => within.change(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') within.flush();
        }}
        rightSection={
          within.text ? (
            <CloseButton size="sm" aria-label={t('Clear search within results')} onClick={within.clear} />
          ) : null
        }
        classNames={{ input: classes.searchInput }}
      />

      <Accordion
        multiple
        value={openSections}
        onChange={setOpenSections}
        variant="default"
        classNames={{ control: classes.sectionControl, content: classes.sectionContent }}
      >
        <Accordion.Item value="domains">
          <Accordion.Control>{t('Scientific Domains')}</Accordion.Control>
          <Accordion.Panel>
            <FilterCheckboxes
              label={t('Scientific Domains')}
              options={domainOptions}
              selected={selectedDomains}
              counts={facets.domains}
              countsLoading={countsLoading}
              onToggle={(value) => onChange({ ...filters, domains: toggleValue(selectedDomains, value) })}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="features">
          <Accordion.Control>{t('Features & Verification')}</Accordion.Control>
          <Accordion.Panel>
            <FilterCheckboxes
              label={t('Features & Verification')}
              options={featureOptions}
              selected={filters.features}
              counts={facets.features}
              countsLoading={countsLoading}
              onToggle={(value) => onChange({ ...filters, features: toggleValue(filters.features, value) })}
            />
          </Accordion.Panel>
        </Accordion.Item>
        {/* docs/product.md#browse-filters: what bio.tools says tools do and read; shown when some result says */}
        {(hasValues(facets.operations) || filters.operations.length > 0) && (
          <Accordion.Item value="operations">
            <Accordion.Control>{t('Operation')}</Accordion.Control>
            <Accordion.Panel>
              <SearchableFacet
                id={`${idPrefix}-operations`}
                label={t('Operation')}
                searchLabel={t('Find an operation')}
                clearLabel={t('Clear find an operation')}
                noMatchText={(query) => t('No operation matches “{query}”.', { query })}
                noneText={t('No operation among these results.')}
                counts={facets.operations}
                selected={filters.operations}
                countsLoading={countsLoading}
                onToggle={(value) => onChange({ ...filters, operations: toggleValue(filters.operations, value) })}
              />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {(hasValues(facets.input_data) || filters.inputData.length > 0) && (
          <Accordion.Item value="input_data">
            <Accordion.Control>{t('Input Data')}</Accordion.Control>
            <Accordion.Panel>
              <SearchableFacet
                id={`${idPrefix}-input-data`}
                label={t('Input Data')}
                searchLabel={t('Find input data')}
                clearLabel={t('Clear find input data')}
                noMatchText={(query) => t('No input data matches “{query}”.', { query })}
                noneText={t('No input data among these results.')}
                counts={facets.input_data}
                selected={filters.inputData}
                countsLoading={countsLoading}
                onToggle={(value) => onChange({ ...filters, inputData: toggleValue(filters.inputData, value) })}
              />
            </Accordion.Panel>
          </Accordion.Item>
        )}
        {/* docs/product.md#browse-health: filters without counts (they narrow every facet) */}
        <Accordion.Item value="health">
          <Accordion.Control>{t('Project Health')}</Accordion.Control>
          <Accordion.Panel>
            <FilterCheckboxes
              label={t('Project Health')}
              options={healthOptions}
              selected={filters.health}
              onToggle={(value) => onChange({ ...filters, health: toggleValue(filters.health, value) })}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="sizes">
          <Accordion.Control>{t('Organization Size')}</Accordion.Control>
          <Accordion.Panel>
            <FilterCheckboxes
              label={t('Organization Size')}
              options={sizeOptions}
              selected={filters.organizationSizes}
              counts={facets.organization_sizes}
              countsLoading={countsLoading}
              onToggle={(value) =>
                onChange({ ...filters, organizationSizes: toggleValue(filters.organizationSizes, value) })
              }
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="year">
          <Accordion.Control>{t('Year')}</Accordion.Control>
          <Accordion.Panel>
            <YearRangeFilter
              value={filters.yearRange}
              currentYear={currentYear}
              onChange={(yearRange) => onChange({ ...filters, yearRange })}
            />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

const hasValues = (counts: Record<string, number>) => Object.values(counts).some((count) => count > 0);

/**
 * The open sections, read from the browser when the panel mounts and written on every change.
 * (Mantine's useLocalStorage also follows other tabs and other instances on the page; only one
 * panel is mounted at a time, and its storage code cost the browse page's first download 1.2 KB
 * gzipped: docs/decisions/0058-browse-first-download.md.)
 */
function useOpenSections(): [string[], (next: string[]) => void] {
  const [open, setOpen] = useState(() => readOpenSections(storedSections()));
  const change = (next: string[]) => {
    setOpen(next);
    try {
      window.localStorage.setItem(FILTER_SECTIONS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // storage unavailable (private mode, full quota): the choice lasts as long as the page
    }
  };
  return [open, change];
}

function storedSections(): string | undefined {
  try {
    return window.localStorage.getItem(FILTER_SECTIONS_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The stored open sections, or all of them when nothing (or something unreadable) is stored. */
function readOpenSections(stored: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(stored ?? 'null');
    if (Array.isArray(value))
      return value.filter((name): name is string => (SECTIONS as readonly unknown[]).includes(name));
  } catch {
    // unreadable: the default below
  }
  return [...SECTIONS];
}
