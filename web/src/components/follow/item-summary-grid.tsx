import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ItemSummary } from '../../data/item-details.ts';
import { ItemSummaryCard } from '../detail/item-summary-card.tsx';

/** A titled grid of item cards, or the sentence saying there are none. */
export function ItemSummaryGrid({
  id,
  title,
  items,
  empty,
}: {
  id: string;
  title: string;
  items: ItemSummary[];
  empty: string;
}) {
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {items.map((item) => (
            <ItemSummaryCard key={item.slug} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
