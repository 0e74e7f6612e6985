import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../tests/support/backend.ts';

/**
 * The scratch data directory (and, on PostgreSQL, scratch database) of a bench over a seeded
 * catalog. Seeding 100,000 items takes minutes: with a kept directory (BENCH_SCRATCH) both
 * survive the run, the database's URL kept in a file inside it, and a later run with the same
 * item count finds the catalog already seeded.
 */
export async function benchScratch(options: {
  engine: 'pglite' | 'postgres';
  adminUrl: string | undefined;
  keptDir: string | undefined;
  /** Prefix of the temporary data directory when none is kept. */
  tmpPrefix: string;
  /** Prefix of the scratch database's name. */
  databaseName: string;
  items: number;
}) {
  const { engine, adminUrl, keptDir, items } = options;
  if (keptDir) mkdirSync(keptDir, { recursive: true });
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), options.tmpPrefix));
  const keptUrlFile = keptDir ? join(keptDir, 'database-url') : undefined;
  const seededFile = keptDir ? join(keptDir, `seeded-${engine}`) : undefined;
  const scratch = adminUrl
    ? keptUrlFile && existsSync(keptUrlFile)
      ? { url: readFileSync(keptUrlFile, 'utf8').trim(), drop: async () => {} }
      : await createScratchDatabase(adminUrl, options.databaseName)
    : undefined;
  if (keptUrlFile && scratch) writeFileSync(keptUrlFile, scratch.url);
  const alreadySeeded =
    seededFile !== undefined && existsSync(seededFile) && readFileSync(seededFile, 'utf8').trim() === String(items);
  return {
    dataDir,
    scratch,
    alreadySeeded,
    /** Notes in the kept directory that its catalog holds `items` items. */
    markSeeded: () => {
      if (seededFile) writeFileSync(seededFile, String(items));
    },
  };
}
