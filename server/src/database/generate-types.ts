import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { loadConfig, REPO_ROOT } from '../config.ts';
import { loadOrCreateSecrets } from '../data-dir/secrets.ts';
import { DATABASE_TYPES_PATH, renderDatabaseTypes } from './database-types.ts';
import { openFreshMigratedDatabase } from './fresh-migrated-database.ts';

/**
 * `npm run gen:types`: writes core/src/database.types.ts from a new database the migrations
 * made: PGlite in memory, or, with DATABASE_URL set, a scratch database on that PostgreSQL
 * server (its `authenticator` keeps the data directory's password, as `npm start` sets it).
 */
const config = loadConfig(process.env);
const db = await openFreshMigratedDatabase(
  config.databaseUrl
    ? {
        serverUrl: config.databaseUrl,
        prefix: 'sciai_gen_types',
        authenticatorPassword: (await loadOrCreateSecrets(config.dataDir)).authenticatorPassword,
      }
    : {},
);
let types: string;
try {
  types = await renderDatabaseTypes(db.pool);
} finally {
  await db.close();
}
writeFileSync(DATABASE_TYPES_PATH, types);
process.stdout.write(
  `Wrote ${relative(REPO_ROOT, DATABASE_TYPES_PATH)} (${types.split('\n').length - 1} lines, from ${db.engine})\n`,
);
