import type pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { z } from 'zod';
import { withDatabase } from '../support/auth.ts';

/**
 * The result of an admin RPC read through the web app's own schema (so the shape the pages rely
 * on is checked too), failing the test with the database's message when it errs.
 */
export async function rpcOk<T>(
  client: SupabaseClient,
  name: string,
  args: Record<string, unknown>,
  schema: z.ZodType<T>,
): Promise<T> {
  const { data, error } = await client.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.message}`);
  return schema.parse(data);
}

/** An admin RPC that answers nothing; fails the test with the database's message when it errs. */
export async function rpcDone(client: SupabaseClient, name: string, args: Record<string, unknown>): Promise<void> {
  const { error } = await client.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.message}`);
}

/** The SQLSTATE and message an RPC fails with (undefined code when it succeeds). */
export async function rpcFailure(client: SupabaseClient, name: string, args: Record<string, unknown> = {}) {
  const { error } = await client.rpc(name, args);
  return { code: error?.code, message: error?.message };
}

/**
 * Runs `work` as `userId` (an aal2 session, as PostgREST would set it) inside a transaction that
 * is always rolled back, so a test can shape the whole database (no other admins) without
 * disturbing the tests running beside it: PGlite serves one open transaction at a time, and
 * PostgreSQL keeps it invisible to everyone else.
 */
export async function asUserThenRollback<T>(userId: string, work: (db: pg.Client) => Promise<T>): Promise<T> {
  return withDatabase(async (db) => {
    await db.query('begin');
    try {
      return await work(db);
    } finally {
      await db.query('rollback');
    }
  });
}

export async function actAs(db: pg.Client, userId: string): Promise<void> {
  const claims = JSON.stringify({ sub: userId, role: 'authenticated', aal: 'aal2', aud: 'authenticated' });
  await db.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
  await db.query('set local role authenticated');
}
