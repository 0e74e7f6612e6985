import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IMPORT_TYPES, SLUG_MAX_LENGTH, slugFor, slugify, suffixedSlug } from '@sciai/core';
import type { Database } from '../../server/src/database/engine.ts';
import { readMigrations } from '../../server/src/database/migrations.ts';
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
      `${'a'.repeat(99)} b`,
      `${'word '.repeat(19)}words`,
      `${'x'.repeat(99)}-y`,
      `-${'z'.repeat(150)}`,
    ];
    for (const type of IMPORT_TYPES) {
      const slugs = await databaseSlugs(titles, type);
      expect(slugs).toEqual(titles.map((title) => slugFor(title, type)));
      for (const slug of slugs) {
        expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
    }
  });

  it('cut to the same length, with and without a suffix', async () => {
    const titles = [`${'a'.repeat(99)} b`, `${'abc-'.repeat(40)}`, 'short', `${'é'.repeat(120)}`];
    const { rows } = await db.pool.query<{ slug: string; suffixed: string; numbered: string }>(
      `select public.slugify(t) as slug, public.suffixed_slug(public.slugify(t), 'abcdef12') as suffixed,
              public.suffixed_slug(public.slugify(t), '12') as numbered
       from unnest($1::text[]) with ordinality as u (t, n) order by n`,
      [titles],
    );
    expect(rows).toEqual(
      titles.map((title) => ({
        slug: slugify(title),
        suffixed: suffixedSlug(slugify(title), 'abcdef12'),
        numbered: suffixedSlug(slugify(title), '12'),
      })),
    );
    for (const row of rows) {
      for (const slug of Object.values(row)) expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    }
    // A taken 100-character slug: the next one is still within the limit.
    const long = `${'b'.repeat(60)} ${'c'.repeat(60)}`;
    await db.pool.query(
      `insert into public.content_items (slug, title, content_type, status) values ($1, $2, 'software', 'draft')`,
      [slugify(long), long],
    );
    try {
      const [next] = await databaseSlugs([long], 'software');
      expect(next).toBe(suffixedSlug(slugify(long), '2'));
      expect(next!.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
      // and the catalog refuses a longer one whatever wrote it
      await expect(
        db.pool.query(
          `insert into public.content_items (slug, title, content_type, status) values ($1, 'x', 'software', 'draft')`,
          ['d'.repeat(SLUG_MAX_LENGTH + 1)],
        ),
      ).rejects.toThrow(/content_items_slug_check/);
    } finally {
      await db.pool.query('delete from public.content_items where slug = $1', [slugify(long)]);
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

/**
 * A database from before the rule could hold slugs of up to 200 characters: the migration that
 * brings in the rule shortens them, and every slug stays unique.
 */
describe('the migration to 100-character slugs', () => {
  const engine = inject('engine');
  let db: Database;

  beforeAll(async () => {
    db = await openScratchDatabase({
      serverUrl: engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      prefix: 'sciai_test_slug_migration',
      pgliteImage: engine === 'pglite' ? await pgliteClusterImage() : undefined,
    });
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it('cuts over-long slugs to 100 characters, unique, and leaves the others alone', async () => {
    const migrations = readMigrations();
    const rule = migrations.findIndex((migration) => migration.name === 'slug_length');
    expect(rule).toBeGreaterThan(0);
    await buildFromMigrations(db, migrations.slice(0, rule));
    const stem = 'a'.repeat(100);
    const before = [
      `${stem}-first`, // cut: the stem, which nothing holds yet
      `${stem}-second`, // same cut: suffixed
      `${'b'.repeat(99)}-${'c'.repeat(60)}`, // cut ends on a hyphen: dropped
      `${'d'.repeat(100)}-taken`, // its cut is another item's slug: suffixed
      'd'.repeat(100),
      'short-one',
    ];
    for (const [index, slug] of before.entries()) {
      await db.pool.query(
        `insert into public.content_items (slug, title, content_type, status, created_at, published_at)
         values ($1, $2, 'paper', 'published', now() - make_interval(mins => $3), now())`,
        [slug, `Item ${index}`, 100 - index],
      );
    }
    await buildFromMigrations(db, migrations);
    const { rows } = await db.pool.query<{ title: string; slug: string }>(
      `select title, slug from public.content_items where title like 'Item %' order by title`,
    );
    const after = rows.map((row) => row.slug);
    expect(new Set(after).size).toBe(before.length);
    for (const slug of after) {
      expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(after[0]).toBe(stem);
    expect(after[1]).toMatch(new RegExp(`^${'a'.repeat(91)}-[0-9a-f]{8}$`));
    expect(after[2]).toBe('b'.repeat(99));
    expect(after[3]).toMatch(new RegExp(`^${'d'.repeat(91)}-[0-9a-f]{8}$`));
    expect(after.slice(4)).toEqual(['d'.repeat(100), 'short-one']);
  });
});
