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

  it('refuses a bad availability and oversized or odd paper identifiers row by row', async () => {
    const tag = randomUUID().slice(0, 8);
    const header = 'name,url,weights_license,availability,paper_dois,paper_arxiv_ids';
    // a SICI DOI holds parentheses, angle brackets, colons and a semicolon: odd, but a DOI
    const sici = '10.1002/(SICI)1097-4636(199706)35:4<409::AID-JBM1>3.0.CO;2-9';
    const row = (name: string, cells: string[]) =>
      quoted([`${name} ${tag}`, `https://terms.${tag}.example.org/${name.toLowerCase()}`, ...cells]);
    const rows = [
      row('Sici', ['', 'Commercial', JSON.stringify([sici]), '']),
      row('Semicolon', ['', "open'; drop table software; --", '', '']),
      row('Wide', ['', 'ＯＰＥＮ', '', '']),
      row('Huge', ['', '', `10.1000/${'d'.repeat(100_000)}`, '']),
      row('Spaced', ['', '', '["10.1000/a b"]', '']),
      row('Encoded', ['', '', '["10.1000/a%0Ab"]', '']),
      row('Script', ['', '', 'javascript:alert(1)', '']),
      row('Many', ['', '', Array.from({ length: 10_000 }, (_, n) => `10.1000/${n}`).join(', '), '']),
      row('Arxiv', ['', '', '', '2401.07950/../../etc/passwd']),
      row('Weights', ['W'.repeat(10_000), '', '', '']),
    ];
    const path = join(scratch, `terms-${tag}.csv`);
    writeFileSync(path, `${header}\n${rows.join('\n')}\n`);
    const run = await runSciai(['import', '--type', 'software', path, '--json'], hosted());
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report).toMatchObject({ totalRows: 10, validRows: 1, invalidRows: 9, outcome: { inserted: 1 } });
    const availability = 'availability must be one of: open, api_only, waitlist, commercial';
    expect(report.rows.map((entry) => [entry.row, entry.issues])).toEqual([
      [3, [availability]],
      [4, [availability]],
      [5, ['Each of paper_dois must be at most 300 characters']],
      [6, ['paper_dois: "10.1000/a b" is not a DOI (10.NNNN/…)']],
      [7, ['paper_dois: "10.1000/a%0Ab" is not a DOI (10.NNNN/…)']],
      [8, ['paper_dois: "javascript:alert(1)" is not a DOI (10.NNNN/…)']],
      [9, ['paper_dois and paper_arxiv_ids may name at most 50 papers together']],
      [10, ['paper_arxiv_ids: "2401.07950/../../etc/passwd" is not an arXiv id (e.g. 2401.07950 or hep-th/9901001)']],
      [11, ['weights_license must be at most 200 characters']],
    ]);
    const { data } = await serviceClient()
      .from('content_items')
      .select('title, metadata, software(availability)')
      .like('title', `% ${tag}`);
    expect(data).toEqual([
      {
        title: `Sici ${tag}`,
        metadata: { publication_dois: [sici.toLowerCase()], publication_sources: ['csv-import'] },
        software: { availability: 'commercial' },
      },
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
    const terms: Array<[Record<string, unknown>, RegExp]> = [
      [{ availability: 'open\u0301' }, /^Row 9: availability must be one of: open, api_only, waitlist, commercial$/],
      [{ availability: 'OPEN' }, /^Row 9: availability must be one of/],
      [{ availability: 1 }, /^Row 9: availability must be one of/],
      [{ weights_license: 'w'.repeat(100_000) }, /^Row 9: weights_license must be at most 200 characters$/],
      [{ paper_dois: '10.1000/x' }, /malformed array literal/],
      [{ paper_dois: [null] }, /^Row 9: paper_dois must be DOIs written 10\.NNNN\/…, in lower case$/],
      [{ paper_dois: [123] }, /^Row 9: paper_dois must be DOIs/],
      [{ paper_dois: ['10.1000/A'] }, /^Row 9: paper_dois must be DOIs/],
      [{ paper_dois: ['10.1000/a b'] }, /^Row 9: paper_dois must be DOIs/],
      [
        { paper_dois: [`10.1000/${'d'.repeat(1_000_000)}`] },
        /^Row 9: Each of paper_dois must be at most 300 characters$/,
      ],
      [
        { paper_dois: Array.from({ length: 10_000 }, (_, n) => `10.1000/${n}`) },
        /^Row 9: paper_dois and paper_arxiv_ids/,
      ],
      [{ paper_arxiv_ids: ["2401.07950'; drop table papers; --"] }, /^Row 9: paper_arxiv_ids must be arXiv ids/],
      [{ paper_arxiv_ids: { '0': '2401.07950' } }, /malformed array literal|expected JSON array/],
    ];
    for (const [row, message] of terms) {
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
