import { Accordion, CloseButton, Select, Stack, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import {
  FEATURE_LABELS,
  FEATURES,
  isSortOption,
  ORGANIZATION_SIZES,
  organizationSizeFilterLabel,
  SEARCH_MAX_LENGTH,
  SORT_LABELS,
  SORT_OPTIONS,
  toggleValue,
  type FilterState,
} from '@sciai/core';
import type { SearchFacets } from '../../data/search-items.ts';
import { useBrowseDomains } from '../../hooks/use-browse-domains.ts';
import { useBrowseSearchText } from '../../hooks/use-browse-search-text.ts';
import type { HistoryMode } from '../../hooks/use-browse-state.ts';
import { DomainIcon } from '../domains/domain-icon.tsx';
import { ActiveFilterChips } from './active-filter-chips.tsx';
import { FilterCheckboxes } from './filter-checkboxes.tsx';
import { YearRangeFilter } from './year-range-filter.tsx';
import classes from './filter-panel.module.css';

export interface FilterPanelProps {
  filters: FilterState;
  facets: SearchFacets;
  currentYear: number;
  onChange: (next: FilterState, mode?: HistoryMode) => void;
  /** Ids must be unique on the page. */
  idPrefix: string;
}

const SECTIONS = ['domains', 'features', 'sizes'] as const;
const FEATURE_OPTIONS = FEATURES.map((value) => ({ value, label: FEATURE_LABELS[value] }));
const SIZE_OPTIONS = ORGANIZATION_SIZES.map((value) => ({ value, label: organizationSizeFilterLabel(value) }));
const SORT_DATA = SORT_OPTIONS.map((value) => ({ value, label: SORT_LABELS[value] }));

/** The filter panel (docs/product.md#browse-filters): the side panel on desktop, the drawer's content on phones. */
export function FilterPanel({ filters, facets, currentYear, onChange, idPrefix }: FilterPanelProps) {
  const domains = useBrowseDomains();
  const within = useBrowseSearchText(filters.within, (text) => onChange({ ...filters, within: text }, 'replace'));
  const domainOptions = domains.list.map((domain) => ({
    value: domain.slug,
    label: domain.name,
    icon: <DomainIcon name={domain.icon} size={14} color={domain.color} />,
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
        label="Search Within Results"
        placeholder="Narrow these results..."
        maxLength={SEARCH_MAX_LENGTH}
        leftSection={<IconFilter size={16} aria-hidden />}
        value={within.text}
        onChange={(event) => within.change(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') within.flush();
        }}
        rightSection={
          within.text ? <CloseButton size="sm" aria-label="Clear search within results" onClick={within.clear} /> : null
        }
        classNames={{ input: classes.searchInput }}
      />

      <Accordion
        multiple
        defaultValue={[...SECTIONS]}
        variant="default"
        classNames={{ control: classes.sectionControl, content: classes.sectionContent }}
      >
        <Accordion.Item value="domains">
          <Accordion.Control>Scientific Domains</Accordion.Control>
          <Accordion.Panel>
            <FilterCheckboxes
              label="Scientific Domains"
              options={domainOptions}
              selected={selectedDomains}
              counts={facets.domains}
              onToggle={(value) => onChange({ ...filters, domains: toggleValue(selectedDomains, value) })}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="features">
          <Accordion.Control>Features & Verification</Accordion.Control>
          <Accordion.Panel>
            <FilterCheckboxes
              label="Features & Verification"
              options={FEATURE_OPTIONS}
              selected={filters.features}
              counts={facets.features}
              onToggle={(value) => onChange({ ...filters, features: toggleValue(filters.features, value) })}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="sizes">
          <Accordion.Control>Organization Size</Accordion.Control>
          <Accordion.Panel>
            <FilterCheckboxes
              label="Organization Size"
              options={SIZE_OPTIONS}
              selected={filters.organizationSizes}
              counts={facets.organization_sizes}
              onToggle={(value) =>
                onChange({ ...filters, organizationSizes: toggleValue(filters.organizationSizes, value) })
              }
            />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>

      <YearRangeFilter
        value={filters.yearRange}
        currentYear={currentYear}
        onChange={(yearRange) => onChange({ ...filters, yearRange })}
      />

      <Select
        id={`${idPrefix}-sort`}
        label="Sort By"
        data={SORT_DATA}
        value={filters.sortBy}
        allowDeselect={false}
        onChange={(value) => {
          if (value && isSortOption(value)) onChange({ ...filters, sortBy: value });
        }}
      />
    </Stack>
  );
}
