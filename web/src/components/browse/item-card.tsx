import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { IconBookmark, IconEye } from '@tabler/icons-react';
import { CONTENT_TYPE_LABELS, formatCount, type ContentType } from '@sciai/core';
import type { BrowseItem } from '../../data/browse-items.ts';
import classes from './item-card.module.css';

const TYPE_COLORS: Record<ContentType, string> = {
  software: 'blue',
  paper: 'grape',
  company: 'teal',
  agent: 'orange',
};

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A browse result. Detail pages come later, so the title is not a link yet. */
export function ItemCard({ item }: { item: BrowseItem }) {
  return (
    <Card component="article" withBorder padding="lg" radius="md" className={classes.card}>
      <Group justify="space-between" mb="xs">
        <Badge variant="light" color={TYPE_COLORS[item.contentType]}>
          {CONTENT_TYPE_LABELS[item.contentType]}
        </Badge>
      </Group>
      <Title order={2} size="h4" className={classes.title}>
        {item.title}
      </Title>
      {item.organizationName && (
        <Text size="sm" c="dimmed" mt={2}>
          {item.organizationName}
        </Text>
      )}
      <Text size="sm" mt="sm" lineClamp={3} className={classes.summary}>
        {item.summary}
      </Text>
      <Group gap="md" mt="md" className={classes.stats}>
        <Group gap={4} wrap="nowrap">
          <IconEye size={16} aria-hidden />
          <Text size="sm" c="dimmed">
            {plural(item.viewCount, 'view', 'views')}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <IconBookmark size={16} aria-hidden />
          <Text size="sm" c="dimmed">
            {plural(item.saveCount, 'save', 'saves')}
          </Text>
        </Group>
      </Group>
    </Card>
  );
}
