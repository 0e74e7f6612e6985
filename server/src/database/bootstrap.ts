import { readFileSync } from 'node:fs';
import type pg from 'pg';

const BOOTSTRAP_SQL = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');
/** The auth service's own tables (sessions, tokens, MFA): local only, a hosted GoTrue has its own. */
const AUTH_SCHEMA_SQL = readFileSync(new URL('./auth-schema.sql', import.meta.url), 'utf8');

/** Serialises bootstrap and migrations across processes sharing one PostgreSQL cluster. */
export const SCHEMA_LOCK_KEY = 7_412_093_001;

/**
 * Creates what hosted Supabase provides, on databases that lack it, and sets the password
 * PostgREST logs in with.
 */
export async function bootstrapDatabase(client: pg.ClientBase, authenticatorPassword: string): Promise<void> {
  const { rows } = await client.query<{ supabase: boolean }>(
    `select exists (select 1 from pg_roles where rolname = 'supabase_admin') as supabase`,
  );
  if (rows[0]?.supabase) return; // a real Supabase database has all of it
  await client.query(BOOTSTRAP_SQL);
  await client.query(AUTH_SCHEMA_SQL);
  // ALTER ROLE takes no bind parameters: let the server quote the literal with format(%L).
  const { rows: statement } = await client.query<{ sql: string }>(
    `select format('alter role authenticator with login password %L', $1::text) as sql`,
    [authenticatorPassword],
  );
  await client.query(statement[0]!.sql);
}
