import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { signedInAs } from '../support/auth.ts';
import { runSciai } from '../support/sciai.ts';

/**
 * Software rows no one should send (docs/product.md#csv-rows): oversized cells, odd encodings and
 * hand-made staging calls end as Invalid rows or a 4xx with the row and the rule; the valid rows
 * next to them are imported as written, and nothing else is.
 */
const scratch = mkdtempSync(join(tmpdir(), 'sciai-software-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function hosted(): Record<string, string> {
  const backend = inject('backend');
  return { SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey };
}

const HEADER = 'name,description,url,license,tags,key_features,programming_languages,first_release,domains';
const quoted = (cells: string[]) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',');

interface Report {
  totalRows: number;
  validRows: number;
  invalidRows: number;
  rows: Array<{ row: number; status: string; title: string; issues: string[] }>;
  outcome: { inserted: number } | null;
}

describe('software import of hostile rows', () => {
  it('refuses oversized cells row by row and imports odd but valid text as written', async () => {
    const tag = randomUUID().slice(0, 8);
    const tools = Array.from({ length: 100_000 }, (_, n) => `tag ${n}`).join(', ');
    const odd = `Ünïcødé ツール ${tag} \u200b\u202e`;
    const rows = [
      // BOM, CRLF endings, combining marks, a zero-width space and a right-to-left override
      quoted([odd, 'Odd but valid.', `https://odd.${tag}.example.org`, 'MIT', '', '', '', '2020', 'biology']),
      quoted([`Huge ${tag}`, 'd'.repeat(1_000_000), '', '', '', '', '', '', 'biology']),
      quoted([`Tagged ${tag}`, '', '', '', tools, '', '', '', 'biology']),
      quoted([`Named ${'n'.repeat(5_000)}`, '', '', '', '', '', '', '', 'biology']),
      quoted([`Licence ${tag}`, '', '', 'L'.repeat(10_000), '', '', '', '', 'biology']),
      quoted([
        `Injected ${tag}`,
        '',
        'javascript:alert(1)',
        '',
        '',
        '',
        '',
        "2020'; drop table software; --",
        'biology',
      ]),
      quoted([`Featured ${tag}`, '', '', '', '', JSON.stringify(['f'.repeat(201)]), '{"not":"a list"}', '', 'biology']),
    ];
    const path = join(scratch, `hostile-${tag}.csv`);
    writeFileSync(path, `\ufeff${HEADER}\r\n${rows.join('\r\n')}\r\n`);
    const run = await runSciai(['import', '--type', 'software', path, '--json'], hosted());
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report).toMatchObject({ totalRows: 7, validRows: 1, invalidRows: 6, outcome: { inserted: 1 } });
    expect(report.rows.map((row) => [row.row, row.status, row.issues])).toEqual([
      [3, 'Invalid', ['description must be at most 20000 characters']],
      [4, 'Invalid', ['tags must have at most 50 entries']],
      [5, 'Invalid', ['name must be at most 300 characters']],
      [6, 'Invalid', ['license must be at most 200 characters']],
      [
        7,
        'Invalid',
        ['url must be a link starting with http:// or https://', 'first_release must be YYYY, YYYY-MM or YYYY-MM-DD'],
      ],
      [8, 'Invalid', ['Each of key_features must be at most 200 characters']],
    ]);
    // the one valid row, exactly as written (text is trimmed: the invisible characters inside stay)
    const { data } = await serviceClient()
      .from('content_items')
      .select('title, slug, software(license, first_release)')
      .like('title', `%${tag}%`);
    expect(data).toEqual([
      { title: odd.trim(), slug: `unicode-${tag}`, software: { license: 'MIT', first_release: '2020' } },
    ]);
  });

  it('refuses a file that is not UTF-8 text, before reading a row (exit 2)', async () => {
    const path = join(scratch, 'latin1.csv');
    writeFileSync(path, Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.from('Caf\xe9 tool,\xa9 1999\n', 'latin1')]));
    const run = await runSciai(['import', '--type', 'software', path], hosted());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Not a CSV file: it does not hold text');
  });

  it('answers hand-made staging of wrong types and oversized values with a 4xx, writing nothing', async () => {
    const admin = await signedInAs('admin', 'software-hostile');
    const tag = randomUUID().slice(0, 8);
    const attempt = async (row: Record<string, unknown>) => {
      const batch = await admin.client.rpc('begin_import', {
        content_type: 'software',
        file_name: 'hostile.csv',
        summary: {},
      });
      expect(batch.error).toBeNull();
      const staged = await admin.client.rpc('stage_import_rows', {
        batch_id: batch.data,
        rows: [{ row_number: 9, title: `Hostile ${tag}`, slug: `hostile-${tag}`, ...row }],
      });
      const answer = staged.error ? staged : await admin.client.rpc('commit_import', { batch_id: batch.data });
      await admin.client.rpc('discard_import', { batch_id: batch.data });
      return answer;
    };
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ api_available: 'maybe' }, /invalid input syntax for type boolean/],
      [{ programming_languages: 'Python' }, /malformed array literal/],
      [{ title: 'x'.repeat(1_000_000) }, /^Row 9: name must be at most 300 characters$/],
      [{ tags: Array.from({ length: 10_000 }, (_, n) => `t${n}`) }, /^Row 9: tags must have at most 50 entries$/],
      [{ pricing_model: 'free\u0301' }, /^Row 9: pricing_model must be one of/],
      [{ first_release: '２０２１' }, /^Row 9: first_release must be YYYY, YYYY-MM or YYYY-MM-DD$/],
    ];
    for (const [row, message] of refusals) {
      const answer = await attempt(row);
      expect(answer.error?.message ?? JSON.stringify(answer.data), JSON.stringify(row).slice(0, 80)).toMatch(message);
      expect(answer.status, JSON.stringify(row).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    // a NUL cannot be stored as text: refused while staging
    const nul = await attempt({ description: 'a\u0000b' });
    expect(nul.status).toBeGreaterThanOrEqual(400);
    expect(nul.status).toBeLessThan(500);
    const { count } = await serviceClient()
      .from('content_items')
      .select('id', { count: 'exact', head: true })
      .like('title', `Hostile ${tag}%`);
    expect(count).toBe(0);
  });
});
