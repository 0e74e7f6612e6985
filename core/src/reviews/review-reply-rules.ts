import { formatNumber } from '../i18n/format-locale.ts';
import { t } from '../i18n/translate.ts';
import { REVIEW_REPLY_MAX, reviewTextLength, storedTextLength, HIDDEN_CHARACTERS } from './review-rules.ts';

/**
 * What is wrong with a maintainer's reply, in the database's words (review_reply_text in
 * supabase/schemas/21_review_replies.sql), or null when it may be sent.
 */
export function replyTextProblem(text: string): string | null {
  if (HIDDEN_CHARACTERS.test(text)) return t('Your reply may not contain control or text-direction characters');
  if (reviewTextLength(text) === 0)
    return t('Write your reply: 1 to {max} characters', { max: formatNumber(REVIEW_REPLY_MAX) });
  if (storedTextLength(text) > REVIEW_REPLY_MAX)
    return t('Your reply must be at most {max} characters', { max: formatNumber(REVIEW_REPLY_MAX) });
  return null;
}
