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

/**
 * Runs `work` while holding the same lock, so that what a first start does after migrating (loading
 * the catalog into an empty catalog) happens once when two servers start together.
 */
export async function withSchemaLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
