import type pg from 'pg';
import { searchItemsArgs, type FilterState } from '@sciai/core';
import { querySearchItems } from './browse-page-data.ts';
import { FEED_COLUMNS, type FeedEntry } from './page-data.ts';

/** The search may take no longer than an anonymous visitor's own (anon's statement timeout). */
const SEARCH_STATEMENT_TIMEOUT = '3s';

/**
 * A saved search's newest items (docs/product.md#notification-feeds): search_items() with the
 * browse state's filters, sorted by 'Recently Added', first page of `size`; only the items that
 * match the whole query (a page filled with items matching some of the words, a corrected query
 * or a fallback to some words is not what the search asks). With the names of the state's fields
 * for the feed's title.
 */
export async function loadSearchFeed(
  pool: pg.Pool,
  filters: FilterState,
  size: number,
): Promise<{ entries: FeedEntry[]; domainNames: Map<string, string> }> {
  const args = { ...searchItemsArgs({ ...filters, sortBy: 'recent' }, 0), page_size: size };
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local statement_timeout = '${SEARCH_STATEMENT_TIMEOUT}'`);
    const { rows } = await querySearchItems(client, args);
    const ids = fullMatches(rows[0]?.result);
    const entries = await client.query<FeedEntry & { place: number }>(
      `select ${FEED_COLUMNS}
       from unnest($1::uuid[]) with ordinality as found (id, place)
       join public.content_items ci on ci.id = found.id and ci.status = 'published'
       left join public.organizations o on o.id = ci.organization_id
       order by found.place`,
      [ids],
    );
    const domains = await client.query<{ slug: string; name: string }>(
      'select slug, name from public.scientific_domains where slug = any($1::text[])',
      [filters.domains],
    );
    await client.query('commit');
    return {
      entries: entries.rows,
      domainNames: new Map(domains.rows.map((row) => [row.slug, row.name])),
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

interface SearchAnswer {
  items?: Array<{ id?: unknown }>;
  partial_match?: boolean;
  partial_from?: number;
  corrected_search?: string;
}

function fullMatches(answer: unknown): string[] {
  const result = typeof answer === 'object' ? (answer as SearchAnswer | null) : null;
  if (!result || result.partial_match || result.corrected_search !== undefined) return [];
  const items = Array.isArray(result.items) ? result.items : [];
  const whole = typeof result.partial_from === 'number' ? items.slice(0, result.partial_from) : items;
  return whole.map((item) => item.id).filter((id): id is string => typeof id === 'string');
}
