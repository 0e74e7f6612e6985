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
let active: I18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });
let activeLocale: Locale = DEFAULT_LOCALE;

export function t(message: string, values?: Record<string, unknown>): string {
  return active._(message, values);
}

/** A message to translate where it is shown: returns what `t` takes. */
export function msg(message: string): string {
  return message;
}

/** The language messages are shown in now. */
export function currentLocale(): Locale {
  return activeLocale;
}

/** The Lingui instance `t` reads (the web app gives it to Lingui's React provider). */
export function activeI18n(): I18n {
  return active;
}

/** Shows messages in `locale` from now on (the web app: once, before its first render). */
export function activateLocale(locale: Locale, messages: Messages, instance: I18n = active): void {
  instance.load(locale, messages);
  instance.activate(locale, [LOCALE_INFO[locale].tag]);
  active = instance;
  activeLocale = locale;
}

/**
 * Runs `render` with messages in another language and returns what it made (the server: one
 * page or e-mail in its reader's language). `render` must not await: the language is that of
 * whoever calls `t` while it runs.
 */
export function inLocale<T>(locale: Locale, instance: I18n, render: () => T): T {
  const [previous, previousLocale] = [active, activeLocale];
  active = instance;
  activeLocale = locale;
  try {
    return render();
  } finally {
    active = previous;
    activeLocale = previousLocale;
  }
}
