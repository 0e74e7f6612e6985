import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useRelatedItems } from '../../hooks/use-item-detail.ts';
import { ItemSummaryCard } from './item-summary-card.tsx';

/** Up to four items sharing the most fields and tags; nothing at all when there are none. */
export function RelatedItems({ slug }: { slug: string }) {
  const { data } = useRelatedItems(slug);
  if (!data?.length) return null;
  return (
    <Stack component="section" aria-labelledby="related-items" gap="sm">
      <Title order={2} size="h3" id="related-items">
        Related Items
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {data.map((item) => (
          <ItemSummaryCard key={item.slug} item={item} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
