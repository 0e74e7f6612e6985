import { currentLocale, LOCALE_INFO } from '@sciai/core';

/**
 * Names in a row, the page's language's way ('A、B和C', 'A, B y C'). English keeps its plain
 * commas, as the cards always wrote them.
 */
export function listNames(names: readonly string[]): string {
  const locale = currentLocale();
  if (locale === 'en') return names.join(', ');
  return new Intl.ListFormat(LOCALE_INFO[locale].tag, { style: 'long', type: 'conjunction' }).format(names);
}
