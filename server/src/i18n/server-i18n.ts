import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { inLocale, LOCALE_INFO, type Locale } from '@sciai/core';
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

/**
 * Makes a page or an e-mail in its reader's language: `t` inside `render` answers in `locale`.
 * `render` must be synchronous (load what it shows first, then render).
 */
export function renderIn<T>(locale: Locale, render: () => T): T {
  return inLocale(locale, i18nFor(locale), render);
}
