/**
 * Where a script reaches this site's Data API, for the API page's examples: the hosted project's
 * URL, or this page's own origin when the gateway serves the APIs; and the public anon key.
 */
export interface ApiConnection {
  origin: string;
  anonKey: string | null;
}

export function apiConnection(): ApiConnection {
  const config = typeof window === 'undefined' ? undefined : window.__SCIAI_CONFIG__;
  const origin = config?.supabaseUrl ?? (typeof window === 'undefined' ? '' : window.location.origin);
  return { origin: origin.replace(/\/+$/, ''), anonKey: config?.supabaseAnonKey ?? null };
}
