import type { FieldErrors, SubmissionDraft } from '@sciai/core';

/** What every wizard step receives: the draft, the messages to show, and a way to change it. */
export interface StepProps {
  draft: SubmissionDraft;
  errors: FieldErrors;
  onChange(patch: Partial<SubmissionDraft>): void;
}
