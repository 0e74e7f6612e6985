import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { SearchCard } from '../../data/search-items.ts';
import { ItemActions, ItemTitleLink } from './item-card.tsx';
import { DomainBadges, ItemStats, TypeBadge, TypeFacts, VerifiedBadge } from './item-facts.tsx';
import classes from './item-row.module.css';

/** docs/product.md#browse-cards: a browse result in the list view, with up to 3 domains and the Verified badge. */
export function ItemRow({ item, onQuickView }: { item: SearchCard; onQuickView: (item: SearchCard) => void }) {
  return (
    <Card component="article" withBorder padding="md" radius="md" className={classes.row}>
      <div className={classes.main}>
        <Group gap="xs" mb={4}>
          <TypeBadge type={item.content_type} />
          {item.verified && <VerifiedBadge />}
        </Group>
        <Title order={2} size="h5" className={classes.title}>
          <ItemTitleLink item={item} />
        </Title>
        {item.organization && (
          <Text size="sm" c="dimmed">
            {item.organization.name}
          </Text>
        )}
        {item.short_description && (
          <Text size="sm" mt={4} lineClamp={2}>
            {item.short_description}
          </Text>
        )}
        <TypeFacts item={item} />
      </div>
      <Stack gap="sm" className={classes.side}>
        <DomainBadges slugs={item.domains} limit={3} />
        <ItemStats item={item} />
        <ItemActions item={item} onQuickView={onQuickView} />
      </Stack>
    </Card>
  );
}
