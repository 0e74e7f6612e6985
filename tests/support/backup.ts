import type pg from 'pg';
import { startBackend, type Backend } from '@sciai/server';
import { createTestDatabase, serveGateway, type Engine } from './backend.ts';
import type { TemplateKind } from './database-templates.ts';

/** Row count and an md5 of every row (as text, in text order) of each table a backup covers. */
export async function tableChecksums(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'auth') order by 1, 2`,
  );
  const sums: Record<string, string> = {};
  for (const { schema, name } of tables) {
    const { rows } = await pool.query<{ count: string; md5: string }>(
      `select count(*)::text as count, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5
       from "${schema}"."${name}" t`,
    );
    sums[`${schema}.${name}`] = `${rows[0]?.count} ${rows[0]?.md5}`;
  }
  return sums;
}

export interface ServedDatabase {
  backend: Backend;
  url: string;
  /** What `sciai` needs to reach this database: through the server on PGlite, directly on PostgreSQL. */
  env: Record<string, string | undefined>;
  stop(): Promise<void>;
}

/**
 * A running SciAI server (backend + gateway, lock advertised as `npm start` does) on a database of
 * its own; no timers, so its rows stay still between a checksum and a dump.
 */
export async function startServedDatabase(
  engine: Engine,
  content: 'empty' | TemplateKind,
  existing?: { dataDir: string; databaseUrl: string | undefined; remove(): Promise<void> },
): Promise<ServedDatabase> {
  const database = existing ?? (await createTestDatabase(engine, content, `sciai-backup-${engine}-`));
  const backend = await startBackend(
    { dataDir: database.dataDir, databaseUrl: database.databaseUrl },
    { seedSampleCatalog: false, backgroundJobs: false },
  );
  const { url, close } = await serveGateway(backend);
  backend.lock?.advertise({ url });
  return {
    backend,
    url,
    env: { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl },
    async stop() {
      await close();
      await backend.stop();
      await database.remove();
    },
  };
}
