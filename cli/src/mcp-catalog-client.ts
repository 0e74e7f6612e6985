import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@sciai/core';
import type { CatalogClient } from '@sciai/core/mcp';

/** The MCP tools' catalog calls (core/src/mcp/catalog-client.ts) through a visitor's supabase-js client. */
export function supabaseCatalogClient(supabase: SupabaseClient<Database>): CatalogClient {
  return {
    // The names and arguments are core's, checked there; supabase-js types each function's own.
    rpc: (fn, args) => supabase.rpc(fn, args as never),
    read: (query) => {
      switch (query.table) {
        case 'scientific_domains':
          return supabase.from('scientific_domains').select(query.columns).order(query.order);
        case 'domain_counts':
          return supabase.from('domain_counts').select(query.columns);
        case 'content_items':
          return supabase.from('content_items').select(query.columns).eq('id', query.id).limit(1);
      }
    },
  };
}
