import { Anchor, Button, Card, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'wouter';
import { itemPath } from '@sciai/core';
import type { SearchCard } from '../../data/search-items.ts';
import { CompareToggle } from '../compare/compare-toggle.tsx';
import { SaveButton } from '../save/save-button.tsx';
import {
  DomainBadges,
  HealthMarks,
  ItemStats,
  KeyFeatureList,
  organizationByline,
  TypeBadge,
  TypeFacts,
  VerifiedBadge,
} from './item-facts.tsx';
import { t, contentLang } from '../../i18n/index.ts';
import classes from './item-card.module.css';

export interface ItemCardProps {
  item: SearchCard;
  onQuickView: (item: SearchCard) => void;
}

/**
 * docs/product.md#browse-cards: a browse result in the grid. The layout boxes and plain texts are elements styled
 * as Mantine's Group, Stack and Text (item-card.module.css): twenty cards render, commit and
 * lay out faster without a Mantine component and an inline style for each.
 */
export function ItemCard({ item, onQuickView }: ItemCardProps) {
  const organization = organizationByline(item.title, item.organization?.name);
  return (
    <Card component="article" withBorder padding="lg" radius="md" className={classes.card} data-result-card>
      <div className={classes.header}>
        <TypeBadge type={item.content_type} />
        {item.verified && <VerifiedBadge />}
        <HealthMarks item={item} />
      </div>
      <Title order={2} size="h4" className={classes.title}>
        <ItemTitleLink item={item} />
      </Title>
      {organization && <p className={classes.organization}>{organization}</p>}
      <div className={classes.body}>
        {item.short_description && (
          <p className={classes.description} lang={contentLang}>
            {item.short_description}
          </p>
        )}
        <DomainBadges slugs={item.domains} limit={2} />
        <KeyFeatureList features={item.key_features} limit={3} />
        <TypeFacts item={item} />
      </div>
      <div className={classes.footer}>
        <ItemStats item={item} />
        <ItemActions item={item} onQuickView={onQuickView} />
      </div>
    </Card>
  );
}

/** The title, linking to the item's detail page. */
export function ItemTitleLink({ item }: { item: Pick<SearchCard, 'content_type' | 'slug' | 'title'> }) {
  return (
    <Anchor
      component={Link}
      href={itemPath(item.content_type, item.slug)}
      inherit
      c="var(--mantine-color-text)"
      className={classes.titleLink}
      lang={contentLang}
    >
      {item.title}
    </Anchor>
  );
}

/** Quick view, Compare and Save; `className` lays them out otherwise (the list view's column). */
export function ItemActions({ item, onQuickView, className }: ItemCardProps & { className?: string }) {
  return (
    <div className={className ?? classes.actions}>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconEye size={16} aria-hidden />}
        aria-label={t('Quick view: {title}', { title: item.title })}
        aria-haspopup="dialog"
        onClick={() => onQuickView(item)}
      >
        {t('Quick view')}
      </Button>
      <CompareToggle slug={item.slug} title={item.title} />
      <SaveButton itemId={item.id} contentType={item.content_type} title={item.title} />
    </div>
  );
}
