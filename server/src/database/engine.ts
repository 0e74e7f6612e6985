import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { startWireServer } from './pglite-wire-server.ts';

/**
 * The database behind the embedded Supabase: PGlite in the data directory, served on loopback
 * over the Postgres wire protocol, or a real PostgreSQL. Either way everything (PostgREST, the
 * auth service, migrations, seeding) talks to it through `pg`, so both engines run the same code.
 */
export type EngineName = 'pglite' | 'postgres';

export interface Database {
  readonly engine: EngineName;
  /** Superuser connection string on loopback (for our own pool). */
  readonly connectionString: string;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

export async function openPglite(dataDir: string): Promise<Database> {
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const wire = await startWireServer(db);
  const connectionString = `postgres://postgres@127.0.0.1:${wire.port}/postgres?sslmode=disable`;
  const pool = new pg.Pool({ connectionString, max: 4 });
  return {
    engine: 'pglite',
    connectionString,
    pool,
    async close() {
      await pool.end();
      await wire.close();
      await db.close();
    },
  };
}

export async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
  await pool.query('select 1');
  return {
    engine: 'postgres',
    connectionString: databaseUrl,
    pool,
    async close() {
      await pool.end();
    },
  };
}

/** The same server, logged in as another role (PostgREST's `authenticator`). */
export function connectionStringAs(connectionString: string, user: string, password: string): string {
  const url = new URL(connectionString);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return url.toString();
}
