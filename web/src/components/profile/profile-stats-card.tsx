import { formatNumber } from '@sciai/core';
import { Alert, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useProfileStats } from '../../hooks/use-profile-stats.ts';
import { t, msg } from '../../i18n/index.ts';

const STATS = [
  { key: 'savedItems', label: msg('Saved items') },
  { key: 'reviews', label: msg('Reviews') },
  { key: 'contributions', label: msg('Contributions') },
] as const;

/** The quick stats (docs/product.md#profile-stats) with the database's counts (reviews: the published ones). */
export function ProfileStatsCard({ userId }: { userId: string }) {
  const { data, error, isLoading } = useProfileStats(userId);
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {t('Quick stats')}
      </Title>
      {isLoading && (
        <Group justify="center" py="sm">
          <Loader size="sm" role="status" aria-label={t('Loading stats')} />
        </Group>
      )}
      {error && !data && (
        <Alert color="red" variant="light">
          {t('Could not load your stats. Please try again later.')}
        </Alert>
      )}
      {data && (
        <SimpleGrid cols={3} spacing="xs" data-testid="profile-stats">
          {STATS.map((stat) => (
            <Stack key={stat.key} gap={0} align="center" ta="center">
              <Text fz="xl" fw={700} data-testid={`stat-${stat.key}`}>
                {formatNumber(data[stat.key])}
              </Text>
              <Text size="xs" c="dimmed">
                {t(stat.label)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}
