import { t } from '../i18n/translate.ts';
import { DATA_SIZE_LABELS, ENGAGEMENT_LABELS } from './review-rules.ts';
import type { Review } from './review-schemas.ts';

/** "Used for" in one line: the task, the field, how much data; or what a paper's reader did. */
export function usedForLine(review: Pick<Review, 'engagement' | 'task' | 'field' | 'data_size'>): string {
  const parts = review.engagement
    ? [t(ENGAGEMENT_LABELS[review.engagement]), review.field?.name]
    : [review.task, review.field?.name, review.data_size ? t(DATA_SIZE_LABELS[review.data_size]) : null];
  return parts.filter(Boolean).join(' · ');
}
