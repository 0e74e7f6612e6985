import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import zh from './catalogs/zh.json' with { type: 'json' };
import es from './catalogs/es.json' with { type: 'json' };
import ar from './catalogs/ar.json' with { type: 'json' };
import type { Locale } from './locales.ts';
import { activeI18n } from './translate.ts';

/**
 * The translations, one JSON file per language beside this module: `{ "<English message>":
 * "<translation>" }`, sorted by the English text. English needs none: its messages are their
 * own text. Read by the server and the web build only: browsers get the compiled parts a page
 * needs (web/build/i18n-catalogs.ts), never this module.
 */
export type Catalog = Record<string, string>;

export const CATALOGS: Record<Locale, Catalog> = { en: {}, zh, es, ar };

/** The file a language's catalog is in, relative to the repository. */
export const catalogFile = (locale: Exclude<Locale, 'en'>) => `core/src/i18n/catalogs/${locale}.json`;

/**
 * Compiles `messages` in a language, keyed by `key` (the English text, or the web build's id).
 * A message the catalog lacks is shown in English: the catalog check fails on it, not a page.
 */
export function compileCatalog(
  catalog: Catalog,
  messages: Iterable<string>,
  key: (message: string) => string = (message) => message,
): Messages {
  const compiled: Messages = {};
  for (const message of messages) compiled[key(message)] = compileMessage(catalog[message] ?? message);
  return compiled;
}

/** The catalog as written: sorted, one message a line, so that changes merge and diff well. */
export function formatCatalog(catalog: Catalog): string {
  const keys = Object.keys(catalog).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const lines = keys.map((key) => `  ${JSON.stringify(key)}: ${JSON.stringify(catalog[key])}`);
  return lines.length ? `{\n${lines.join(',\n')}\n}\n` : '{}\n';
}

/**
 * Lets Node (the server, the CLI) show English messages with arguments and plurals: Lingui
 * compiles a message it has no compiled form of only outside production, and English has no
 * catalog. The browser never needs it: it is given compiled messages in every language.
 */
export function compileMessagesAsMet(): void {
  activeI18n().setMessagesCompiler(compileMessage);
}
