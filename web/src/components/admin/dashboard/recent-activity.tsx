import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ActivityEntry } from '../../../data/admin-dashboard.ts';
import { formatWhen } from '../common/format-time.ts';
import { describeActivity } from './activity-text.ts';

/** The latest entries of user_activity (sign-ins left out), newest first. */
export function RecentActivity({ entries }: { entries: ActivityEntry[] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        Recent Activity
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          No activity yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entries.map((entry) => (
            <Group key={entry.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 240px' }}>
                {describeActivity(entry)}
              </Text>
              <Text
                size="xs"
                c="dimmed"
                component="time"
                dateTime={entry.created_at}
                title={new Date(entry.created_at).toLocaleString('en')}
              >
                {formatWhen(entry.created_at)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
