import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@sciai/core';

export interface SciaiRuntimeConfig {
  /** null when the gateway itself serves the APIs: the page's own origin. */
  supabaseUrl: string | null;
  supabaseAnonKey: string;
  /**
   * Which auth service answers: the embedded one (with SciAI's additions, such as backup codes)
   * or a hosted project's GoTrue. Absent from a config.js older than the field.
   */
  backend?: 'embedded' | 'hosted';
}

declare global {
  interface Window {
    /** Set by /config.js, which the gateway serves and index.html loads before the app. */
    __SCIAI_CONFIG__?: SciaiRuntimeConfig;
  }
}

export class MissingConfigError extends Error {
  constructor() {
    super('The site configuration (/config.js) did not load, so the app cannot reach its data.');
    this.name = 'MissingConfigError';
  }
}

let client: Promise<SupabaseClient<Database>> | undefined;

/**
 * The one supabase-js client of the app, created on first use. Only modules in web/src/data
 * call it. Without /config.js every data call fails with MissingConfigError, which the pages
 * show as their error state, instead of the whole app failing to start.
 *
 * supabase-js is loaded with a dynamic import, not with the entry: it is about 50 KB gzipped
 * that no page needs to paint. The auth provider asks for the client in an effect right after
 * the first render, so the download starts at once; detail pages paint from the data the
 * gateway embedded in the HTML meanwhile (see initial-data.ts). Every call awaits the client.
 */
export function getSupabase(): Promise<SupabaseClient<Database>> {
  client ??= createSupabase().catch((error: unknown) => {
    // A chunk that failed to download (a network blip, a new release) may load on the next try.
    client = undefined;
    throw error;
  });
  return client;
}

async function createSupabase(): Promise<SupabaseClient<Database>> {
  const config = window.__SCIAI_CONFIG__;
  if (!config?.supabaseAnonKey) throw new MissingConfigError();
  const { createClient } = await import('@supabase/supabase-js');
  // A task of its own for creating the client (auth, realtime and storage set up): in the same
  // task as evaluating the library, the two made one long task on a slow phone.
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  return createClient<Database>(config.supabaseUrl ?? window.location.origin, config.supabaseAnonKey, {
    auth: {
      // The auth service's mail links (confirm, recover) come back with the session in the URL
      // fragment (implicit flow; it offers no PKCE): supabase-js reads it and clears the fragment.
      flowType: 'implicit',
      detectSessionInUrl: true,
      persistSession: true,
      autoRefreshToken: true,
    },
  });
}
