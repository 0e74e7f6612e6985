import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'wouter';
import { CONTENT_TYPE_LABELS } from '@sciai/core';
import type { ItemDetail } from '../../data/item-details.ts';
import { CompareToggle } from '../compare/compare-toggle.tsx';
import { SaveButton } from '../save/save-button.tsx';
import { DomainBadges } from './domain-badges.tsx';
import { ShareButton } from './share-button.tsx';
import { TYPE_COLORS } from '../type-colors.ts';
import classes from './detail.module.css';

export interface DetailHeaderProps {
  item: ItemDetail;
  /** Verified, Peer Reviewed … */
  badges?: ReactNode;
  /** Shown under the title, joined by dots; empty parts are left out. */
  byline: ReadonlyArray<string | undefined>;
  /** Under the byline: a paper's authors. */
  extra?: ReactNode;
  description: string;
  /** 'Visit Website' or 'Read Paper', opening in a new tab. */
  primaryAction?: { label: string; href: string | null | undefined };
  shareUrl: string;
}

/** Back link, badges, title, byline, fields, description and the page's actions. */
export function DetailHeader({ item, badges, byline, extra, description, primaryAction, shareUrl }: DetailHeaderProps) {
  const parts = byline.filter((part): part is string => Boolean(part));
  return (
    <Stack gap="md">
      <Anchor component={Link} href="/browse" size="sm" className={classes.backLink}>
        <IconArrowLeft size={16} aria-hidden />
        Back to Browse
      </Anchor>
      <Group gap="xs">
        <Badge variant="light" color={TYPE_COLORS[item.content_type]} c="var(--mantine-color-text)" tt="none" size="lg">
          {CONTENT_TYPE_LABELS[item.content_type]}
        </Badge>
        {badges}
      </Group>
      <Stack gap={4}>
        <Title order={1} className={classes.title} data-result-card>
          {item.title}
        </Title>
        {parts.length > 0 && (
          <Text c="dimmed" size="lg">
            {parts.join(' · ')}
          </Text>
        )}
        {extra}
      </Stack>
      <DomainBadges domains={item.domains} />
      {description && (
        <Text size="md" maw={820} className={classes.description}>
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
        <SaveButton itemId={item.id} contentType={item.content_type} title={item.title} size="sm" />
        <ShareButton title={item.title} text={item.short_description || item.title} url={shareUrl} />
        <CompareToggle slug={item.slug} title={item.title} size="sm" />
      </Group>
    </Stack>
  );
}
