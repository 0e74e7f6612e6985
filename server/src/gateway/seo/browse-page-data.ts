import type pg from 'pg';
import {
  readPublicSettings,
  SearchResultSchema,
  searchItemsArgs,
  type FilterState,
  type PublicSettings,
  type SearchItemsArgs,
  type SearchResult,
} from '@sciai/core';

/**
 * A browse URL's first page of results and facets, as the app would fetch them: search_items()
 * with the arguments the app sends (searchItemsArgs), so the answer comes from the database's
 * own search cache when anyone asked the same before, and the app's SWR cache starts with it.
 */
export interface BrowseFirstPage {
  /** The question asked: the app uses the answer only when it would ask exactly this. */
  args: SearchItemsArgs;
  result: SearchResult;
}

/**
 * A page's search may take no longer than an anonymous visitor's own (anon's statement timeout):
 * the gateway's pool has no limit of its own, and any address can ask for any browse URL.
 */
const SEARCH_STATEMENT_TIMEOUT = '3s';

export async function loadBrowseFirstPage(pool: pg.Pool, filters: FilterState): Promise<BrowseFirstPage | undefined> {
  const args = searchItemsArgs(filters, 0);
  const client = await pool.connect();
  let rows: Array<{ result: unknown }>;
  try {
    await client.query('begin');
    await client.query(`set local statement_timeout = '${SEARCH_STATEMENT_TIMEOUT}'`);
    rows = (await querySearchItems(client, args)).rows;
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  // Checked (and its empty lists filled in) by the schema the app reads the Data API's answer with.
  const parsed = SearchResultSchema.safeParse(rows[0]?.result);
  return parsed.success ? { args, result: parsed.data } : undefined;
}

/** One call of search_items with browse's arguments (the browse page's first page, a search's feed). */
export function querySearchItems(client: pg.PoolClient, args: SearchItemsArgs) {
  return client.query<{ result: unknown }>(
    `select public.search_items(search => $1, domains => $2, content_types => $3, features => $4,
       organization_sizes => $5, year_from => $6, year_to => $7, sort_by => $8, page_offset => $9,
       page_size => $10, health => $11, operations => $12, input_data => $13) as result`,
    [
      args.search,
      args.domains,
      args.content_types,
      args.features,
      args.organization_sizes,
      args.year_from ?? null,
      args.year_to,
      args.sort_by,
      args.page_offset,
      args.page_size,
      args.health ?? [],
      args.operations ?? [],
      args.input_data ?? [],
    ],
  );
}

/** The public settings, as the app reads them (the sample-data notice, whether sign-up is open). */
export async function loadPublicSettings(pool: pg.Pool): Promise<PublicSettings> {
  const { rows } = await pool.query<{ settings: unknown }>('select public.public_site_settings() as settings');
  return readPublicSettings(rows[0]?.settings);
}
