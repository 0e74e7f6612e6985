import { Stack } from '@mantine/core';
import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { QuickActions } from '../../components/admin/dashboard/quick-actions.tsx';
import { RecentActivity } from '../../components/admin/dashboard/recent-activity.tsx';
import { StatCards } from '../../components/admin/dashboard/stat-cards.tsx';
import { describeSystemHealth } from '../../components/admin/dashboard/system-health.ts';
import { t } from '../../i18n/index.ts';
import { useAdminDashboard, useServerStatus } from '../../hooks/use-admin-dashboard.ts';

/** /admin: the figures, the system's health, shortcuts and what happened lately. */
export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  const status = useServerStatus();
  return (
    <AdminLayout title={t('Admin Dashboard')} description={t('Figures, system status and recent activity.')}>
      <LoadState
        data={dashboard.data}
        error={dashboard.error}
        what={t('the dashboard')}
        retry={() => void dashboard.mutate()}
      >
        {(data) => (
          <Stack gap="lg">
            <StatCards dashboard={data} health={describeSystemHealth(data, status.data, status.error)} />
            <QuickActions />
            <RecentActivity entries={data.recent_activity} />
          </Stack>
        )}
      </LoadState>
    </AdminLayout>
  );
}
