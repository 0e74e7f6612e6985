import { ActionIcon, Badge, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconLayoutGrid, IconList } from '@tabler/icons-react';
import {
  isSortOption,
  partialFillText,
  resultRangeText,
  SORT_LABELS,
  SORT_OPTIONS,
  type BrowseView,
  type SortOption,
} from '@sciai/core';
import classes from './browse-layout.module.css';
import { DeferredSelect } from './deferred-select.tsx';
import { t } from '../../i18n/index.ts';

interface ResultsToolbarProps {
  shown: number;
  total: number;
  /** The items from this index on match only some of the words. */
  partialFrom?: number;
  loaded: boolean;
  correctedSearch?: string;
  view: BrowseView;
  onViewChange: (view: BrowseView) => void;
  sortBy: SortOption;
  onSortChange: (sortBy: SortOption) => void;
  /** Phones only: the 'Filters' button and how many filters are active. */
  filters?: { activeCount: number; open: () => void; opened: boolean };
}

// Built as it renders: the labels are in the page's language, which loads after this module.
const sortData = () => SORT_OPTIONS.map((value) => ({ value, label: t(SORT_LABELS[value]) }));

/**
 * 'Showing 1-N of count', the typo note, 'Sort By' beside the count (docs/product.md#browse-sort),
 * the phone's Filters button and the grid/list toggle.
 */
export function ResultsToolbar({
  shown,
  total,
  partialFrom,
  loaded,
  correctedSearch,
  view,
  onViewChange,
  sortBy,
  onSortChange,
  filters,
}: ResultsToolbarProps) {
  return (
    <div className={classes.toolbar}>
      <div className={classes.count} role="status">
        {loaded && total > 0 && (
          <>
            <Text size="sm" fw={500}>
              {partialFrom === undefined ? resultRangeText(shown, total) : partialFillText(total, shown - partialFrom)}
            </Text>
            {correctedSearch && (
              <Text size="sm" c="dimmed" data-testid="corrected-search">
                Showing results for{' '}
                <Text span fw={600} c="var(--mantine-color-text)" size="sm">
                  {correctedSearch}
                </Text>
              </Text>
            )}
          </>
        )}
      </div>
      <Group gap="xs" className={classes.toolbarControls}>
        <DeferredSelect
          id="results-sort"
          label="Sort By"
          size="sm"
          data={sortData()}
          value={sortBy}
          allowDeselect={false}
          comboboxProps={{ width: 'target', position: 'bottom-end' }}
          classNames={{ root: classes.sort, label: classes.sortLabel, wrapper: classes.sortInput }}
          onChange={(value) => {
            if (value && isSortOption(value)) onSortChange(value);
          }}
        />
        {filters && (
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            rightSection={
              filters.activeCount > 0 ? (
                <Badge size="sm" circle>
                  {filters.activeCount}
                  <VisuallyHidden> active</VisuallyHidden>
                </Badge>
              ) : null
            }
            aria-haspopup="dialog"
            aria-expanded={filters.opened}
            onClick={filters.open}
          >
            Filters
          </Button>
        )}
        <Group gap={4} wrap="nowrap" role="group" aria-label="Layout">
          <ActionIcon
            size="lg"
            variant={view === 'grid' ? 'filled' : 'default'}
            aria-label="Grid view"
            aria-pressed={view === 'grid'}
            onClick={() => onViewChange('grid')}
          >
            <IconLayoutGrid size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            size="lg"
            variant={view === 'list' ? 'filled' : 'default'}
            aria-label="List view"
            aria-pressed={view === 'list'}
            onClick={() => onViewChange('list')}
          >
            <IconList size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </div>
  );
}
