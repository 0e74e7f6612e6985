import { formatDate, formatRelativeTime } from '@sciai/core';
import { t } from '../../../i18n/index.ts';

const WEEK_SECONDS = 7 * 86_400;

/** '5 minutes ago', 'yesterday', … for the last week; a date and time beyond. */
export function formatWhen(iso: string, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  if (Math.abs(time - now) / 1000 < WEEK_SECONDS) return formatRelativeTime(time, now);
  return formatDate(time, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDateTime(iso: string | null): string {
  return iso ? formatDate(Date.parse(iso), { dateStyle: 'medium', timeStyle: 'short' }) : t('Never');
}
