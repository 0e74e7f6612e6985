import { Badge, Code, Table, Text } from '@mantine/core';
import type { SecurityEvent } from '../../../data/security-events.ts';
import { EVENT_TYPE_LABELS, SEVERITY_COLORS, SEVERITY_LABELS } from './security-labels.ts';
import { formatDate } from '@sciai/core';
import { t } from '../../../i18n/index.ts';
import { ScrollTable } from '../../scroll-table.tsx';

/** The details as one short line: they are small objects (status, patterns, sample). */
function describeDetails(details: Record<string, unknown>): string {
  const text = JSON.stringify(details);
  return text === '{}' ? '' : text;
}

function describeActor(event: SecurityEvent): string {
  if (event.actor === 'user') return event.user_id ? t('User {id}', { id: event.user_id.slice(0, 8) }) : t('User');
  return event.actor === 'system' ? t('System') : t('Anonymous');
}

export function SecurityEventsTable({ events }: { events: SecurityEvent[] }) {
  return (
    <ScrollTable label={t('Security events')} minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('Time')}</Table.Th>
            <Table.Th scope="col">{t('Type')}</Table.Th>
            <Table.Th scope="col">{t('Severity')}</Table.Th>
            <Table.Th scope="col">{t('Actor')}</Table.Th>
            <Table.Th scope="col">{t('Request')}</Table.Th>
            <Table.Th scope="col">{t('Details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>
                <Text size="sm" component="time" dateTime={event.created_at}>
                  {formatDate(event.created_at, { dateStyle: 'medium', timeStyle: 'medium' })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(EVENT_TYPE_LABELS[event.event_type])}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={SEVERITY_COLORS[event.severity]} variant="light">
                  {t(SEVERITY_LABELS[event.severity])}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={event.client_hash ? t('Client {hash}', { hash: event.client_hash }) : undefined}>
                  {describeActor(event)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {[event.method, event.path].filter(Boolean).join(' ') || '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                {describeDetails(event.details) ? (
                  <Code style={{ wordBreak: 'break-all' }}>{describeDetails(event.details)}</Code>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
