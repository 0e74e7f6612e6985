import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/backend.ts';
import { DATABASE_TYPES_PATH, renderDatabaseTypes } from './database-types.ts';
import { openPglite } from './engine.ts';

/** The first line where two texts differ, or undefined when they are the same. */
function firstDifference(
  actual: string,
  expected: string,
): { line: number; actual?: string; expected?: string } | undefined {
  const actualLines = actual.split('\n');
  const expectedLines = expected.split('\n');
  const length = Math.max(actualLines.length, expectedLines.length);
  for (let index = 0; index < length; index++) {
    if (actualLines[index] !== expectedLines[index]) {
      return { line: index + 1, actual: actualLines[index], expected: expectedLines[index] };
    }
  }
  return undefined;
}

describe('core/src/database.types.ts', () => {
  // The database is a copy of the tests' migrated template (bootstrap and every migration, as
  // `npm run gen:types` applies them; only migrations create schema objects), not a new
  // migration: about 1.3 CPU-s against 6-7 to initdb and migrate, and `npm test` has built the
  // template already. The generator's few queries and Prettier run as `gen:types` runs them.
  it('is what the generator writes for a database the migrations made', { timeout: 180_000 }, async () => {
    const database = await createTestDatabase('pglite', 'migrated', 'sciai-database-types-');
    let generated: string;
    try {
      const db = await openPglite(join(database.dataDir, 'pglite'));
      try {
        generated = await renderDatabaseTypes(db.pool);
      } finally {
        await db.close();
      }
    } finally {
      await database.remove();
    }
    const difference = firstDifference(readFileSync(DATABASE_TYPES_PATH, 'utf8'), generated);
    expect(
      difference,
      `core/src/database.types.ts is not what the migrations generate (line ${difference?.line}): run \`npm run gen:types\``,
    ).toBeUndefined();
  });
});
