import { useState } from 'react';
import { Button, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { SecurityEventsTable } from '../../components/admin/security/security-events-table.tsx';
import { SecurityFilters } from '../../components/admin/security/security-filters.tsx';
import { SeveritySummary } from '../../components/admin/security/severity-summary.tsx';
import type { SecurityEventType, SecuritySeverity } from '../../data/security-events.ts';
import { useSecurityEvents, useSecuritySeverityCounts } from '../../hooks/use-security-events.ts';
import { formatNumber } from '@sciai/core';
import { t } from '../../i18n/index.ts';
import { pageControlName } from '../../components/admin/common/page-control-name.ts';

const PAGE_SIZE = 25;

/** /admin/security: what the gateway and the browser's input watcher recorded, newest first. */
export function AdminSecurityPage() {
  const [type, setType] = useState<SecurityEventType | null>(null);
  const [severity, setSeverity] = useState<SecuritySeverity | null>(null);
  const [page, setPage] = useState(1);
  const events = useSecurityEvents({ type, severity, page, pageSize: PAGE_SIZE });
  const counts = useSecuritySeverityCounts(type);
  const refresh = () => {
    void events.mutate();
    void counts.mutate();
  };

  return (
    <AdminLayout
      title={t('Security')}
      description={t(
        "Refused requests, rate limits and suspicious input recorded by the gateway and the browser's input watcher.",
      )}
      actions={
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={refresh}
          loading={events.isValidating && !!events.data}
        >
          {t('Refresh')}
        </Button>
      }
    >
      <Stack gap="md">
        <LoadState data={counts.data} error={counts.error} what={t('event counts')} retry={() => void counts.mutate()}>
          {(data) => (
            <SeveritySummary
              counts={data}
              selected={severity}
              onSelect={(value) => {
                setSeverity(value);
                setPage(1);
              }}
            />
          )}
        </LoadState>
        <SecurityFilters
          type={type}
          severity={severity}
          onTypeChange={(value) => {
            setType(value);
            setPage(1);
          }}
          onSeverityChange={(value) => {
            setSeverity(value);
            setPage(1);
          }}
        />
        <LoadState
          data={events.data}
          error={events.error}
          what={t('security events')}
          retry={() => void events.mutate()}
        >
          {(data) =>
            data.events.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                {type || severity
                  ? t('No security events match these filters.')
                  : t('No security events have been recorded.')}
              </Text>
            ) : (
              <Stack gap="sm">
                <SecurityEventsTable events={data.events} />
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text size="sm" c="dimmed" aria-live="polite">
                    {t('{from}–{to} of {total} events', {
                      from: formatNumber((page - 1) * PAGE_SIZE + 1),
                      to: formatNumber((page - 1) * PAGE_SIZE + data.events.length),
                      total: formatNumber(data.total),
                    })}
                  </Text>
                  <Pagination
                    total={Math.max(1, Math.ceil(data.total / PAGE_SIZE))}
                    value={page}
                    onChange={setPage}
                    size="sm"
                    getControlProps={(control) => ({ 'aria-label': pageControlName(control) })}
                    getItemProps={(item) => ({ 'aria-label': t('Page {page}', { page: item }) })}
                  />
                </Group>
              </Stack>
            )
          }
        </LoadState>
      </Stack>
    </AdminLayout>
  );
}
