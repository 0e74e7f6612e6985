import { Alert, Button, FileInput, Group, Paper, Progress, Radio, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { formatNumber, IMPORT_TYPE_LABELS, IMPORT_TYPES, isImportType, processingSummary } from '@sciai/core';
import type { CsvImportState } from '../../../hooks/use-csv-import.ts';
import { ColumnHelp } from './column-help.tsx';
import { TemplateButton } from './template-button.tsx';
import { t } from '../../../i18n/index.ts';

/** Size in KB with one decimal, as the file picker shows it (docs/product.md#csv-flow). */
export function formatKilobytes(bytes: number): string {
  return t('{size} KB', { size: formatNumber(bytes / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
}

/** Upload (docs/product.md#csv-flow): content type, file, 'Process & Preview', template and column help. */
export function UploadTab({ state }: { state: CsvImportState }) {
  const { type, file, processing, result, complete } = state;
  const busy = processing !== null;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Radio.Group
            label={t('Content Type')}
            value={type}
            onChange={(value) => {
              if (isImportType(value)) state.setType(value);
            }}
          >
            <Group mt="xs" gap="lg">
              {IMPORT_TYPES.map((option) => (
                <Radio key={option} value={option} label={t(IMPORT_TYPE_LABELS[option])} disabled={busy} />
              ))}
            </Group>
          </Radio.Group>
          <FileInput
            label={t('CSV File')}
            accept=".csv,text/csv"
            clearable
            clearButtonProps={{ 'aria-label': t('Clear file') }}
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            value={file}
            onChange={state.chooseFile}
            disabled={busy}
            description={
              file
                ? t('{name} ({size})', { name: file.name, size: formatKilobytes(file.size) })
                : t('Up to 20 MB and {rows} rows', { rows: formatNumber(100_000) })
            }
          />
          <Group gap="sm" wrap="wrap">
            <Button onClick={() => void state.process()} disabled={!file} loading={busy}>
              {t('Process & Preview')}
            </Button>
            <TemplateButton type={type} />
          </Group>
          {busy && (
            <Stack gap={4}>
              <Progress value={processing} aria-label={t('Processing progress')} animated />
              <Text size="sm" c="dimmed">
                {t('Processing CSV file...')}
              </Text>
            </Stack>
          )}
          {result && complete && (
            <Alert color={result.invalidCount > 0 ? 'yellow' : 'teal'} role="note">
              {processingSummary(result.validCount, result.invalidCount)}
            </Alert>
          )}
        </Stack>
      </Paper>
      <ColumnHelp type={type} />
    </Stack>
  );
}
