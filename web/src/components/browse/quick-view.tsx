import { Drawer, Modal } from '@mantine/core';
import type { SearchCard } from '../../data/search-items.ts';
import { useIsMobile } from './use-is-mobile.ts';
import { QuickViewBody } from './quick-view-body.tsx';
import { t } from '../../i18n/index.ts';

/**
 * The quick view of a result (docs/product.md#browse-quick-view): a dialog on desktop, a bottom drawer under 768px. Escape
 * and the close button close it, and focus returns to the card's 'Quick view' button.
 */
export function QuickView({ item, onClose }: { item: SearchCard | null; onClose: () => void }) {
  const isMobile = useIsMobile();
  const opened = item !== null;
  const title = item?.title;
  const body = item && <QuickViewBody item={item} compact={isMobile} />;

  if (isMobile) {
    return (
      <Drawer
        opened={opened}
        onClose={onClose}
        position="bottom"
        size="90%"
        title={title}
        closeButtonProps={{ 'aria-label': t('Close quick view') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {body}
      </Drawer>
    );
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={title}
      closeButtonProps={{ 'aria-label': t('Close quick view') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {body}
    </Modal>
  );
}
