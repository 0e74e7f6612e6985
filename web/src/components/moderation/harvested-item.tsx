import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { describeHarvestQuery, harvestedFrom, type HarvestedItem } from '../../data/harvest-queue.ts';
import { currentLocale, LOCALE_INFO } from '@sciai/core';
import { t } from '../../i18n/index.ts';
import { typeName } from '../admin/common/item-labels.ts';

/** In UTC, as the harvest runs log their times; English as in Britain ('20 Nov 2026, 10:00'). */
const formatRunTime = (iso: string) =>
  new Intl.DateTimeFormat(currentLocale() === 'en' ? 'en-GB' : LOCALE_INFO[currentLocale()].tag, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : t('Please try again.'));

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
        title: status === 'published' ? t('Item published') : t('Item rejected'),
        message:
          status === 'published'
            ? t("''{title}'' is published.", { title: item.title })
            : t("''{title}'' is rejected.", { title: item.title }),
      });
    } catch (error) {
      notifications.show({ color: 'red', title: t('Could not record the decision'), message: messageOf(error) });
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
            {typeName(item.content_type)}
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
          {query ? `${t('Query: {query}.', { query })} ` : ''}
          {item.run_id
            ? t('Run {run} started {when}.', {
                run: item.run_id.slice(0, 8),
                when: formatRunTime(item.run_started_at ?? item.created_at),
              })
            : t('Added {when}.', { when: formatRunTime(item.created_at) })}
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
            {t('Reject')}
          </Button>
          <Button onClick={() => void act('published')} loading={busy === 'published'} disabled={busy !== null}>
            {t('Publish')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
