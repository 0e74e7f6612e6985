import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'wouter';
import { FOLLOW_GROUP_LABELS, formatCount, formatNumber, type FollowTargetType } from '@sciai/core';
import { markFollowSeen, unfollow, type FollowEntry } from '../../data/follows.ts';
import { errorMessage } from './follow-button.tsx';
import { t } from '../../i18n/index.ts';

const GROUP_ORDER = Object.keys(FOLLOW_GROUP_LABELS) as FollowTargetType[];

/** What a follow is called on the page; a person whose profile went private keeps the follow, unnamed. */
function entryName(entry: FollowEntry): string {
  if (entry.target_type === 'search') return entry.label ?? entry.name ?? t('Saved search');
  return entry.name ?? t('A profile that is no longer public');
}

/**
 * The follows grouped by kind (docs/product.md#following-page), each with what is new since the
 * user last opened it, a link that marks it seen, and Unfollow.
 */
export function FollowingList({ entries, refresh }: { entries: FollowEntry[]; refresh: () => void }) {
  return (
    <Stack gap="xl">
      {GROUP_ORDER.map((type) => {
        const group = entries.filter((entry) => entry.target_type === type);
        if (group.length === 0) return null;
        const id = `following-${type}`;
        return (
          <Stack key={type} component="section" aria-labelledby={id} gap="sm">
            <Title order={2} size="h3" id={id}>
              {t('{group} ({count})', { group: t(FOLLOW_GROUP_LABELS[type]), count: formatNumber(group.length) })}
            </Title>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {group.map((entry) => (
                <FollowingRow key={entry.id} entry={entry} refresh={refresh} />
              ))}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}

function FollowingRow({ entry, refresh }: { entry: FollowEntry; refresh: () => void }) {
  const [pending, setPending] = useState(false);
  const name = entryName(entry);

  const remove = async () => {
    setPending(true);
    try {
      await unfollow(entry.id);
      notifications.show({ color: 'green', message: t('You no longer follow {name}', { name }) });
      refresh();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, t('Failed to unfollow')) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper component="li" withBorder radius="md" p="sm" data-follow-entry={entry.id}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          {entry.path ? (
            <Anchor
              component={Link}
              href={entry.path}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
              // what it brought so far is no longer new once opened
              onClick={() => void markFollowSeen(entry.id).then(refresh, () => undefined)}
            >
              {name}
            </Anchor>
          ) : (
            <Text fw={600} c="dimmed">
              {name}
            </Text>
          )}
          <Group gap="xs">
            {entry.new_count > 0 ? (
              <Badge color="blue" variant="filled" size="sm">
                {t('{count} new', { count: formatCount(entry.new_count) })}
              </Badge>
            ) : (
              <Text size="xs" c="dimmed">
                {t('Nothing new')}
              </Text>
            )}
            {entry.followers !== null && (
              <Text size="xs" c="dimmed">
                {t('{count, plural, one {{formatted} follower} other {{formatted} followers}}', {
                  count: entry.followers,
                  formatted: formatCount(entry.followers),
                })}
              </Text>
            )}
          </Group>
        </Stack>
        <Button size="xs" variant="default" loading={pending} onClick={() => void remove()}>
          {t('Unfollow')}
          <VisuallyHidden>: {name}</VisuallyHidden>
        </Button>
      </Group>
    </Paper>
  );
}
