import { Button, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconDatabaseImport } from '@tabler/icons-react';
import { readyToImport, skippedSummary, type ProcessResult } from '@sciai/core';
import { t } from '../../../i18n/index.ts';

interface ImportTabProps {
  result: ProcessResult;
  /** Percent done while importing, else null. */
  importing: number | null;
  onImport: () => void;
}

/** Import (docs/product.md#csv-commit): what will be written, and the button that writes it. */
export function ImportTab({ result, importing, onImport }: ImportTabProps) {
  const busy = importing !== null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Text>{readyToImport(result.importableCount, result.type)}</Text>
        {result.duplicateCount > 0 && (
          <Text size="sm" c="dimmed">
            {skippedSummary(result.duplicateCount)}
          </Text>
        )}
        <Button
          leftSection={<IconDatabaseImport size={18} aria-hidden />}
          onClick={onImport}
          disabled={busy}
          style={{ alignSelf: 'flex-start' }}
        >
          {busy ? t('Uploading...') : t('Import to Database')}
        </Button>
        {busy && (
          <Stack gap={4}>
            <Progress value={importing} aria-label={t('Import progress')} animated />
            <Text size="sm" c="dimmed">
              {t('Importing data to database...')}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
