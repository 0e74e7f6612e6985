import { useId, useState } from 'react';
import { Button, CloseButton, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { foldAccents } from '@sciai/core';
import { FilterCheckboxes } from './filter-checkboxes.tsx';
import { facetValues, FACET_TOP_VALUES } from './facet-values.ts';
import { t } from '../../i18n/index.ts';
import classes from './filter-panel.module.css';

interface SearchableFacetProps {
  /** The facet's name: the checkboxes' group label. */
  label: string;
  /** The search box's label ('Find an operation'). */
  searchLabel: string;
  /** The clear button's name: 'Clear ' and the search box's label ('Clear find an operation'). */
  clearLabel: string;
  /** The empty state when the box's text matches no value ('No operation matches “…”.'). */
  noMatchText: (query: string) => string;
  /** The empty state when the results have no value at all ('No operation among these results.'). */
  noneText: string;
  /** Values and how many results each would have; values with none are not listed. */
  counts: Record<string, number>;
  selected: readonly string[];
  countsLoading?: boolean;
  onToggle: (value: string) => void;
  /** Ids must be unique on the page. */
  id: string;
}

/**
 * A facet with hundreds of values (docs/product.md#browse-filters): the chosen values, then the
 * values with the most results, 'Show N more' for the rest, and a box that finds a value by
 * any part of its name.
 */
export function SearchableFacet({
  label,
  searchLabel,
  clearLabel,
  noMatchText,
  noneText,
  counts,
  selected,
  countsLoading,
  onToggle,
  id,
}: SearchableFacetProps) {
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const all = facetValues(counts, selected);
  const needle = foldAccents(query.trim());
  const matching = needle ? all.filter((value) => foldAccents(value).includes(needle)) : all;
  const shown = expanded ? matching : matching.slice(0, Math.max(FACET_TOP_VALUES, chosenCount(matching, selected)));
  const hidden = matching.length - shown.length;

  return (
    <Stack gap="xs">
      <TextInput
        id={`${id}-search`}
        type="search"
        size="xs"
        label={searchLabel}
        value={query}
        maxLength={200}
        leftSection={<IconSearch size={14} aria-hidden />}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && query) {
            event.stopPropagation();
            setQuery('');
          }
        }}
        rightSection={query ? <CloseButton size="sm" aria-label={clearLabel} onClick={() => setQuery('')} /> : null}
        aria-controls={listId}
        classNames={{ input: classes.searchInput }}
      />
      <div id={listId}>
        {matching.length === 0 ? (
          <Text size="sm" c="dimmed" role="status">
            {needle ? noMatchText(query.trim()) : noneText}
          </Text>
        ) : (
          <FilterCheckboxes
            label={label}
            options={shown.map((value) => ({ value, label: value }))}
            selected={selected}
            counts={counts}
            countsLoading={countsLoading}
            onToggle={onToggle}
          />
        )}
      </div>
      {(hidden > 0 || expanded) && matching.length > FACET_TOP_VALUES && (
        <Button
          variant="subtle"
          size="compact-sm"
          className={classes.showMore}
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t('Show fewer') : t('Show {count} more', { count: hidden })}
        </Button>
      )}
    </Stack>
  );
}

/** The chosen values come first and always show, however many there are. */
function chosenCount(values: readonly string[], selected: readonly string[]): number {
  return values.filter((value) => selected.includes(value)).length;
}
