import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IMPORT_TYPES, slugFor } from '@sciai/core';
import type { Database } from '../../server/src/database/engine.ts';
import { buildFromMigrations } from '../../server/src/database/schema-diff.ts';
import { openScratchDatabase } from '../../server/src/database/scratch-database.ts';
import { pgliteClusterImage } from '../support/database-templates.ts';

/**
 * One slug rule: an imported item's slug is core's slugFor (computed in the import pipeline), an
 * approved contribution's is the database's unique_item_slug. On an empty catalog (no suffix
 * needed) the two must agree on any title: random ones, and the accented and odd ones that once
 * came out differently ('Protéine' → 'proteine' by import, 'protine' by moderation).
 */
describe('slugs from titles agree between core and the database', () => {
  const engine = inject('engine');
  let db: Database;

  beforeAll(async () => {
    db = await openScratchDatabase({
      serverUrl: engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      prefix: 'sciai_test_slug_rule',
      // a new cluster in memory from a tar rather than PGlite's initdb (~8 CPU-s)
      pgliteImage: engine === 'pglite' ? await pgliteClusterImage() : undefined,
    });
    await buildFromMigrations(db);
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  async function databaseSlugs(titles: string[], fallback: string): Promise<string[]> {
    const { rows } = await db.pool.query<{ slug: string }>(
      'select public.unique_item_slug(t.title, $2) as slug from unnest($1::text[]) with ordinality as t (title, n) order by t.n',
      [titles, fallback],
    );
    return rows.map((row) => row.slug);
  }

  it('on accented, transliterated, spaced and empty titles', async () => {
    const titles = [
      'Protéine',
      'AlphaFold 2: Protein Structure',
      'Crème brûlée — naïve café',
      'Ørsted Straße Æther Œuvre Þing Łódź Đakovo Ħamrun',
      'ﬁne-tuned ² Ⅻ ＡＢＣ Kelvin İstanbul',
      'non\u00a0breaking\u2028line\u3000wide\ufeffbom\u1680ogham\tand\nnewlines',
      '  --  Leading and trailing --  ',
      'Ελληνικά',
      '日本語',
      '',
      '!!!',
      `${'é'.repeat(170)} long title ${'ü'.repeat(100)}`,
      `${'a'.repeat(179)} b`,
    ];
    for (const type of IMPORT_TYPES) {
      expect(await databaseSlugs(titles, type)).toEqual(titles.map((title) => slugFor(title, type)));
    }
  });

  it('on random titles', async () => {
    const latin = fc.constantFrom(...'abcxyzABCXYZ0189 -'.split(''));
    const marked = fc.constantFrom(
      ...'éèêëàâäáãåçñóòôöõúùûüíìîïýÿÉÈÀÇÑÖÜøØłŁđĐðÐħĦŧŦıßẞæÆœŒþÞ'.split(''),
      ...[
        'ﬁ',
        '²',
        'Ⅻ',
        'Ａ',
        'K',
        'İ',
        '\u0301',
        '\u00a0',
        '\u2028',
        '\u2029',
        '\u3000',
        '\ufeff',
        '\u1680',
        '\t',
        '\n',
      ],
    );
    // Letters, marks, symbols and spaces of many scripts (no surrogates, no NUL).
    const anyCharacter = fc.integer({ min: 0x20, max: 0x2fff }).map((codePoint) => String.fromCodePoint(codePoint));
    const title = fc
      .array(fc.oneof({ arbitrary: latin, weight: 4 }, { arbitrary: marked, weight: 2 }, anyCharacter), {
        maxLength: 260,
      })
      .map((characters) => characters.join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(title, { minLength: 1, maxLength: 40 }), async (titles) => {
        expect(await databaseSlugs(titles, 'paper')).toEqual(titles.map((t) => slugFor(t, 'paper')));
      }),
      { numRuns: 40 },
    );
  });
});
