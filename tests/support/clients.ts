import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** supabase-js as a visitor's browser uses it: the anon key, no session. */
export function anonClient(): SupabaseClient {
  const backend = inject('backend');
  return createClient(backend.url, backend.anonKey, options);
}

/** supabase-js with the service-role key, as the CLI uses it: bypasses row-level security. */
export function serviceClient(): SupabaseClient {
  const backend = inject('backend');
  return createClient(backend.url, backend.serviceRoleKey, options);
}
