import type { ContentType } from '../content.ts';
import type { Json } from '../database.types.ts';
import type { DataSize, Engagement, ReviewAspect } from './review-rules.ts';

/** What the review form holds: strings and numbers as the inputs give them, 0 for no stars. */
export interface ReviewFormValues {
  rating: number;
  text: string;
  task: string;
  field: string | null;
  dataSize: DataSize | null;
  version: string;
  usedOn: string;
  engagement: Engagement | null;
  aspects: Record<ReviewAspect, number>;
}

export function emptyReviewForm(): ReviewFormValues {
  return {
    rating: 0,
    text: '',
    task: '',
    field: null,
    dataSize: null,
    version: '',
    usedOn: '',
    engagement: null,
    aspects: { accuracy: 0, setup: 0, documentation: 0, support: 0 },
  };
}

/** The JSON submit_item_review and edit_item_review take, with the fields the item's type asks. */
export function reviewInput(contentType: ContentType, values: ReviewFormValues): { [field: string]: Json } {
  const isPaper = contentType === 'paper';
  const aspects = Object.fromEntries(Object.entries(values.aspects).filter(([, stars]) => stars > 0));
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const input: { [field: string]: Json | undefined } = {
    rating: values.rating,
    text: values.text,
    field: values.field ?? undefined,
    used_on: optional(values.usedOn),
    aspects: Object.keys(aspects).length ? aspects : undefined,
    ...(isPaper
      ? { engagement: values.engagement ?? undefined }
      : { task: values.task, data_size: values.dataSize ?? undefined, version: optional(values.version) }),
  };
  const present: { [field: string]: Json } = {};
  for (const [field, value] of Object.entries(input)) if (value !== undefined) present[field] = value;
  return present;
}

/** The form's values for editing a review as item_reviews_page gave it. */
export function reviewFormValues(review: {
  rating: number;
  text: string;
  task: string | null;
  field: { slug: string } | null;
  data_size: DataSize | null;
  version: string | null;
  used_on: string | null;
  engagement: Engagement | null;
  aspects: Partial<Record<ReviewAspect, number>>;
}): ReviewFormValues {
  const empty = emptyReviewForm();
  return {
    rating: review.rating,
    text: review.text,
    task: review.task ?? '',
    field: review.field?.slug ?? null,
    dataSize: review.data_size,
    version: review.version ?? '',
    usedOn: review.used_on ?? '',
    engagement: review.engagement,
    aspects: { ...empty.aspects, ...review.aspects },
  };
}
