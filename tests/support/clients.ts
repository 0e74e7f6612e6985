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
  return createClient(backend.url, backend.anonKey, {
    ...options,
    global: { headers: { 'x-forwarded-for': visitorAddress() } },
  });
}

/** A random address in 198.18.0.0/15, the benchmarking range. */
export function visitorAddress(): string {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

/**
 * supabase-js with the anon key where every request comes from a new visitor's address: for
 * tests that ask the same endpoint hundreds of times a minute to compare answers, not to test
 * the rate limit (which tests/hostile covers).
 */
export function crowdClient(url: string, anonKey: string): SupabaseClient {
  const crowdFetch: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', visitorAddress());
    return fetch(input, { ...init, headers });
  };
  return createClient(url, anonKey, { ...options, global: { fetch: crowdFetch } });
}

/** supabase-js with the service-role key, as the CLI uses it: bypasses row-level security. */
export function serviceClient(): SupabaseClient {
  const backend = inject('backend');
  return createClient(backend.url, backend.serviceRoleKey, options);
}
