import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { formatNumber, REVIEW_REPLY_MAX, replyTextProblem, storedTextLength } from '@sciai/core';
import { editReviewReply, replyToReview, ReviewError } from '../../data/reviews.ts';
import { t } from '../../i18n/index.ts';

interface ReplyFormProps {
  reviewId: string;
  /** The reply being edited; a new reply without it. */
  editing?: string;
  onDone(): void;
  onCancel(): void;
}

/** The maintainer's "Reply" and "Edit your reply" under a review (docs/product.md#reviews). */
export function ReplyForm({ reviewId, editing, onDone, onCancel }: ReplyFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ text: string }>({
    mode: 'controlled',
    initialValues: { text: editing ?? '' },
    validate: { text: replyTextProblem },
  });
  const submit = form.onSubmit(async ({ text }) => {
    setFailure(null);
    try {
      if (editing === undefined) await replyToReview(reviewId, text);
      else await editReviewReply(reviewId, text);
      notifications.show({
        color: 'green',
        title: editing === undefined ? t('Reply published') : t('Reply saved'),
        message: t('Readers see it under the review.'),
      });
      onDone();
    } catch (error) {
      setFailure(error instanceof ReviewError ? error.message : t('Your reply could not be sent. Please try again.'));
    }
  });
  const stored = storedTextLength(form.values.text);
  const label = editing === undefined ? t('Reply as the maintainer') : t('Edit your reply');

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="xs">
        {failure && (
          <Alert color="red" variant="light" title={t('Your reply could not be saved')} role="alert">
            {failure}
          </Alert>
        )}
        <Textarea
          label={label}
          required
          autosize
          minRows={3}
          maxRows={12}
          data-autofocus
          description={
            <Text span size="xs" c={stored > REVIEW_REPLY_MAX ? 'red' : 'dimmed'} aria-live="polite">
              {t('{count} / {max} characters. Plain text; web addresses become links. Shown with your name.', {
                count: formatNumber(stored),
                max: formatNumber(REVIEW_REPLY_MAX),
              })}
            </Text>
          }
          key={form.key('text')}
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancel} disabled={form.submitting}>
            {t('Cancel')}
          </Button>
          <Button type="submit" size="xs" loading={form.submitting}>
            {editing === undefined ? t('Publish reply') : t('Save reply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
