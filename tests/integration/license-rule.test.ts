import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { licenseStatus, SPDX_LICENSES } from '@sciai/core';
import { openPglite, openPostgres, type Database } from '../../server/src/database/engine.ts';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';

/**
 * One licence rule (docs/product.md#facts): open_source is derived from the licence, in SQL
 * (public.license_status, which the software and agents triggers apply) and in core
 * (licenseStatus, which the import and the pages use). The two must agree on every licence, and
 * the SQL's list of SPDX ids must be the one shipped in core/src/catalog/spdx-licenses.json.
 */
describe('licence status agrees between core and the database', () => {
  const engine = inject('engine');
  let database: TestDatabase;
  let db: Database;

  // A database of its own, copied from the migrated template (the migrations' schema and the SPDX
  // list they load) rather than migrated again here: a PGlite migration costs 10 s, a copy well under one.
  beforeAll(async () => {
    database = await createTestDatabase(engine, 'migrated', 'sciai-license-rule-');
    db =
      engine === 'postgres'
        ? await openPostgres(database.databaseUrl!)
        : await openPglite(join(database.dataDir, 'pglite'));
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    await database?.remove();
  });

  async function databaseStatuses(licenses: (string | null)[]): Promise<(string | null)[]> {
    const { rows } = await db.pool.query<{ status: string | null }>(
      'select public.license_status(t.license) as status from unnest($1::text[]) with ordinality as t (license, n) order by t.n',
      [licenses],
    );
    return rows.map((row) => row.status);
  }

  it('knows every SPDX id of the shipped list, with its OSI flag', async () => {
    const { rows } = await db.pool.query<{ id: string; osi: boolean | null }>(
      'select t.id, public.spdx_osi_approved(t.id) as osi from unnest($1::text[]) as t (id)',
      [SPDX_LICENSES.map((license) => license.licenseId)],
    );
    const expected = new Map(SPDX_LICENSES.map((license) => [license.licenseId, license.isOsiApproved]));
    expect(rows.filter((row) => row.osi !== expected.get(row.id))).toEqual([]);
    const unknown = await db.pool.query<{ osi: boolean | null }>(
      "select public.spdx_osi_approved('Commercial') as osi",
    );
    expect(unknown.rows[0]?.osi).toBeNull();
  });

  it('on ids, expressions, exceptions, odd spacing and names that are no licence', async () => {
    const licenses = [
      null,
      '',
      '   ',
      'MIT',
      'mit',
      ' Apache-2.0 ',
      'CC-BY-NC-SA-4.0',
      'Apache-2.0 AND CC-BY-NC-4.0',
      'CC-BY-NC-4.0 OR MIT',
      'MIT or Apache-2.0',
      'MIT OR',
      'OR MIT',
      'MIT  OR  OR Apache-2.0',
      'MIT\tOR\nApache-2.0',
      'MIT\u00a0OR\u00a0Apache-2.0',
      'GPL-2.0-or-later WITH Classpath-exception-2.0',
      'GPL-2.0+',
      'MIT WITH',
      '(MIT OR Apache-2.0)',
      'Commercial',
      'BSD',
      'Cambrian Non-Commercial License',
      'MIT AND Commercial',
      'M'.repeat(201),
      `${'MIT AND '.repeat(24)}MIT`,
      'МIT',
    ];
    expect(await databaseStatuses(licenses)).toEqual(licenses.map((license) => licenseStatus(license)));
  });

  it('on random expressions', async () => {
    const ids = ['MIT', 'Apache-2.0', 'CC-BY-4.0', 'BUSL-1.1', 'GPL-3.0-only', 'Commercial', 'x', 'LGPL-2.1+'];
    const token = fc.oneof(
      fc.constantFrom(...ids),
      fc.constantFrom(' AND ', ' OR ', ' WITH ', '  ', '\t', ' and ', '(', ')', ',', '\u00a0'),
    );
    const license = fc.array(token, { maxLength: 9 }).map((parts) => parts.join(''));
    const samples = fc.sample(license, { numRuns: 400, seed: 51 });
    expect(await databaseStatuses(samples)).toEqual(samples.map((value) => licenseStatus(value)));
  });
});
