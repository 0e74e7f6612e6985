import { Button, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { IconCheck, IconLayoutColumns } from '@tabler/icons-react';
import { useCompare } from '../../hooks/use-compare.ts';
import { t } from '../../i18n/index.ts';

export interface CompareToggleProps {
  slug: string;
  /** Shown in the compare tray, and read to screen readers after 'Compare'. */
  title: string;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}

/**
 * Picks an item for comparison, or drops it again: a toggle button (aria-pressed) reading
 * 'Compare' or 'Added to compare'. Place it on cards, quick views and detail pages; the tray at
 * the bottom of the page lists the picks.
 */
export function CompareToggle({ slug, title, size = 'xs', fullWidth }: CompareToggleProps) {
  const { isSelected, toggle } = useCompare();
  const selected = isSelected(slug);
  const Icon = selected ? IconCheck : IconLayoutColumns;
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      variant={selected ? 'outline' : 'default'}
      aria-pressed={selected}
      data-compare-toggle={slug}
      leftSection={<Icon size={16} aria-hidden />}
      onClick={(event) => {
        // Cards may be links or open a quick view; picking must not do that too.
        event.preventDefault();
        event.stopPropagation();
        toggle({ slug, title });
      }}
    >
      {selected ? t('Added to compare') : t('Compare')}
      {/* Many cards each have this button: name the item for screen readers. */}
      <VisuallyHidden>{t(': {title}', { title })}</VisuallyHidden>
    </Button>
  );
}
