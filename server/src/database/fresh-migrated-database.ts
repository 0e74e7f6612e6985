import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from './engine.ts';
import { prepareDatabase } from './prepare.ts';

export interface FreshDatabaseOptions {
  /** A PostgreSQL server to make the database on; unset: PGlite in memory. */
  serverUrl?: string;
  /** Name prefix of the database made on `serverUrl` (a random suffix follows). */
  prefix?: string;
  /**
   * Set on the cluster-wide `authenticator` role by the bootstrap. On a PostgreSQL server that
   * also runs a SciAI backend, pass that backend's (its data directory's secrets), or its
   * PostgREST cannot log in again. Unset: a random one, which is right for PGlite.
   */
  authenticatorPassword?: string;
}

/**
 * A new database prepared exactly as the backend prepares its own (bootstrap, then the
 * migrations, through prepareDatabase), and nothing else: what the schema files make, free of
 * whatever a long-lived database picked up on the side. On PGlite it lives in memory; on
 * PostgreSQL it is `<prefix>_<random>` on `serverUrl`, dropped again by close().
 */
export async function openFreshMigratedDatabase(options: FreshDatabaseOptions = {}): Promise<Database> {
  const db = options.serverUrl
    ? await createPostgresDatabase(options.serverUrl, options.prefix ?? 'sciai_fresh')
    : await openPglite('memory://');
  try {
    await prepareDatabase(db.pool, options.authenticatorPassword ?? randomBytes(16).toString('hex'));
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function createPostgresDatabase(serverUrl: string, prefix: string): Promise<Database> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const db = await openPostgres(url.toString());
    return {
      ...db,
      async close() {
        await db.close();
        await onServer(serverUrl, `drop database if exists ${name} with (force)`);
      },
    };
  } catch (error) {
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    throw error;
  }
}

/** One statement on the server's maintenance connection (CREATE/DROP DATABASE run outside any). */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
