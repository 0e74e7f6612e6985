import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { describeHarvestQuery, harvestedFrom, type HarvestedItem } from '../../data/harvest-queue.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/**
 * One item a harvest added to the queue: where it came from (the source, the run and what it
 * asked), its identifiers, and the two decisions, publish or reject.
 */
export function HarvestedItemCard({
  item,
  decide,
}: {
  item: HarvestedItem;
  decide(status: 'published' | 'rejected'): Promise<void>;
}) {
  const [busy, setBusy] = useState<'published' | 'rejected' | null>(null);
  const query = describeHarvestQuery(item.query);
  const act = async (status: 'published' | 'rejected') => {
    setBusy(status);
    try {
      await decide(status);
      notifications.show({
        color: status === 'published' ? 'green' : 'red',
        title: status === 'published' ? 'Item published' : 'Item rejected',
        message: `'${item.title}' is ${status === 'published' ? 'published' : 'rejected'}.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not record the decision', message: messageOf(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={item.title}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="grape">
            {harvestedFrom(item.source)}
          </Badge>
          <Badge variant="outline" color="gray">
            {item.content_type}
          </Badge>
        </Group>
        <Title order={3} fz="md">
          {item.title}
        </Title>
        {item.short_description && <Text size="sm">{item.short_description}</Text>}
        {item.url && (
          <Anchor
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {item.url}
          </Anchor>
        )}
        <Text size="xs" c="dimmed">
          {query ? `Query: ${query}. ` : ''}
          {item.run_id
            ? `Run ${item.run_id.slice(0, 8)} started ${dateFormat.format(new Date(item.run_started_at ?? item.created_at))}.`
            : `Added ${dateFormat.format(new Date(item.created_at))}.`}
        </Text>
        {item.ids.length > 0 && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {item.ids.map((id) => `${id.scheme}:${id.value}`).join(' · ')}
          </Text>
        )}
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <Button
            color="red"
            variant="light"
            onClick={() => void act('rejected')}
            loading={busy === 'rejected'}
            disabled={busy !== null}
          >
            Reject
          </Button>
          <Button onClick={() => void act('published')} loading={busy === 'published'} disabled={busy !== null}>
            Publish
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
