import { describe, expect, it } from 'vitest';
import { signedInAs } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { rpcOf, stageAndCommit } from '../support/csv-import.ts';

/**
 * The inputs of derived and dated facts (docs/product.md#facts): licences, first releases and a
 * company's as-of dates and sources, staged around core's validation straight into an import,
 * and the licence rule called through the Data API. Refused as client errors, never a 5xx or a hang.
 */
const HUGE = 'MIT AND '.repeat(25_000);

describe('hostile catalog facts', () => {
  it('answers the licence rule for any text without a server error', async () => {
    const anon = anonClient();
    for (const license of [HUGE, 'MIT\u202eOR\u202dApache-2.0', '(((((((((MIT', '𝕄𝕀𝕋', 'MIT OR '.repeat(1_000), '']) {
      const { status, data } = await anon.rpc('license_status', { license });
      expect(status, license.slice(0, 20)).toBeLessThan(500);
      if (status === 200) expect([null, 'open_source', 'source_available']).toContain(data);
    }
    // a JSON object where text is wanted: read as its text, which is no licence
    const nested = await anon.rpc('license_status', { license: { a: { b: ['MIT'] } } as never });
    expect(nested.status).toBeLessThan(500);
    if (nested.status === 200) expect(nested.data).toBeNull();
  });

  it('refuses staged agent and company rows whose facts the database would not hold', async () => {
    const admin = await signedInAs('admin', 'hostile-facts');
    const call = rpcOf(admin.client);
    const agentRows = [
      { title: 'Hostile release', first_release: '2021-02-30' },
      { title: 'Hostile release text', first_release: "2021'; drop table public.agents; --" },
      { title: 'Hostile licence', license: HUGE },
    ];
    for (const row of agentRows) {
      const answer = await stageAndCommit(call, 'agent', [{ row_number: 2, domains: [], ...row }]);
      expect(answer.error, row.title).not.toBeNull();
    }
    // a day February does not have is refused by the date rule, not by a failed cast
    const impossible = await stageAndCommit(call, 'agent', [{ row_number: 2, domains: [], ...agentRows[0] }]);
    expect(impossible.error?.message).toMatch(/first_release/);
    const companyRows = [
      { title: 'Hostile source', funding_stage: 'Seed', funding_stage_source: 'javascript:alert(1)' },
      { title: 'Hostile date', funding_stage: 'Seed', funding_stage_as_of: '0001-01-01' },
      { title: 'Hostile year', founded_year: 99_999 },
      { title: 'Hostile stage', funding_stage: 'Series Z' },
      { title: 'Hostile date type', employee_count_as_of: { not: 'a date' } },
    ];
    for (const row of companyRows) {
      const answer = await stageAndCommit(call, 'company', [{ row_number: 2, domains: [], ...row }]);
      expect(answer.error, row.title).not.toBeNull();
    }
    // (titles only this test writes: other files share the backend)
    const titles = [...agentRows, ...companyRows].map((row) => row.title);
    const { data } = await admin.client.from('content_items').select('id').in('title', titles);
    expect(data).toEqual([]);
  });

  it('refuses an open_source flag from an import: the licence decides', async () => {
    const admin = await signedInAs('admin', 'hostile-open-source');
    const title = `Hostile typed open source ${Date.now()}`;
    const answer = await stageAndCommit(rpcOf(admin.client), 'agent', [
      { row_number: 2, domains: [], title, open_source: true, license: 'LicenseRef-Proprietary' },
    ]);
    expect(answer.error).toBeNull();
    const { data } = await admin.client.from('content_items').select('agents(open_source)').eq('title', title).single();
    expect(data).toEqual({ agents: { open_source: false } });
  });
});
