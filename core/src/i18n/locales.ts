/**
 * The interface's languages. English is the source language: messages are written in English in
 * the code, and each other language has a catalog of translations (catalogs/<locale>.json).
 * The catalog's content (item names, descriptions) is not translated.
 */
export const LOCALES = ['en', 'zh', 'es', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export interface LocaleInfo {
  /** BCP 47 tag for `lang`, `hreflang` and `Intl` */
  tag: string;
  /** the language's own name, as the switcher shows it */
  name: string;
  dir: 'ltr' | 'rtl';
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { tag: 'en', name: 'English', dir: 'ltr' },
  zh: { tag: 'zh-Hans', name: '简体中文', dir: 'ltr' },
  es: { tag: 'es', name: 'Español', dir: 'ltr' },
  ar: { tag: 'ar', name: 'العربية', dir: 'rtl' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * A page's language is in its address: English pages have none, the others start with their
 * code (`/zh/browse`). Returns the language and the path without it.
 */
export function splitLocalePath(path: string): { locale: Locale; path: string } {
  const match = /^\/(zh|es|ar)(?=\/|$|\?|#)/.exec(path);
  if (!match) return { locale: DEFAULT_LOCALE, path };
  const rest = path.slice(match[0].length);
  return { locale: match[1] as Locale, path: rest.startsWith('/') ? rest : `/${rest}` };
}

/** The address of a path (without a language) in a language. */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The language an `Accept-Language` header prefers among the interface's, or undefined when it
 * names none of them. `zh` with any region or script reads as Simplified Chinese except the
 * Traditional ones (zh-Hant, zh-TW, zh-HK, zh-MO), which the interface does not have.
 */
export function negotiateLocale(header: string | undefined): Locale | undefined {
  if (!header || header.length > 1_000) return undefined;
  const ranges = header
    .split(',')
    .slice(0, 30)
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)).find(Boolean);
      return { range: range.trim().toLowerCase(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((entry) => entry.range && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of ranges) {
    if (/^zh-(hant|tw|hk|mo)\b/.test(range)) continue;
    const primary = range.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return undefined;
}
