import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { IconBookmark, IconEye } from '@tabler/icons-react';
import { Link } from 'wouter';
import { CONTENT_TYPE_LABELS, formatCount, itemPath } from '@sciai/core';
import type { ItemSummary } from '../../data/item-details.ts';
import { TYPE_COLORS } from '../type-colors.ts';
import { organizationByline } from '../browse/item-facts.tsx';
import classes from './detail.module.css';
import { t, contentLang } from '../../i18n/index.ts';

/** A linked card of another item: related items and 404 suggestions. */
export function ItemSummaryCard({ item }: { item: ItemSummary }) {
  const organization = organizationByline(item.title, item.organization_name);
  return (
    <Card
      component={Link}
      href={itemPath(item.content_type, item.slug)}
      withBorder
      radius="md"
      padding="md"
      className={classes.relatedCard}
    >
      <Group justify="space-between" mb={6}>
        <Badge variant="light" color={TYPE_COLORS[item.content_type]} c="var(--mantine-color-text)" tt="none" size="sm">
          {t(CONTENT_TYPE_LABELS[item.content_type])}
        </Badge>
      </Group>
      <Title order={3} size="h5" className={classes.title} lang={contentLang}>
        {item.title}
      </Title>
      {organization && (
        <Text size="xs" c="dimmed">
          {organization}
        </Text>
      )}
      <Text size="sm" mt="xs" lineClamp={3} className={classes.relatedSummary} data-summary>
        {item.summary}
      </Text>
      <Group gap="md" mt="sm">
        <Group gap={4} wrap="nowrap">
          <IconEye size={14} aria-hidden />
          <Text size="xs" c="dimmed">
            {t('{count} views', { count: formatCount(item.view_count) })}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <IconBookmark size={14} aria-hidden />
          <Text size="xs" c="dimmed">
            {t('{count} saves', { count: formatCount(item.save_count) })}
          </Text>
        </Group>
      </Group>
    </Card>
  );
}
