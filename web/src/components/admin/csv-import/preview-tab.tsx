import { Alert, Badge, Group, List, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import {
  previewNote,
  previewRows,
  PREVIEW_ROW_LIMIT,
  type ProcessResult,
  type RowStatus,
  type ValidatedRow,
} from '@sciai/core';
import { ScrollRegion } from './scroll-region.tsx';
import { formatNumber } from '@sciai/core';
import { t } from '../../../i18n/index.ts';

const STATUS_COLORS: Record<RowStatus, string> = { Valid: 'teal', Warning: 'yellow', Invalid: 'red' };

interface PreviewTabProps {
  /** At most the first 100 rows; counts and errors are the whole file's once processing ends. */
  result: ProcessResult;
  /** Percent of the whole file processed while the rest of it is still being read, else null. */
  processing: number | null;
}

/** Preview (docs/product.md#csv-preview): counts, processing errors and the first 100 rows with their issues. */
export function PreviewTab({ result, processing }: PreviewTabProps) {
  const rows = previewRows(result);
  return (
    <Stack gap="md">
      {processing !== null ? (
        <Stack gap={4}>
          <Progress value={processing} aria-label={t('Processing progress')} animated />
          <Text size="sm" c="dimmed" role="status">
            {t('Processing CSV file...')}
          </Text>
        </Stack>
      ) : (
        <Summary result={result} />
      )}
      {result.processingErrors.length > 0 && (
        <Alert color="orange" title={t('Processing errors')} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          <List size="sm" spacing={2}>
            {result.processingErrors.map((error) => (
              <List.Item key={error}>{error}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <RowsTable rows={rows} />
      {processing === null && result.totalRows > PREVIEW_ROW_LIMIT && (
        <Text size="sm" c="dimmed">
          {previewNote(result.totalRows)}
        </Text>
      )}
    </Stack>
  );
}

function Summary({ result }: { result: ProcessResult }) {
  return (
    <Group gap="xs" aria-label={t('Summary')}>
      <Badge size="lg" variant="light" color="gray" c="var(--mantine-color-text)">
        {t('Total: {count}', { count: formatNumber(result.totalRows) })}
      </Badge>
      <Badge size="lg" variant="light" color="teal" c="var(--mantine-color-text)">
        {t('Valid: {count}', { count: formatNumber(result.validCount) })}
      </Badge>
      <Badge size="lg" variant="light" color="red" c="var(--mantine-color-text)">
        {t('Invalid: {count}', { count: formatNumber(result.invalidCount) })}
      </Badge>
    </Group>
  );
}

function RowsTable({ rows }: { rows: ValidatedRow[] }) {
  return (
    <Paper withBorder radius="md">
      <ScrollRegion label={t('Preview rows')} minWidth={560}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('Preview')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Row')}</Table.Th>
              <Table.Th>{t('Status')}</Table.Th>
              <Table.Th>{t('Title')}</Table.Th>
              <Table.Th>{t('Issues')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.rowNumber}>
                <Table.Td>{row.rowNumber}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLORS[row.status]} c="var(--mantine-color-text)">
                    {t('{status, select, Valid {Valid} Warning {Warning} Invalid {Invalid} other {{status}}}', {
                      status: row.status,
                    })}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.title}</Table.Td>
                <Table.Td>
                  {row.issues.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('None')}
                    </Text>
                  ) : (
                    <Stack gap={2}>
                      {row.issues.map((issue) => (
                        <Group key={`${issue.level}:${issue.message}`} gap={6} wrap="nowrap" align="flex-start">
                          {issue.level === 'error' ? (
                            <IconAlertCircle
                              size={16}
                              color="var(--mantine-color-red-filled)"
                              aria-hidden
                              style={{ flexShrink: 0, marginBlockStart: 2 }}
                            />
                          ) : (
                            <IconAlertTriangle
                              size={16}
                              color="var(--mantine-color-yellow-filled)"
                              aria-hidden
                              style={{ flexShrink: 0, marginBlockStart: 2 }}
                            />
                          )}
                          <Text size="sm">{issue.message}</Text>
                        </Group>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {rows.length === 0 && (
        <Text c="dimmed" p="md">
          {t('No rows could be read from this file.')}
        </Text>
      )}
    </Paper>
  );
}
