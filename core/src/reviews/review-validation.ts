import type { ContentType } from '../content.ts';
import { formatNumber } from '../i18n/format-locale.ts';
import { t } from '../i18n/translate.ts';
import type { ReviewFormValues } from './review-input.ts';
import {
  HIDDEN_CHARACTERS,
  REVIEW_TASK_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_VERSION_MAX,
  reviewTextLength,
  storedTextLength,
} from './review-rules.ts';

export type ReviewFormErrors = Partial<
  Record<'rating' | 'text' | 'task' | 'version' | 'usedOn' | 'engagement', string>
>;

/**
 * The form's messages, one per field, by the rules the database applies again
 * (docs/product.md#reviews): the form says what is wrong before anything is sent.
 */
export function validateReviewForm(
  contentType: ContentType,
  values: ReviewFormValues,
  today = new Date().toISOString().slice(0, 10),
): ReviewFormErrors {
  const errors: ReviewFormErrors = {};
  if (!Number.isInteger(values.rating) || values.rating < 1 || values.rating > 5) {
    errors.rating = t('Choose a rating from 1 to 5 stars');
  }
  if (HIDDEN_CHARACTERS.test(values.text)) {
    errors.text = t('Remove control or text-direction characters from your review');
  } else if (reviewTextLength(values.text) < REVIEW_TEXT_MIN) {
    errors.text = t('Write at least {min} characters', { min: REVIEW_TEXT_MIN });
  } else if (storedTextLength(values.text) > REVIEW_TEXT_MAX) {
    errors.text = t('Keep your review to {max} characters', { max: formatNumber(REVIEW_TEXT_MAX) });
  }
  if (contentType === 'paper') {
    if (!values.engagement) errors.engagement = t('Say how you engaged with the paper');
  } else {
    const task = values.task.trim();
    if (reviewTextLength(task) === 0) errors.task = t('Say what you used it for');
    else if ([...task].length > REVIEW_TASK_MAX)
      errors.task = t('Keep the task to {max} characters', { max: REVIEW_TASK_MAX });
    else if (HIDDEN_CHARACTERS.test(task) || /[\n\r\t]/.test(task)) errors.task = t('Keep the task to one line');
    if ([...values.version.trim()].length > REVIEW_VERSION_MAX) {
      errors.version = t('Keep the version to {max} characters', { max: REVIEW_VERSION_MAX });
    }
  }
  if (values.usedOn) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.usedOn) || Number.isNaN(Date.parse(values.usedOn))) {
      errors.usedOn = t('Enter a date as YYYY-MM-DD');
    } else if (values.usedOn > today || values.usedOn < '1950-01-01') {
      errors.usedOn = t('Choose a date between 1950 and today');
    }
  }
  return errors;
}
