import { Badge, Code, Table, Text } from '@mantine/core';
import type { SecurityEvent } from '../../../data/security-events.ts';
import { EVENT_TYPE_LABELS, SEVERITY_COLORS, SEVERITY_LABELS } from './security-labels.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The details as one short line: they are small objects (status, patterns, sample). */
function describeDetails(details: Record<string, unknown>): string {
  const text = JSON.stringify(details);
  return text === '{}' ? '' : text;
}

function describeActor(event: SecurityEvent): string {
  if (event.actor === 'user') return event.user_id ? `User ${event.user_id.slice(0, 8)}` : 'User';
  return event.actor === 'system' ? 'System' : 'Anonymous';
}

export function SecurityEventsTable({ events }: { events: SecurityEvent[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Time</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Severity</Table.Th>
            <Table.Th scope="col">Actor</Table.Th>
            <Table.Th scope="col">Request</Table.Th>
            <Table.Th scope="col">Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>
                <Text size="sm" component="time" dateTime={event.created_at}>
                  {timeFormat.format(new Date(event.created_at))}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{EVENT_TYPE_LABELS[event.event_type]}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={SEVERITY_COLORS[event.severity]} variant="light">
                  {SEVERITY_LABELS[event.severity]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={event.client_hash ? `Client ${event.client_hash}` : undefined}>
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
    </Table.ScrollContainer>
  );
}
