import { Box, Stack, Text } from '@mantine/core';
import { historyFieldLabel, historyValueText, isProseField, wordDiff, type FieldChange as Change } from '@sciai/core';
import classes from './history.module.css';
import { t } from '../../i18n/index.ts';

/** A text's change as one passage: removed words struck through, added ones marked. */
function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <Text size="sm" className={classes.diff} component="div">
      {wordDiff(before, after).map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <del key={index} className={classes.removed}>
            <span className={classes.hidden}>{t('[removed:')} </span>
            {part.text}
            <span className={classes.hidden}>]</span>
          </del>
        ) : (
          <ins key={index} className={classes.added}>
            <span className={classes.hidden}>{t('[added:')} </span>
            {part.text}
            <span className={classes.hidden}>]</span>
          </ins>
        ),
      )}
    </Text>
  );
}

/** One field of a version: a word diff for prose, before → after for a fact. */
export function FieldChange({ field, change }: { field: string; change: Change }) {
  const prose =
    isProseField(field) &&
    (typeof change.old === 'string' || change.old === null) &&
    (typeof change.new === 'string' || change.new === null);
  return (
    <Stack gap={4} component="section" aria-label={t(historyFieldLabel(field))}>
      <Text fw={600} size="sm">
        {t(historyFieldLabel(field))}
      </Text>
      {prose ? (
        <TextDiff before={(change.old as string | null) ?? ''} after={(change.new as string | null) ?? ''} />
      ) : (
        <Box className={classes.facts}>
          <Text size="sm" component="span" className={classes.removed}>
            <span className={classes.hidden}>{t('Before:')} </span>
            {historyValueText(change.old)}
          </Text>
          <Text size="sm" component="span" c="dimmed" aria-hidden>
            {' → '}
          </Text>
          <Text size="sm" component="span" className={classes.added}>
            <span className={classes.hidden}>{t('After:')} </span>
            {historyValueText(change.new)}
          </Text>
        </Box>
      )}
    </Stack>
  );
}
