import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { loadConfig, REPO_ROOT } from '../config.ts';
import { DATABASE_TYPES_PATH, generateDatabaseTypes } from './database-types.ts';

/**
 * `npm run gen:types`: writes core/src/database.types.ts from a new database the migrations made,
 * on PGlite, or on the PostgreSQL server of DATABASE_URL when it is set.
 */
const { databaseUrl } = loadConfig(process.env);
const types = await generateDatabaseTypes({ serverUrl: databaseUrl });
writeFileSync(DATABASE_TYPES_PATH, types);
process.stdout.write(
  `Wrote ${relative(REPO_ROOT, DATABASE_TYPES_PATH)} (${types.split('\n').length - 1} lines, ` +
    `${databaseUrl ? 'PostgreSQL' : 'PGlite'})\n`,
);
