import { join } from 'node:path';
import { generateTypescript, introspect, sortGeneratorMetadata } from '@supabase/postgrest-typegen';
import type pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { REPO_ROOT } from '../config.ts';
import { applyMigrations } from './migrations.ts';
import { openScratchDatabase } from './scratch-database.ts';

/** Where web and CLI import supabase-js's types from (`@sciai/core` re-exports them). */
export const DATABASE_TYPES_PATH = join(REPO_ROOT, 'core/src/database.types.ts');

/** The schemas PostgREST serves (PGRST_DB_SCHEMAS in postgrest.ts): all supabase-js can reach. */
const API_SCHEMAS = ['public'];

/**
 * The types of a new database that nothing but the migrations shaped: it starts from what every
 * SciAI database starts from (scratch-database.ts), then takes every migration as the backend
 * applies them, so nothing a long-lived database picked up on the side gets in. PGlite in memory,
 * or with `serverUrl` a scratch database on that PostgreSQL server, dropped afterwards.
 */
export async function generateDatabaseTypes(options: { serverUrl?: string } = {}): Promise<string> {
  const db = await openScratchDatabase({ serverUrl: options.serverUrl, prefix: 'sciai_gen_types' });
  try {
    const client = await db.pool.connect();
    try {
      await applyMigrations(client);
    } finally {
      client.release();
    }
    return await renderDatabaseTypes(db.pool);
  } finally {
    await db.close();
  }
}

/**
 * The TypeScript module `supabase gen types typescript` writes for this database's API schemas:
 * the same introspection and template postgres-meta runs for it, then Prettier with the
 * repository's settings so the committed file passes `prettier --check` and regenerates
 * byte for byte.
 */
export async function renderDatabaseTypes(db: pg.Pool): Promise<string> {
  // The generator emits objects in metadata order; its sort pass makes that independent of
  // the catalog's physical order (which differs between PGlite and PostgreSQL).
  const metadata = sortGeneratorMetadata(await introspect(db, { includedSchemas: API_SCHEMAS }));
  return generateTypescript(metadata, {
    // `isOneToOne` lets supabase-js type an embedded row as an object instead of an array.
    detectOneToOneRelationships: true,
    defaultSchema: 'public',
    format: formatLikeTheRepository,
  });
}

async function formatLikeTheRepository(code: string): Promise<string> {
  const options = await resolveConfig(DATABASE_TYPES_PATH, { editorconfig: true });
  return format(code, { ...options, filepath: DATABASE_TYPES_PATH });
}
