import { Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileText, IconUserCheck, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AdminDashboard } from '../../../data/admin-dashboard.ts';
import type { SystemHealth } from './system-health.ts';
import { formatNumber } from '@sciai/core';
import { msg, t } from '../../../i18n/index.ts';
import { statusName } from '../common/item-labels.ts';

/** Messages, translated where shown. */
const TYPE_LABELS: Record<string, string> = {
  software: msg('Tools'),
  paper: msg('Papers'),
  company: msg('Companies'),
  agent: msg('AI Agents'),
};

function StatCard({
  label,
  value,
  icon,
  children,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <ThemeIcon variant="light" radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
        </Group>
        <Text fz={28} fw={700} lh={1.1}>
          {value}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function Breakdown({
  title,
  counts,
  name,
}: {
  title: string;
  counts: Record<string, number>;
  /** A key's words in the page's language. */
  name: (key: string) => string;
}) {
  const entries = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return null;
  return (
    <Group gap={6} role="group" aria-label={title}>
      <Text size="xs" c="dimmed" w="100%">
        {title}
      </Text>
      {entries.map(([key, count]) => (
        <Badge key={key} variant="light" color="gray" tt="none">
          {t('{name}: {count}', { name: name(key), count: formatNumber(count) })}
        </Badge>
      ))}
    </Group>
  );
}

/** The dashboard's four figures (docs/product.md#admin-dashboard), from the database (and the server for System Status). */
export function StatCards({ dashboard, health }: { dashboard: AdminDashboard; health: SystemHealth }) {
  return (
    // columns by the cards' width in rem, not the window's: with text enlarged they take fewer columns
    // rather than spilling out of the page (WCAG 1.4.4)
    <SimpleGrid minColWidth="14rem" autoFlow="auto-fit" spacing="md">
      <StatCard label={t('Total Users')} value={formatNumber(dashboard.total_users)} icon={<IconUsers size={18} />} />
      <StatCard
        label={t('Pending Verifications')}
        value={formatNumber(dashboard.pending_verifications)}
        icon={<IconUserCheck size={18} />}
      />
      <StatCard
        label={t('Content Items')}
        value={formatNumber(dashboard.content_total)}
        icon={<IconFileText size={18} />}
      >
        <Breakdown title={t('By status')} counts={dashboard.content_by_status} name={statusName} />
        <Breakdown
          title={t('By type')}
          counts={dashboard.content_by_type}
          name={(type) => (TYPE_LABELS[type] ? t(TYPE_LABELS[type]) : type)}
        />
      </StatCard>
      <StatCard
        label={t('System Status')}
        value={
          <Text span inherit c={health.healthy ? 'teal' : 'red'}>
            {health.healthy ? t('Healthy') : t('Needs attention')}
          </Text>
        }
        icon={health.healthy ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
      >
        <Stack gap={2}>
          {health.problems.map((problem) => (
            <Text key={problem} size="xs" c="red">
              {problem}
            </Text>
          ))}
          {health.facts.map((fact) => (
            <Text key={fact} size="xs" c="dimmed">
              {fact}
            </Text>
          ))}
        </Stack>
      </StatCard>
    </SimpleGrid>
  );
}
