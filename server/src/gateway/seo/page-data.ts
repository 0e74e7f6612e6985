import type pg from 'pg';
import { TOP_REVIEWS, type ContentType, type ItemSeoInput } from '@sciai/core';
import { withReviews } from '../../open-data/item-reviews.ts';

/**
 * What the gateway reads for crawlers, straight from the database with its own pool (one
 * parameterised query per page). The pool bypasses row-level security, so every query says
 * `status = 'published'` itself.
 */

/**
 * A published item as item_details() returns it (the fields the head, JSON-LD and summary use),
 * with its rating and top reviews for the JSON-LD when it has published reviews.
 */
export interface SeoItem extends ItemSeoInput {
  id: string;
  verified: boolean;
  domains: Array<{ slug: string; name: string }>;
}

export async function loadItem(pool: pg.Pool, slug: string): Promise<SeoItem | undefined> {
  const { rows } = await pool.query<{ item: SeoItem | null }>(
    'select public.item_details(array[$1]::text[]) -> 0 as item',
    [slug],
  );
  const item = rows[0]?.item;
  return item ? (await withReviews(pool, [item], TOP_REVIEWS))[0] : undefined;
}

export interface SitemapRow {
  content_type: ContentType;
  slug: string;
  updated_at: Date;
}

/** One slice of the published items in a stable order, and how many there are in all. */
export async function loadSitemapRows(
  pool: pg.Pool,
  offset: number,
  limit: number,
): Promise<{ rows: SitemapRow[]; total: number }> {
  const { rows } = await pool.query<SitemapRow & { total: string }>(
    `select content_type, slug, updated_at, count(*) over () as total
     from public.content_items where status = 'published'
     order by published_at, id offset $1 limit $2`,
    [offset, limit],
  );
  // Past the end the window has no rows to count; one cheap query tells the total then.
  const total = rows.length
    ? Number(rows[0]!.total)
    : Number(
        (await pool.query<{ n: string }>(`select count(*) as n from public.content_items where status = 'published'`))
          .rows[0]!.n,
      );
  return { rows: rows.map(({ content_type, slug, updated_at }) => ({ content_type, slug, updated_at })), total };
}

export interface FeedEntry {
  content_type: ContentType;
  slug: string;
  title: string;
  summary: string;
  organization_name: string | null;
  domains: string[];
  published_at: Date;
  updated_at: Date;
}

export const FEED_COLUMNS = `
  ci.content_type, ci.slug, ci.title,
  coalesce(nullif(ci.short_description, ''), left(ci.description, 300)) as summary,
  o.name as organization_name,
  array(select d.name from public.content_domains cd join public.scientific_domains d on d.id = cd.domain_id
        where cd.content_id = ci.id order by cd.is_primary desc, d.order_index) as domains,
  ci.published_at, ci.updated_at`;

/** The newest published items, all fields (domain undefined) or one; undefined for an unknown domain. */
export async function loadFeed(
  pool: pg.Pool,
  domainSlug: string | undefined,
  limit: number,
): Promise<{ domainName: string | undefined; entries: FeedEntry[] } | undefined> {
  if (domainSlug === undefined) {
    const { rows } = await pool.query<FeedEntry>(
      `select ${FEED_COLUMNS} from public.content_items ci left join public.organizations o on o.id = ci.organization_id
       where ci.status = 'published' order by ci.published_at desc, ci.id limit $1`,
      [limit],
    );
    return { domainName: undefined, entries: rows };
  }
  const { rows } = await pool.query<{ name: string; entries: FeedEntry[] }>(
    `select d.name, coalesce((
       select json_agg(f order by f.published_at desc, f.slug) from (
         select ${FEED_COLUMNS}
         from public.content_domains cd0
         join public.content_items ci on ci.id = cd0.content_id and ci.status = 'published'
         left join public.organizations o on o.id = ci.organization_id
         where cd0.domain_id = d.id
         order by ci.published_at desc, ci.id limit $2) f), '[]') as entries
     from public.scientific_domains d where d.slug = $1`,
    [domainSlug, limit],
  );
  const row = rows[0];
  if (!row) return undefined;
  // json_agg gives the timestamps as strings.
  const entries = row.entries.map((entry) => ({
    ...entry,
    published_at: new Date(entry.published_at),
    updated_at: new Date(entry.updated_at),
  }));
  return { domainName: row.name, entries };
}
