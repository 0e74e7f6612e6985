import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type pg from 'pg';
import { REPO_ROOT } from '../../config.ts';
import { openPglite, type Database } from '../engine.ts';
import { prepareDatabase } from '../prepare.ts';
import { introspectSchema } from './introspect-schema.ts';
import { readRelationships } from './relationships.ts';
import { renderDatabaseTypes } from './render-database-types.ts';

/** Where the web app imports the types from (supabase-js is typed with them). */
export const DATABASE_TYPES_PATH = join(REPO_ROOT, 'web/src/data/database.types.ts');

/**
 * A fresh in-memory database prepared exactly as the embedded backend prepares its own
 * (bootstrap, then every migration), so the types describe what the migrations make and nothing
 * a local database has picked up on the side.
 */
export async function openMigratedDatabase(): Promise<Database> {
  const db = await openPglite('memory://');
  try {
    // Nothing logs in as the authenticator here: the password only has to exist.
    await prepareDatabase(db.pool, randomBytes(16).toString('hex'));
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** The TypeScript module describing one schema of this database. */
export async function renderSchemaTypes(pool: pg.Pool, schema = 'public'): Promise<string> {
  const client = await pool.connect();
  try {
    const catalog = await introspectSchema(client, schema);
    return renderDatabaseTypes(catalog, await readRelationships(client, catalog));
  } finally {
    client.release();
  }
}

/** What `npm run gen:types` writes to web/src/data/database.types.ts. */
export async function generateDatabaseTypes(): Promise<string> {
  const db = await openMigratedDatabase();
  try {
    return await renderSchemaTypes(db.pool, 'public');
  } finally {
    await db.close();
  }
}
