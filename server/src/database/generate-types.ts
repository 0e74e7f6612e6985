import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { REPO_ROOT } from '../config.ts';
import { DATABASE_TYPES_PATH, generateDatabaseTypes } from './typegen/generate-database-types.ts';

/** `npm run gen:types`: writes web/src/data/database.types.ts from supabase/migrations. */
const types = await generateDatabaseTypes();
writeFileSync(DATABASE_TYPES_PATH, types);
process.stdout.write(`Wrote ${relative(REPO_ROOT, DATABASE_TYPES_PATH)} (${types.split('\n').length} lines)\n`);
