import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { bootstrapDatabase } from './bootstrap.ts';
import { openPglite, type Database } from './engine.ts';

/**
 * A throwaway database with what every SciAI database starts from (the roles and the `auth`
 * schema of bootstrap.sql), for building a schema to compare and then dropping it. On PGlite it
 * lives in memory; with a PostgreSQL server URL it is a new database on that server, named
 * `<prefix>_<random>`, dropped again on close.
 */
export async function openScratchDatabase(options: { serverUrl?: string; prefix: string }): Promise<Database> {
  const db = options.serverUrl
    ? await createPostgresDatabase(options.serverUrl, options.prefix)
    : await openPglite('memory://');
  try {
    const client = await db.pool.connect();
    try {
      // Nothing logs in as the authenticator here: the password only has to exist.
      await bootstrapDatabase(client, randomBytes(16).toString('hex'));
    } finally {
      client.release();
    }
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function createPostgresDatabase(serverUrl: string, prefix: string): Promise<Database> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connectionString = url.toString();
  const pool = new pg.Pool({ connectionString, max: 4 });
  return {
    engine: 'postgres',
    connectionString,
    pool,
    async close() {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
