import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link } from 'wouter';
import {
  emptyReviewForm,
  formatNumber,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  reviewInput,
  reviewTextLength,
  ROUTES,
  storedTextLength,
  validateReviewForm,
  type ContentType,
  type ReviewFormValues,
} from '@sciai/core';
import { editReview, ReviewError, submitReview } from '../../data/reviews.ts';
import { AspectFields, RatingField, UsedForFields } from './review-form-fields.tsx';
import { t } from '../../i18n/index.ts';

interface ReviewFormProps {
  contentId: string;
  contentType: ContentType;
  /** The review being edited; a new review without it. */
  editing?: { id: string; values: ReviewFormValues };
  onDone(): void;
  onCancel?(): void;
}

/** The thanks after a write: published at once, or waiting for a moderator. */
function thanks(status: string, edited: boolean): string {
  if (status === 'published') return edited ? t('Your changes are published.') : t('Your review is published.');
  return t('Your review will appear once a moderator has approved it.');
}

/** "Write a review" and "Edit your review" (docs/product.md#reviews). */
export function ReviewForm({ contentId, contentType, editing, onDone, onCancel }: ReviewFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReviewFormValues>({
    mode: 'controlled',
    initialValues: editing?.values ?? emptyReviewForm(),
    validate: (values) => validateReviewForm(contentType, values),
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const input = reviewInput(contentType, values);
      const { status } = editing ? await editReview(editing.id, input) : await submitReview(contentId, input);
      notifications.show({
        color: 'green',
        title: t('Thank you for your review'),
        message: thanks(status, Boolean(editing)),
      });
      onDone();
    } catch (error) {
      setFailure(error instanceof ReviewError ? error.message : t('Your review could not be sent. Please try again.'));
    }
  });
  const length = reviewTextLength(form.values.text);
  const stored = storedTextLength(form.values.text);

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? t('Edit your review') : t('Write a review')}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title={t('Your review could not be saved')} role="alert">
            {failure}
            {failure.startsWith('Add your name') && (
              <>
                {' '}
                <Anchor underline="always" component={Link} href={ROUTES.profile.pattern}>
                  {t('Edit your profile')}
                </Anchor>
              </>
            )}
          </Alert>
        )}
        <RatingField form={form} />
        <UsedForFields form={form} contentType={contentType} />
        <AspectFields form={form} />
        <Textarea
          label={t('Your review')}
          required
          autosize
          minRows={5}
          maxRows={16}
          description={
            <Text span size="xs" c={stored > REVIEW_TEXT_MAX ? 'red' : 'dimmed'} aria-live="polite">
              {length < REVIEW_TEXT_MIN
                ? t(
                    '{count, plural, one {# more character needed} other {# more characters needed}}. Plain text; web addresses become links.',
                    {
                      count: REVIEW_TEXT_MIN - length,
                    },
                  )
                : t('{count} / {max} characters. Plain text; web addresses become links.', {
                    count: formatNumber(stored),
                    max: formatNumber(REVIEW_TEXT_MAX),
                  })}
            </Text>
          }
          key={form.key('text')}
          {...form.getInputProps('text')}
        />
        <Text size="xs" c="dimmed">
          {t('Your review is shown with your name and institution.')}
        </Text>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={form.submitting}>
              {t('Cancel')}
            </Button>
          )}
          <Button type="submit" loading={form.submitting}>
            {editing ? t('Save changes') : t('Publish review')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
