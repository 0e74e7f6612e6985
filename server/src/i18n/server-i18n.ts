import { AsyncLocalStorage } from 'node:async_hooks';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALE_INFO, setLocaleResolver, type Locale } from '@sciai/core';
import { CATALOGS, compileCatalog } from '@sciai/core/i18n-catalogs';

const instances = new Map<Locale, I18n>();

/** A language's messages, compiled once per process; a message a catalog lacks shows in English. */
function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    const catalog = CATALOGS[locale];
    instance = setupI18n({
      locale,
      locales: [LOCALE_INFO[locale].tag],
      messages: { [locale]: compileCatalog(catalog, Object.keys(catalog)) },
    });
    instance.setMessagesCompiler(compileMessage);
    instances.set(locale, instance);
  }
  return instance;
}

const languages = new AsyncLocalStorage<{ i18n: I18n; locale: Locale }>();
const english = { i18n: i18nFor('en'), locale: 'en' as const };
setLocaleResolver(() => languages.getStore() ?? english);

/**
 * Runs `work` (a page, an e-mail) in its reader's language: `t` and the formatters answer in
 * `locale` throughout, across awaits; outside, English.
 */
export function inLanguage<T>(locale: Locale, work: () => T): T {
  return languages.run({ i18n: i18nFor(locale), locale }, work);
}
