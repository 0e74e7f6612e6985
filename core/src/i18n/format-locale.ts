import { LOCALE_INFO, type Locale } from './locales.ts';
import { currentLocale } from './translate.ts';

/**
 * Numbers, counts and dates in the language messages are shown in (`Intl`, with the language's
 * BCP 47 tag). The catalog's own figures keep their sources' digits; only the way they are
 * written changes ("12,345" in English, "12.345" in Spanish).
 */
const tag = (locale: Locale = currentLocale()) => LOCALE_INFO[locale].tag;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let format = cache.get(key) as T | undefined;
  if (!format) cache.set(key, (format = make()));
  return format;
}

/** A whole or decimal number, grouped the language's way. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}, locale?: Locale): string {
  const key = `n ${tag(locale)} ${JSON.stringify(options)}`;
  return cached(key, () => new Intl.NumberFormat(tag(locale), options)).format(value);
}

/**
 * A count in short form: "1.2K" in English (docs/product.md#count-format: one decimal, no ".0"),
 * the language's own compact form elsewhere ("1200" and "1.2万" in Chinese, "1,2 mil" in Spanish).
 */
export function formatCompactCount(value: number, locale: Locale = currentLocale()): string {
  if (locale === 'en') {
    if (value >= 1_000_000) return `${trimZero((value / 1_000_000).toFixed(1))}M`;
    if (value >= 1_000) return `${trimZero((value / 1_000).toFixed(1))}K`;
    return String(value);
  }
  return formatNumber(value, { notation: 'compact', maximumFractionDigits: 1 }, locale);
}

function trimZero(fixed: string): string {
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}

/** A date (and time, with `timeStyle`), as the language writes it: "7 Dec 2026", "2026年12月7日". */
export function formatDate(
  value: string | number | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  locale?: Locale,
): string {
  const key = `d ${tag(locale)} ${JSON.stringify(options)}`;
  return cached(key, () => new Intl.DateTimeFormat(tag(locale), options)).format(new Date(value));
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** How long ago (or until) a moment, in the language's words: "3 hours ago", "hace 3 horas". */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now(), locale?: Locale): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const [unit, size] = UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  const key = `r ${tag(locale)}`;
  return cached(key, () => new Intl.RelativeTimeFormat(tag(locale), { numeric: 'auto' })).format(
    Math.round(seconds / size),
    unit,
  );
}
