import '@mantine/charts/styles.css';
import { useState } from 'react';
import { SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { DailyChart } from '../../components/admin/analytics/daily-chart.tsx';
import { TopLists } from '../../components/admin/analytics/top-lists.tsx';
import { WaitlistExportButton } from '../../components/admin/analytics/waitlist-export-button.tsx';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../data/admin-analytics.ts';
import { useAdminAnalytics } from '../../hooks/use-admin-analytics.ts';
import { t } from '../../i18n/index.ts';

const isPeriod = (value: number): value is AnalyticsPeriod => ANALYTICS_PERIODS.some((period) => period === value);

/** /admin/analytics: activity per day over 7, 30 or 90 days, what is popular, what people search for. */
export function AdminAnalyticsPage() {
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const analytics = useAdminAnalytics(days);
  return (
    <AdminLayout
      title={t('Analytics')}
      description={t('Per day, in UTC. Search terms are kept without any personal data.')}
      actions={<WaitlistExportButton />}
    >
      <SegmentedControl
        aria-label={t('Period')}
        value={String(days)}
        onChange={(value) => {
          const period = Number(value);
          if (isPeriod(period)) setDays(period);
        }}
        data={ANALYTICS_PERIODS.map((period) => ({
          value: String(period),
          label: t('{count, plural, one {# day} other {# days}}', { count: period }),
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <LoadState
        data={analytics.data}
        error={analytics.error}
        what={t('analytics')}
        retry={() => void analytics.mutate()}
      >
        {(data) => (
          <Stack gap="md">
            {analytics.isValidating && (
              <Text size="xs" c="dimmed" aria-live="polite">
                {t('Updating…')}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <DailyChart
                title={t('Sign-ups')}
                data={data.series}
                series={[
                  { name: 'signups', label: t('Sign-ups'), color: 'blue.6' },
                  { name: 'waitlist', label: t('Waitlist'), color: 'grape.5' },
                ]}
              />
              <DailyChart
                title={t('Views and saves')}
                data={data.series}
                series={[
                  { name: 'views', label: t('Views'), color: 'teal.5' },
                  { name: 'saves', label: t('Saves'), color: 'orange.5' },
                ]}
              />
              <DailyChart
                title={t('Submissions')}
                data={data.series}
                series={[{ name: 'submissions', label: t('Submissions'), color: 'indigo.5' }]}
              />
            </SimpleGrid>
            <TopLists
              topViewed={data.top_viewed}
              topSaved={data.top_saved}
              topTerms={data.top_terms}
              zeroResultTerms={data.zero_result_terms}
            />
          </Stack>
        )}
      </LoadState>
    </AdminLayout>
  );
}
