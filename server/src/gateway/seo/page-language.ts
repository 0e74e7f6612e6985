import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentLocale, LOCALE_INFO, LOCALES, localizedPath, negotiateLocale, type Locale } from '@sciai/core';
import type { PageHead } from './head-tags.ts';
import { jsonForScript } from './escape.ts';

/** Per language, the files of messages the web build wrote (web/build/i18n-catalogs.ts). */
export type I18nPlan = Record<Locale, { boot: string; pages: Record<string, string> }>;

/** The id of the data block that names them in each page; web/src/i18n/page-messages.ts reads it. */
export const I18N_PLAN_ELEMENT_ID = 'sciai-i18n';

/** The cookie the language switcher sets (docs/product.md#languages). */
export const LANGUAGE_COOKIE = 'sciai_lang';

export function readI18nPlan(webDist: string): I18nPlan | undefined {
  const path = join(webDist, 'i18n/plan.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as I18nPlan) : undefined;
}

/** The head's addresses in the page's language, and the page's address in every language. */
export function localizeHead(head: PageHead, origin: string, locale: Locale): PageHead {
  if (!head.canonical.startsWith(origin)) return head;
  const path = head.canonical.slice(origin.length) || '/';
  const alternates = LOCALES.map((other) => ({
    hreflang: LOCALE_INFO[other].tag,
    href: `${origin}${localizedPath(other, path)}`,
  }));
  return {
    ...head,
    canonical: `${origin}${localizedPath(locale, path)}`,
    alternates: [...alternates, { hreflang: 'x-default', href: `${origin}${path}` }],
  };
}

/** The page's `lang` and `dir`, and the messages its language needs. */
export function localizeHtml(html: string, locale: Locale, plan: I18nPlan | undefined): string {
  const { tag, dir } = LOCALE_INFO[locale];
  const withLanguage = html.replace(/<html lang="en">/, `<html lang="${tag}" dir="${dir}">`);
  if (!plan) return withLanguage;
  const block = `<script type="application/json" id="${I18N_PLAN_ELEMENT_ID}">${jsonForScript(plan[locale])}</script>\n  </head>`;
  return withLanguage.replace('</head>', block);
}

/**
 * The language a visitor asked for on an English address: their choice (the cookie), else their
 * browser's (`Accept-Language`), if it is one of the interface's.
 */
export function preferredLocale(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  const chosen = /(?:^|;\s*)sciai_lang=(en|zh|es|ar)(?:;|$)/.exec(cookieHeader ?? '');
  if (chosen) return chosen[1] as Locale;
  return negotiateLocale(acceptLanguage) ?? 'en';
}

/**
 * The `lang` attribute for the catalog's own text (names, descriptions: English, as its sources
 * wrote it) in a page in another language; nothing in an English page.
 */
export function catalogTextLang(): string {
  return currentLocale() === 'en' ? '' : ' lang="en"';
}
