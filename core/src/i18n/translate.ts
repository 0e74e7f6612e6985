import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from './locales.ts';

/**
 * Messages are written in English in the code, as ICU MessageFormat:
 *
 *   t('Save')
 *   t('{count, plural, one {# result} other {# results}}', { count })
 *
 * The web build replaces each literal with a short id and loads the page's messages in one
 * language (docs/decisions/0092-interface-languages.md); the server and the tests look them up
 * by their English text. `msg` marks a message written in one place (a table of labels) and
 * translated where it is shown, with `t(label)`.
 */
const active: I18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });
let activeLocale: Locale = DEFAULT_LOCALE;

/** Where `t` finds its language: the page's (browser), or the request's (the server sets it). */
let resolve: () => { i18n: I18n; locale: Locale } = () => ({ i18n: active, locale: activeLocale });

export function t(message: string, values?: Record<string, unknown>): string {
  return resolve().i18n._(message, values);
}

/** A message to translate where it is shown: returns what `t` takes. */
export function msg(message: string): string {
  return message;
}

/** The language messages are shown in now. */
export function currentLocale(): Locale {
  return resolve().locale;
}

/** The Lingui instance `t` reads (the web app gives it to Lingui's React provider). */
export function activeI18n(): I18n {
  return resolve().i18n;
}

/** Shows messages in `locale` from now on (the web app: once, before its first render). */
export function activateLocale(locale: Locale, messages: Messages): void {
  active.load(locale, messages);
  active.activate(locale, [LOCALE_INFO[locale].tag]);
  activeLocale = locale;
}

/**
 * Lets the server answer each request in its own language: `resolver` names the language of
 * whatever is running (server/src/i18n/server-i18n.ts keeps it per request).
 */
export function setLocaleResolver(resolver: () => { i18n: I18n; locale: Locale }): void {
  resolve = resolver;
}
