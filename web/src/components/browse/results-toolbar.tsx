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
import { t, Trans } from '../../i18n/index.ts';

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
                <Trans
                  id="Showing results for <0>{search}</0>"
                  values={{ search: correctedSearch }}
                  components={{ 0: <Text span fw={600} c="var(--mantine-color-text)" size="sm" /> }}
                />
              </Text>
            )}
          </>
        )}
      </div>
      <Group gap="xs" className={classes.toolbarControls}>
        <DeferredSelect
          id="results-sort"
          label={t('Sort By')}
          size="sm"
          data={SORT_OPTIONS.map((value) => ({ value, label: t(SORT_LABELS[value]) }))}
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
                  <VisuallyHidden> {t('active')}</VisuallyHidden>
                </Badge>
              ) : null
            }
            aria-haspopup="dialog"
            aria-expanded={filters.opened}
            onClick={filters.open}
          >
            {t('Filters')}
          </Button>
        )}
        <Group gap={4} wrap="nowrap" role="group" aria-label={t('Layout')}>
          <ActionIcon
            size="lg"
            variant={view === 'grid' ? 'filled' : 'default'}
            aria-label={t('Grid view')}
            aria-pressed={view === 'grid'}
            onClick={() => onViewChange('grid')}
          >
            <IconLayoutGrid size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            size="lg"
            variant={view === 'list' ? 'filled' : 'default'}
            aria-label={t('List view')}
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
