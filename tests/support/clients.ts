import { randomInt } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/**
 * supabase-js as a visitor's browser uses it: the anon key, no session, and an address of its own
 * (198.18.0.0/15, the benchmarking range) in X-Forwarded-For as the test backend's trusted proxy
 * would send it. The gateway counts every address, this machine's too, and test files share one
 * backend: without it, all their visitors would share one allowance.
 */
export function anonClient(): SupabaseClient {
  const backend = inject('backend');
  const address = `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
  return createClient(backend.url, backend.anonKey, {
    ...options,
    global: { headers: { 'x-forwarded-for': address } },
  });
}

/** supabase-js with the service-role key, as the CLI uses it: bypasses row-level security. */
export function serviceClient(): SupabaseClient {
  const backend = inject('backend');
  return createClient(backend.url, backend.serviceRoleKey, options);
}
