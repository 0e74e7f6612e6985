import { Button, Drawer } from '@mantine/core';
import { FilterPanel, type FilterPanelProps } from './filter-panel.tsx';
import { groupDigits } from '../../lib/group-digits.ts';
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
      title="Filters"
      closeButtonProps={{ 'aria-label': 'Close filters' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <FilterPanel {...panel} idPrefix="drawer-filters" />
      <div className={classes.drawerFooter}>
        <Button fullWidth onClick={onClose}>
          {panel.countsLoading ? 'Show results' : total === 1 ? 'Show 1 result' : `Show ${groupDigits(total)} results`}
        </Button>
      </div>
    </Drawer>
  );
}
