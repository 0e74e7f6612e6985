import type pg from 'pg';
import { bootstrapDatabase, SCHEMA_LOCK_KEY } from './bootstrap.ts';
import { applyMigrations } from './migrations.ts';

/**
 * Bootstrap then migrate, holding an advisory lock so that two processes preparing the same
 * PostgreSQL database take turns.
 */
export async function prepareDatabase(
  pool: pg.Pool,
  authenticatorPassword: string,
  options: { log?: (message: string) => void } = {},
): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    try {
      await bootstrapDatabase(client, authenticatorPassword);
      return await applyMigrations(client, undefined, options);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
