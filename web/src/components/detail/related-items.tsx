import { memo, useDeferredValue } from 'react';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { ItemSummary } from '../../data/item-details.ts';
import { useRelatedItems } from '../../hooks/use-item-detail.ts';
import { ItemSummaryCard } from './item-summary-card.tsx';
import { t } from '../../i18n/index.ts';

/** Up to four items sharing the most fields and tags; nothing at all when there are none. */
export function RelatedItems({ slug }: { slug: string }) {
  // rendered in the background when they arrive (a transition), not in one long task
  const items = useDeferredValue(useRelatedItems(slug).data);
  return <RelatedItemsSection items={items} />;
}

/** Memoized: the render with the previous list, which comes first, skips the cards. */
const RelatedItemsSection = memo(function RelatedItemsSection({ items }: { items: ItemSummary[] | undefined }) {
  if (!items?.length) return null;
  return (
    <Stack component="section" aria-labelledby="related-items" gap="sm">
      <Title order={2} size="h3" id="related-items">
        {t('Related Items')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {items.map((item) => (
          <ItemSummaryCard key={item.slug} item={item} />
        ))}
      </SimpleGrid>
    </Stack>
  );
});
