import { useState } from 'react';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { groupByDomain, type LibraryItem } from '@sciai/core';
import type { SearchCard } from '../../data/search-items.ts';
import { useBrowseDomains } from '../../hooks/use-browse-domains.ts';
import { ItemCard } from '../browse/item-card.tsx';
import { QuickView } from '../browse/quick-view.tsx';
import { t } from '../../i18n/index.ts';

function CardGrid({ items, onQuickView }: { items: LibraryItem[]; onQuickView: (item: SearchCard) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {items.map((item) => (
        <ItemCard key={item.id} item={item} onQuickView={onQuickView} />
      ))}
    </SimpleGrid>
  );
}

/** Saved items as browse cards; the All tab groups them by primary domain. */
export function LibraryItems({ items, grouped }: { items: LibraryItem[]; grouped: boolean }) {
  const [quickView, setQuickView] = useState<SearchCard | null>(null);
  const domains = useBrowseDomains();
  if (items.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {t('No saved items match.')}
      </Text>
    );
  }
  return (
    <>
      {grouped ? (
        <Stack gap="xl">
          {groupByDomain(items).map((group) => (
            <section key={group.domain ?? 'none'} aria-label={group.domain ? domains.name(group.domain) : t('Other')}>
              <Title order={2} size="h4" mb="sm">
                {group.domain ? domains.name(group.domain) : t('Other')}{' '}
                <Text span c="dimmed" fz="sm" fw={400}>
                  ({group.items.length})
                </Text>
              </Title>
              <CardGrid items={group.items} onQuickView={setQuickView} />
            </section>
          ))}
        </Stack>
      ) : (
        <CardGrid items={items} onQuickView={setQuickView} />
      )}
      <QuickView item={quickView} onClose={() => setQuickView(null)} />
    </>
  );
}
