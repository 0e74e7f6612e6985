import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '@sciai/core';
import { CATALOGS, catalogFile, formatCatalog, type Catalog } from '@sciai/core/i18n-catalogs';
import { REPO_ROOT } from '../config.ts';
import { sourceMessages } from './source-messages.ts';

const readCatalog = (locale: Locale): Catalog => CATALOGS[locale];
const catalogPath = (locale: Exclude<Locale, 'en'>) => join(REPO_ROOT, catalogFile(locale));

/**
 * `npm run i18n` — the catalogs against the code:
 *   npm run i18n                 how many messages each language lacks and has unused
 *   npm run i18n -- missing zh   the messages Chinese lacks, as JSON to translate
 *   npm run i18n -- add zh f.json  adds translations from a file ({ "<English>": "<translation>" })
 *   npm run i18n -- prune        removes translations of messages the code no longer shows
 */
const [command = 'status', language, file] = process.argv.slice(2);
const messages = sourceMessages();
const others = LOCALES.filter((locale): locale is Exclude<Locale, 'en'> => locale !== 'en');

if (command === 'status') {
  process.stdout.write(`${messages.size} messages in the code\n`);
  for (const locale of others) {
    const catalog = readCatalog(locale);
    const missing = [...messages.keys()].filter((message) => !(message in catalog));
    const unused = Object.keys(catalog).filter((message) => !messages.has(message));
    process.stdout.write(`${locale}: ${missing.length} missing, ${unused.length} unused\n`);
  }
} else if (command === 'missing' && language) {
  const catalog = readCatalog(language as Locale);
  const missing = Object.fromEntries(
    [...messages.keys()].filter((message) => !(message in catalog)).map((message) => [message, '']),
  );
  process.stdout.write(`${JSON.stringify(missing, null, 2)}\n`);
} else if (command === 'add' && language && file) {
  const locale = language as Exclude<Locale, 'en'>;
  const added = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const catalog = { ...readCatalog(locale), ...Object.fromEntries(Object.entries(added).filter(([, text]) => text)) };
  writeFileSync(catalogPath(locale), formatCatalog(catalog));
} else if (command === 'prune') {
  for (const locale of others) {
    const catalog = readCatalog(locale);
    const kept = Object.fromEntries(Object.entries(catalog).filter(([message]) => messages.has(message)));
    writeFileSync(catalogPath(locale), formatCatalog(kept));
  }
} else {
  console.error('usage: npm run i18n -- [status | missing <locale> | add <locale> <file.json> | prune]');
  process.exitCode = 2;
}
