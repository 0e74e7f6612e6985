import { Button, Drawer } from '@mantine/core';
import { FilterPanel, type FilterPanelProps } from './filter-panel.tsx';
import { t } from '../../i18n/index.ts';
import { wholeNumber } from './whole-number.ts';
import classes from './browse-layout.module.css';

interface FilterDrawerProps extends Omit<FilterPanelProps, 'idPrefix'> {
  opened: boolean;
  onClose: () => void;
  total: number;
}

/** Under 768px the filter panel is a bottom drawer (docs/product.md#browse-filters); results update behind it. */
export function FilterDrawer({ opened, onClose, total, ...panel }: FilterDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="85%"
      title={t('Filters')}
      closeButtonProps={{ 'aria-label': t('Close filters') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <FilterPanel {...panel} idPrefix="drawer-filters" />
      <div className={classes.drawerFooter}>
        <Button fullWidth onClick={onClose}>
          {panel.countsLoading
            ? t('Show results')
            : t('{count, plural, one {Show {shown} result} other {Show {shown} results}}', {
                count: total,
                shown: wholeNumber(total),
              })}
        </Button>
      </div>
    </Drawer>
  );
}
