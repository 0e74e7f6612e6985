import { Card, Text, Title } from '@mantine/core';
import type { SearchCard } from '../../data/search-items.ts';
import { ItemActions, ItemTitleLink } from './item-card.tsx';
import {
  DomainBadges,
  HealthMarks,
  ItemStats,
  organizationByline,
  TypeBadge,
  TypeFacts,
  VerifiedBadge,
} from './item-facts.tsx';
import classes from './item-row.module.css';
import { contentLang } from '../../i18n/index.ts';

/**
 * docs/product.md#browse-cards: a browse result in the list view, the dense one for scanning. One
 * row of columns on a wide results area: type, title, organization and a one-line description;
 * up to 3 domains and the type's facts; views and saves; the actions stacked. Narrower, the
 * columns wrap under the title (item-row.module.css, by the row's own width).
 */
export function ItemRow({ item, onQuickView }: { item: SearchCard; onQuickView: (item: SearchCard) => void }) {
  const organization = organizationByline(item.title, item.organization?.name);
  return (
    <Card component="article" withBorder padding="sm" radius="md" className={classes.card} data-result-card>
      <div className={classes.row}>
        <div className={classes.main}>
          <div className={classes.heading}>
            <TypeBadge type={item.content_type} />
            {item.verified && <VerifiedBadge />}
            <HealthMarks item={item} />
            <Title order={2} size="h5" className={classes.title}>
              <ItemTitleLink item={item} />
            </Title>
          </div>
          {organization && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {organization}
            </Text>
          )}
          {item.short_description && (
            <Text size="sm" lineClamp={1} title={item.short_description} lang={contentLang}>
              {item.short_description}
            </Text>
          )}
        </div>
        <div className={classes.facts} data-one-line>
          <DomainBadges slugs={item.domains} limit={3} />
          <TypeFacts item={item} />
        </div>
        <div className={classes.stats}>
          <ItemStats item={item} />
        </div>
        <ItemActions item={item} onQuickView={onQuickView} className={classes.actions} />
      </div>
    </Card>
  );
}
