/**
 * What the MCP tools need from a Supabase client, and nothing more: the web app's SQL functions
 * and two public reads. core imports no supabase-js (it is pure); the CLI passes a thin adapter
 * over its visitor client, the gateway one over its own PostgREST (server/src/gateway/mcp/).
 * Every call runs as anon, under the same row-level security as a visitor's browser.
 */
export type CatalogFunction =
  'search_items' | 'item_details' | 'related_items' | 'item_reviews_page' | 'item_history' | 'item_version';

/** The public reads that are tables or views rather than functions. */
export type CatalogRead =
  | { table: 'scientific_domains'; columns: 'slug,name,description'; order: 'name' }
  | { table: 'domain_counts'; columns: 'slug,count' }
  | { table: 'content_items'; columns: 'slug'; id: string };

export interface CatalogAnswer {
  data: unknown;
  error: { message: string } | null;
}

export interface CatalogClient {
  rpc(fn: CatalogFunction, args: Record<string, unknown>): PromiseLike<CatalogAnswer>;
  read(query: CatalogRead): PromiseLike<CatalogAnswer>;
}

/** A failed call to the catalog, reported to the agent as a tool error (never a crash). */
export class CatalogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogError';
  }
}

export async function callCatalog(client: CatalogClient, fn: CatalogFunction, args: Record<string, unknown>) {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new CatalogError(`The catalog could not answer (${fn}): ${error.message}`);
  return data;
}

export async function readCatalog(client: CatalogClient, query: CatalogRead) {
  const { data, error } = await client.read(query);
  if (error) throw new CatalogError(`The catalog could not answer (${query.table}): ${error.message}`);
  return data;
}

/** Where the tools' links point: the site's absolute origin (PUBLIC_URL, or the gateway's own). */
export interface CatalogToolsContext {
  client: CatalogClient;
  /** Absolute URL of a site path, e.g. `/tool/alphafold` → `https://sciai.example/tool/alphafold`. */
  siteUrl: (path: string) => string;
  /** The current year, for the browse links' year range. */
  currentYear: number;
}
