import { Fragment, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'wouter';
import { CONTENT_TYPE_LABELS, organizationPath } from '@sciai/core';
import type { ItemDetail } from '../../data/item-details.ts';
import { CompareToggle } from '../compare/compare-toggle.tsx';
import { FollowButton } from '../follow/follow-button.tsx';
import type { FollowTarget } from '../../data/follows.ts';
import { SaveButton } from '../save/save-button.tsx';
import { DomainBadges } from './domain-badges.tsx';
import { ShareButton } from './share-button.tsx';
import { TYPE_COLORS } from '../type-colors.ts';
import classes from './detail.module.css';
import { t, contentLang } from '../../i18n/index.ts';

export interface DetailHeaderProps {
  item: ItemDetail;
  /** Verified, Peer Reviewed … */
  badges?: ReactNode;
  /** Shown under the title, joined by dots; empty parts are left out. */
  byline: ReadonlyArray<ReactNode>;
  /** Under the byline: a paper's authors. */
  extra?: ReactNode;
  description: string;
  /** 'Visit Website' or 'Read Paper', opening in a new tab. */
  primaryAction?: { label: string; href: string | null | undefined };
  shareUrl: string;
  /** What Follow follows and its label: the item itself unless given (a company's organization). */
  follow?: { target: FollowTarget; label: string };
}

/** The item's organization, linking to its page (docs/product.md#organization-page). */
export function OrganizationByline({ item }: { item: ItemDetail }) {
  if (!item.organization) return null;
  return (
    <Anchor component={Link} href={organizationPath(item.organization.id)} c="dimmed" underline="always">
      {item.organization.name}
    </Anchor>
  );
}

/** Back link, badges, title, byline, fields, description and the page's actions. */
export function DetailHeader({
  item,
  badges,
  byline,
  extra,
  description,
  primaryAction,
  shareUrl,
  follow,
}: DetailHeaderProps) {
  const parts = byline.filter((part) => part !== undefined && part !== null && part !== false && part !== '');
  return (
    <Stack gap="md">
      <Anchor component={Link} href="/browse" size="sm" className={classes.backLink}>
        <IconArrowLeft size={16} aria-hidden className={classes.directional} />
        {t('Back to Browse')}
      </Anchor>
      <Group gap="xs">
        <Badge variant="light" color={TYPE_COLORS[item.content_type]} c="var(--mantine-color-text)" tt="none" size="lg">
          {t(CONTENT_TYPE_LABELS[item.content_type])}
        </Badge>
        {badges}
      </Group>
      <Stack gap={4}>
        <Title order={1} className={classes.title} data-result-card lang={contentLang}>
          {item.title}
        </Title>
        {parts.length > 0 && (
          <Text c="dimmed" size="lg">
            {parts.map((part, index) => (
              <Fragment key={index}>
                {index > 0 && ' · '}
                {part}
              </Fragment>
            ))}
          </Text>
        )}
        {extra}
      </Stack>
      <DomainBadges domains={item.domains} />
      {description && (
        <Text size="md" maw={820} className={classes.description} lang={contentLang}>
          {description}
        </Text>
      )}
      <Group gap="sm">
        {primaryAction?.href && (
          <Button
            component="a"
            href={primaryAction.href}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={16} aria-hidden />}
          >
            {primaryAction.label}
          </Button>
        )}
        <FollowButton
          target={follow?.target ?? { type: 'item', target: item.slug }}
          label={follow?.label ?? t('Follow')}
          name={item.title}
        />
        <SaveButton itemId={item.id} contentType={item.content_type} title={item.title} size="sm" />
        <ShareButton title={item.title} text={item.short_description || item.title} url={shareUrl} />
        <CompareToggle slug={item.slug} title={item.title} size="sm" />
      </Group>
    </Stack>
  );
}
