import { Card, Stack, Text } from '@mantine/core';
import type { SubmissionRow } from '@sciai/core';
import { PossibleDuplicates } from './possible-duplicates.tsx';
import { SubmissionSummary } from './submission-summary.tsx';
import { t } from '../../i18n/index.ts';

/** Step 4: the submission exactly as it will be stored, and anything it may duplicate. */
export function ReviewStep({ row, editing }: { row: SubmissionRow; editing: string | null }) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('Check your contribution. Empty key-feature rows have been left out.')}
      </Text>
      <PossibleDuplicates
        query={{ title: row.title, url: row.url, doi: row.metadata.doi ?? null, excludeSubmission: editing }}
        emptyText={t('No similar items or submissions found.')}
      />
      <Card withBorder radius="md" padding="md">
        <SubmissionSummary row={row} />
      </Card>
    </Stack>
  );
}
