import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { join } from 'node:path';
import { LOCALES } from '@sciai/core';
import { CATALOGS, catalogFile, formatCatalog } from '@sciai/core/i18n-catalogs';
import { REPO_ROOT } from '../config.ts';
import { sourceMessages } from './source-messages.ts';

const messages = sourceMessages();

type Compiled = string | Array<string | [string, string?, Record<string, Compiled>?]>;

/** The names of a message's arguments ({count}, {name, plural, …}), which a translation must keep. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const visit = (compiled: Compiled | undefined) => {
    // a plural's options hold its branches (and an `offset`, possibly undefined)
    if (!Array.isArray(compiled)) return;
    for (const part of compiled) {
      if (typeof part === 'string') continue;
      names.add(part[0]);
      if (typeof part[2] === 'object') for (const branch of Object.values(part[2])) visit(branch);
    }
  };
  visit(compileMessage(message) as Compiled);
  return [...names].sort();
}

describe('the interface catalogs', () => {
  for (const locale of LOCALES.filter((locale) => locale !== 'en')) {
    const catalog = CATALOGS[locale];
    it(`${locale} translates every message the code shows, and nothing else`, () => {
      const missing = [...messages]
        .filter(([message]) => !(message in catalog))
        .map(([message, at]) => `${at[0]}: ${message}`);
      const unused = Object.keys(catalog).filter((message) => !messages.has(message));
      expect({ missing, unused }).toEqual({ missing: [], unused: [] });
    });
    it(`${locale} keeps each message's arguments and is valid ICU`, () => {
      const wrong = Object.entries(catalog)
        .filter(([message]) => messages.has(message))
        .filter(([message, translation]) => {
          try {
            return translation.trim() === '' || argumentsOf(translation).join() !== argumentsOf(message).join();
          } catch {
            return true;
          }
        })
        .map(([message, translation]) => `${message} → ${translation}`);
      expect(wrong).toEqual([]);
    });
    it(`${locale} is written sorted, one message a line`, () => {
      expect(readFileSync(join(REPO_ROOT, catalogFile(locale)), 'utf8')).toBe(formatCatalog(catalog));
    });
  }
});
