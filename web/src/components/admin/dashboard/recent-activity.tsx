import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ActivityEntry } from '../../../data/admin-dashboard.ts';
import { formatWhen } from '../common/format-time.ts';
import { describeActivity } from './activity-text.ts';
import { formatDate } from '@sciai/core';
import { t } from '../../../i18n/index.ts';

const FULL_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** The latest entries of user_activity (sign-ins left out), newest first. */
export function RecentActivity({ entries }: { entries: ActivityEntry[] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('Recent Activity')}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('No activity yet.')}
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
                title={formatDate(entry.created_at, FULL_TIME)}
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
