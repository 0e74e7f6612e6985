import { msg, t } from '../i18n/translate.ts';
/**
 * How the catalog's derived and dated facts read on cards and detail pages (docs/product.md#facts),
 * in one place so the pages, the open-data files and the exports say the same. The licence's claim
 * is license-status.ts's licenseClaimLabel: it needs the SPDX list, which browse cards do not.
 */

export type DatedContentType = 'software' | 'paper' | 'company' | 'agent';

/** What an item's year means, said with it: "Released 2021", "Published 2021", "Founded 2019". */
export function typedYearLabel(type: DatedContentType, year: number | string | null | undefined): string | undefined {
  if (year === null || year === undefined || year === '') return undefined;
  const values = { year: String(year).slice(0, 4) };
  if (type === 'paper') return t('Published {year}', values);
  if (type === 'company') return t('Founded {year}', values);
  return t('Released {year}', values);
}

/** The months as dated facts abbreviate them: messages, shown with `t(month)`. */
export const SHORT_MONTHS = [
  msg('Jan'),
  msg('Feb'),
  msg('Mar'),
  msg('Apr'),
  msg('May'),
  msg('Jun'),
  msg('Jul'),
  msg('Aug'),
  msg('Sep'),
  msg('Oct'),
  msg('Nov'),
  msg('Dec'),
];

/** "as of Mar 2025" for a YYYY-MM-DD (or YYYY-MM) date; nothing for no date or another text. */
export function asOfLabel(asOf: string | null | undefined): string | undefined {
  const match = /^(\d{4})-(\d{2})/.exec(asOf ?? '');
  const month = match ? SHORT_MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? t('as of {month} {year}', { month: t(month), year: match[1] }) : undefined;
}

/** Authors as a byline: all of them, or the first `max` and "et al." when cut here or in the catalog. */
export function authorsLine(authors: readonly string[], complete: boolean, max = Infinity): string {
  const shown = authors.slice(0, max);
  const more = !complete || authors.length > shown.length;
  return more && shown.length > 0 ? `${shown.join(', ')} et al.` : shown.join(', ');
}
