import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../config.ts';

/** The database as it is now, one file per area, applied in file-name order (declarative schema). */
export const SCHEMAS_DIR = join(REPO_ROOT, 'supabase/schemas');

export interface SchemaFile {
  /** `01_catalog.sql` */
  file: string;
  sql: string;
}

export function readSchemaFiles(dir = SCHEMAS_DIR): SchemaFile[] {
  return readdirSync(dir)
    .filter((file) => /^\d+_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ file, sql: readFileSync(join(dir, file), 'utf8') }));
}
