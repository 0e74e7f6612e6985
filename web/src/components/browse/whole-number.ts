import { currentLocale, formatNumber } from '@sciai/core';
import { groupDigits } from '../../lib/group-digits.ts';

/**
 * A whole count grouped the page's language's way ('12,345', '12.345'). English keeps
 * groupDigits, which writes the same without Intl during the browse page's first render.
 */
export function wholeNumber(value: number): string {
  return currentLocale() === 'en' ? groupDigits(value) : formatNumber(value);
}
