import { describe, expect, inject, it } from 'vitest';
import { diffMigrationsAgainstSchemas } from '../../server/src/database/schema-diff.ts';
import { pgliteClusterImage } from '../support/database-templates.ts';

/**
 * supabase/schemas says what the database is; supabase/migrations is how databases get there.
 * A database built from each must be the same, or a change made in one was never carried to the
 * other (`npm run db:diff -- <name>` writes the missing migration).
 */
describe('the declarative schema', () => {
  const engine = inject('engine');

  it(`builds the same database as the migrations (${engine})`, async () => {
    const { sql, referenceData } = await diffMigrationsAgainstSchemas({
      serverUrl: engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      // two new clusters in memory from one tar, not two initdb runs (most of the work otherwise)
      pgliteImage: engine === 'pglite' ? await pgliteClusterImage() : undefined,
    });
    expect(
      sql,
      'A database built from supabase/migrations differs from one built from supabase/schemas. ' +
        'If the schema files are right, run npm run db:diff -- <name> and review the migration. ' +
        `What the migrations lack:\n${sql}\n`,
    ).toBe('');
    expect(
      referenceData,
      'These tables hold other reference rows when built from supabase/schemas than from supabase/migrations: ' +
        'write the insert/update/delete statements into a migration',
    ).toEqual([]);
  }, 240_000);
});
