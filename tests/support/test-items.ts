import { randomInt } from 'node:crypto';
import type { ContentType } from '@sciai/core';
import { withDatabase } from './auth.ts';

export interface TestItem {
  id: string;
  slug: string;
  title: string;
}

/**
 * Eight random letters. Not hex: the text parser reads a suffix like "1e2f3a4b" as two words (a
 * number "1e2" and "f3a4b"), and the longer title then ranks lower under length normalisation,
 * so two items made alike could change places in a relevance order.
 */
function letterSuffix(): string {
  return Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

/**
 * A published item of its own for a test, so that counts and orders it asserts cannot be moved
 * by other test files sharing the backend. Starts with no views or saves; its trending baseline is
 * `trendingScore` (0 unless given).
 */
export async function createTestItem(
  contentType: ContentType = 'software',
  label = 'item',
  fields: { domainSlugs?: string[]; year?: number; url?: string; trendingScore?: number } = {},
): Promise<TestItem> {
  const suffix = letterSuffix();
  const slug = `${label}-${suffix}`;
  const title = `${label} ${suffix}`;
  const id = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.content_items (slug, title, description, short_description, content_type, url, status, published_at, year, trending_score)
       values ($1, $2, $3, $4, $5, $6, 'published', now(), $7, $8) returning id`,
      [
        slug,
        title,
        `Description of ${title}.`,
        `About ${title}`,
        contentType,
        fields.url ?? `https://example.org/${slug}`,
        fields.year ?? 2024,
        fields.trendingScore ?? 0,
      ],
    );
    const itemId = rows[0]!.id;
    if (fields.domainSlugs?.length) {
      await db.query(
        `insert into public.content_domains (content_id, domain_id, is_primary)
         select $1, d.id, d.slug = $2 from public.scientific_domains d where d.slug = any ($3::text[])`,
        [itemId, fields.domainSlugs[0], fields.domainSlugs],
      );
    }
    return itemId;
  });
  return { id, slug, title };
}

/** The item's counters as stored. */
export async function readCounters(
  id: string,
): Promise<{ save_count: number; view_count: number; trending_score: number }> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ save_count: number; view_count: number; trending_score: number }>(
      'select save_count, view_count, trending_score from public.content_items where id = $1',
      [id],
    );
    return rows[0]!;
  });
}
