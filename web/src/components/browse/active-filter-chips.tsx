import { Badge, Button, CloseButton, Group } from '@mantine/core';
import {
  activeFilterLabel,
  activeFilters,
  clearFilters,
  isFilterActive,
  withoutFilter,
  type FilterState,
} from '@sciai/core';
import { useBrowseDomains } from '../../hooks/use-browse-domains.ts';
import type { HistoryMode } from '../../hooks/use-browse-state.ts';
import { readableBadgeClass } from './item-facts.tsx';
import { t } from '../../i18n/index.ts';
import classes from './filter-panel.module.css';

interface ActiveFilterChipsProps {
  filters: FilterState;
  currentYear: number;
  onChange: (next: FilterState, mode?: HistoryMode) => void;
}

/**
 * A removable chip per active filter, and 'Clear All' while filters are active (docs/product.md#browse-active:
 * search, domains, features or sizes set, or sort not relevance).
 */
export function ActiveFilterChips({ filters, currentYear, onChange }: ActiveFilterChipsProps) {
  const domains = useBrowseDomains();
  const chips = activeFilters(filters, currentYear);
  if (chips.length === 0) return null;

  return (
    <Group gap={6} className={classes.chips} aria-label={t('Active filters')} role="group">
      {chips.map((chip) => {
        const label = activeFilterLabel(chip, domains.name);
        return (
          <Badge
            key={`${chip.kind}:${chip.value}`}
            variant="light"
            tt="none"
            fw={500}
            size="lg"
            classNames={{ root: `${classes.chip} ${readableBadgeClass}`, label: classes.chipLabel }}
            rightSection={
              <CloseButton
                size="xs"
                radius="xl"
                aria-label={t('Remove filter: {label}', { label })}
                onClick={() => onChange(withoutFilter(filters, chip, currentYear))}
              />
            }
          >
            {label}
          </Badge>
        );
      })}
      {isFilterActive(filters) && (
        <Button variant="subtle" size="compact-sm" onClick={() => onChange(clearFilters(filters, currentYear))}>
          {t('Clear All')}
        </Button>
      )}
    </Group>
  );
}
