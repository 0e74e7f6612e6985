import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASE_TYPES_PATH, generateDatabaseTypes } from './database-types.ts';

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
  // One PGlite migration (10-30 s, with the machine's load) and the generator's few queries.
  it('is what the generator writes for a database the migrations made', { timeout: 180_000 }, async () => {
    const generated = await generateDatabaseTypes();
    const difference = firstDifference(readFileSync(DATABASE_TYPES_PATH, 'utf8'), generated);
    expect(
      difference,
      `core/src/database.types.ts is not what the migrations generate (line ${difference?.line}): run \`npm run gen:types\``,
    ).toBeUndefined();
  });
});
