import { existsSync } from 'node:fs';
import type { ServerConfig } from '../../config.ts';
import { acquireDataDirLock } from '../../data-dir/lock.ts';
import { loadOrCreateSecrets } from '../../data-dir/secrets.ts';
import { openPglite, openPostgres, type Database } from '../engine.ts';
import { prepareDatabase } from '../prepare.ts';

/**
 * The database alone, for a backup command when no server holds it (a PGlite data directory
 * nobody has open, or PostgreSQL, which serves a dump beside a running server): no PostgREST,
 * no timers. `prepare` bootstraps and migrates it first, which a restore into a fresh data
 * directory or database needs; a dump changes nothing.
 */
export async function withOwnedDatabase<T>(
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>,
  options: { prepare: boolean },
  work: (db: Database) => Promise<T>,
): Promise<T> {
  if (!config.databaseUrl && !options.prepare && !existsSync(`${config.dataDir}/pglite`)) {
    throw new Error(`There is no database in ${config.dataDir} to dump (set DATA_DIR or DATABASE_URL)`);
  }
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  try {
    const secrets = await loadOrCreateSecrets(config.dataDir);
    const db = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite(`${config.dataDir}/pglite`);
    try {
      if (options.prepare) await prepareDatabase(db.pool, secrets.authenticatorPassword);
      return await work(db);
    } finally {
      await db.close();
    }
  } finally {
    lock?.release();
  }
}
