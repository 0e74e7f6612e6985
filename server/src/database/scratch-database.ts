import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openPglite, type Database } from './engine.ts';
import { createPool } from './pool.ts';

/**
 * What bootstrapDatabase runs, minus setting the authenticator's password: roles belong to the
 * whole PostgreSQL cluster, and a scratch database must not change the password a running
 * server's PostgREST logs in with.
 */
const BOOTSTRAP_STEPS = ['./bootstrap.sql', './auth-schema.sql'].map((file) =>
  readFileSync(new URL(file, import.meta.url), 'utf8'),
);

export interface ScratchDatabaseOptions {
  /** A PostgreSQL server to make the database on; PGlite otherwise. */
  serverUrl?: string;
  /** The new PostgreSQL database's name is `<prefix>_<random>`. */
  prefix: string;
  /**
   * PGlite: a tar of a new, empty cluster (PGlite's dumpDataDir of one as its initdb leaves it) to
   * start the database in memory from, instead of a new cluster's initdb (about 8 CPU-s).
   */
  pgliteImage?: string;
}

/**
 * A throwaway database with what every SciAI database starts from (the roles and the `auth`
 * schema of bootstrap.sql), for building a schema to compare and then dropping it. On PGlite it
 * lives in memory; with a PostgreSQL server URL it is a new database on that server, named
 * `<prefix>_<random>`, dropped again on close.
 */
export async function openScratchDatabase(options: ScratchDatabaseOptions): Promise<Database> {
  const db = options.serverUrl
    ? await createPostgresDatabase(options.serverUrl, options.prefix)
    : await openPglite('memory://', {}, { image: options.pgliteImage });
  try {
    for (const sql of BOOTSTRAP_STEPS) await runRetryingCatalogRaces(db.pool, sql);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * Another process bootstrapping a database on the same cluster at the same moment can make a
 * role grant fail with "tuple concurrently updated"; the statements are idempotent, so run them
 * again.
 */
async function runRetryingCatalogRaces(pool: pg.Pool, sql: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query(sql);
      return;
    } catch (error) {
      const raced = error instanceof Error && /tuple concurrently (updated|deleted)/.test(error.message);
      if (!raced || attempt === 5) throw error;
      await sleep(50 * attempt);
    }
  }
}

async function createPostgresDatabase(serverUrl: string, prefix: string): Promise<Database> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connectionString = url.toString();
  // The forced drop on close can end a connection the pool is still closing (FATAL 57P01):
  // createPool hears it.
  const pool = createPool({ connectionString, max: 4 });
  return {
    engine: 'postgres',
    connectionString,
    pool,
    async close() {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      cleanup.on('error', () => undefined);
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
