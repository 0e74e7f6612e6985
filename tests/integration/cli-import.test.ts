import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDomainLookup, IMPORT_COLUMNS, parseCsvText, validateImportRow } from '@sciai/core';
import { serviceClient } from '../support/clients.ts';
import { createTestDatabase } from '../support/backend.ts';
import { domainsOf, taggedFixture } from '../support/csv-import.ts';
import { runSciai } from '../support/sciai.ts';

/**
 * `sciai import` as a real child process. Most runs target the run's shared backend the way a
 * hosted project is targeted (SUPABASE_URL + service-role key); one runs on its own fresh local
 * database, the default target.
 */
const scratchDir = mkdtempSync(join(tmpdir(), 'sciai-cli-import-'));
afterAll(() => rmSync(scratchDir, { recursive: true, force: true }));

function hosted(): Record<string, string> {
  const backend = inject('backend');
  return { SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey };
}

function writeTagged(fixture: string): { path: string; tag: string } {
  const { text, tag } = taggedFixture(fixture);
  const path = join(scratchDir, `${tag}-${fixture}`);
  writeFileSync(path, text);
  return { path, tag };
}

async function countTitles(pattern: string): Promise<number | null> {
  const { count } = await serviceClient()
    .from('content_items')
    .select('id', { count: 'exact', head: true })
    .like('title', pattern);
  return count;
}

describe('sciai import', () => {
  it('imports the valid rows of a mixed file, reports the rest, then re-imports nothing (exit 0 both times)', async () => {
    const { path, tag } = writeTagged('papers-mixed.csv');
    const run = await runSciai(['import', '--type', 'paper', path], hosted());
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('Processing complete: 4 valid rows, 3 invalid rows');
    expect(run.stdout).toContain('Row 8: expected 23 columns but found 2; the row was skipped');
    expect(run.stdout).toContain(`Row 3 Invalid "Untitled": Title is required`);
    expect(run.stdout).toContain(`Row 4 Invalid "Fixture${tag} Paper Bad Date": Invalid publication date format`);
    expect(run.stdout).toContain(`Row 6 Warning "Fixture${tag} Paper Alpha Again": Duplicate of row 2`);
    expect(run.stdout).toContain(`Row 7 Invalid "Fixture${tag} Paper Alchemy": Unknown domains: Alchemy`);
    expect(run.stdout).toContain('✔ Successfully uploaded 3 papers to the database.');
    expect(run.stdout.indexOf('Row 3')).toBeLessThan(run.stdout.indexOf('Successfully uploaded'));
    expect(await countTitles(`Fixture${tag}%`)).toBe(3);

    const { data } = await serviceClient()
      .from('content_items')
      .select('content_people(order_index, people(full_name))')
      .eq('title', `Fixture${tag} Paper Delta`)
      .single();
    const authors = (data?.content_people ?? [])
      .sort((a, b) => a.order_index - b.order_index)
      .map((link) => JSON.stringify(link.people));
    expect(authors).toEqual([
      JSON.stringify({ full_name: `Grace Fixture${tag}` }),
      JSON.stringify({ full_name: `Ada Fixture${tag}` }),
    ]);

    const again = await runSciai(['import', '--type', 'paper', path], hosted());
    expect(again.code).toBe(0);
    // A rerun: nothing to write is no failure, and no "uploaded 0".
    expect(again.stdout).toContain('Nothing new: 4 rows already in the catalog');
    expect(again.stdout).not.toContain('Successfully uploaded');
    const againDry = await runSciai(['import', '--type', 'paper', path, '--dry-run'], hosted());
    expect(againDry.code).toBe(0);
    expect(againDry.stdout).toContain('Nothing new: 4 rows already in the catalog');
    expect(againDry.stdout).not.toContain('no valid data');
    expect(await countTitles(`Fixture${tag}%`)).toBe(3);
  });

  it('--dry-run --json reports every row issue and writes nothing', async () => {
    const { path, tag } = writeTagged('companies.csv');
    const run = await runSciai(['import', '--type', 'company', path, '--dry-run', '--json'], hosted());
    expect(run.code).toBe(0);
    const report: unknown = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      type: 'company',
      dryRun: true,
      ok: true,
      totalRows: 4,
      validRows: 2,
      invalidRows: 2,
      outcome: null,
      error: null,
      rows: [
        {
          row: 4,
          status: 'Invalid',
          title: `Fixture${tag} Company Three`,
          issues: ['traction_metrics must be a JSON object, e.g. {"customers": 40}'],
        },
        { row: 5, status: 'Invalid', title: 'Untitled', issues: ['Company name is required'] },
      ],
    });
    expect(await countTitles(`Fixture${tag}%`)).toBe(0);
  });

  it('--strict exits 1 and writes nothing when a row is invalid; a clean file imports', async () => {
    const mixed = writeTagged('agents.csv');
    const strict = await runSciai(['import', '--type', 'agent', mixed.path, '--strict'], hosted());
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('Row 3 Invalid');
    expect(strict.stderr).toContain('--strict: 1 invalid row and 0 malformed rows; nothing was written.');
    expect(await countTitles(`Fixture${mixed.tag}%`)).toBe(0);

    const clean = join(scratchDir, `clean-${mixed.tag}.csv`);
    writeFileSync(clean, readFileSync(mixed.path, 'utf8').split('\n').slice(0, 2).join('\n'));
    const dry = await runSciai(['import', '--type', 'agent', clean, '--dry-run'], hosted());
    expect(dry.code).toBe(0);
    expect(dry.stdout.split('\n')[0]).toBe('Processing complete: 1 valid row, 0 invalid rows');
    expect(dry.stdout).toContain('Dry run: 1 agent would be imported; nothing was written.');
    const json = await runSciai(['import', '--type', 'agent', clean, '--strict', '--json'], hosted());
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, outcome: { inserted: 1, skipped: 0 } });
    const { data } = await serviceClient()
      .from('agents')
      .select('interaction_mode, capabilities, content_items!inner(title)')
      .eq('content_items.title', `Fixture${mixed.tag} Agent One`);
    expect(data).toMatchObject([{ interaction_mode: 'chat', capabilities: ['Planning', 'Protocols'] }]);
  });

  it('exits 2 on bad arguments, a file that is not CSV among them', async () => {
    const noType = await runSciai(['import', 'x.csv'], hosted());
    expect(noType.code).toBe(2);
    expect(noType.stderr).toContain("required option '--type <type>' not specified");
    const badType = await runSciai(['import', '--type', 'dataset', 'x.csv'], hosted());
    expect(badType.code).toBe(2);
    expect(badType.stderr).toContain('Allowed choices are software, paper, company, agent.');
    const missing = await runSciai(['import', '--type', 'paper', join(scratchDir, 'nope.csv')], hosted());
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');

    const image = join(scratchDir, 'photo.png');
    writeFileSync(image, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]));
    const notCsv = await runSciai(['import', '--type', 'paper', image], hosted());
    expect(notCsv.code).toBe(2);
    expect(notCsv.stderr).toContain(
      `error: command-argument value '${image}' is invalid for argument 'file'. Not a CSV file: its name must end in .csv.`,
    );
    // Named .csv, but binary: the same kind of error once its content is read.
    const binary = join(scratchDir, 'binary.csv');
    writeFileSync(binary, Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xff, 0xfe, 0x00]));
    const binaryRun = await runSciai(['import', '--type', 'paper', binary, '--json'], hosted());
    expect(binaryRun.code).toBe(2);
    expect(binaryRun.stderr).toContain(
      `error: command-argument value '${binary}' is invalid for argument 'file'. Not a CSV file: it does not hold text`,
    );
    expect(binaryRun.stdout).toBe('');
    // The page's 'Please select a CSV file' is no sentence for a terminal.
    expect(notCsv.stderr + binaryRun.stderr).not.toContain('Please select');
  });

  it('template writes {type}_template.csv whose example row validates', async () => {
    const lookup = createDomainLookup(await domainsOf(serviceClient()));
    for (const type of ['paper', 'software', 'agent'] as const) {
      const out = join(scratchDir, `${type}_template.csv`);
      const run = await runSciai(['template', '--type', type, '-o', out], {});
      expect(run.code).toBe(0);
      const parsed = parseCsvText(readFileSync(out, 'utf8'));
      expect(parsed.headers).toEqual(IMPORT_COLUMNS[type].map((column) => column.name));
      expect(validateImportRow(type, parsed.rows[0]!, lookup).status).toBe('Valid');
    }
  });

  it('imports software: --dry-run reports every row and writes nothing, then the valid rows are written once', async () => {
    const { path, tag } = writeTagged('software.csv');
    const dry = await runSciai(['import', '--type', 'software', path, '--dry-run', '--json'], hosted());
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      type: 'software',
      dryRun: true,
      ok: true,
      totalRows: 7,
      validRows: 5,
      invalidRows: 2,
      outcome: null,
      rows: [
        { row: 4, status: 'Warning', title: `Fixture${tag} Tool One`, issues: ['Duplicate of row 2'] },
        {
          row: 6,
          status: 'Invalid',
          title: `Fixture${tag} Tool Bad`,
          issues: [
            'pricing_model must be one of: free, freemium, subscription, paid, enterprise',
            'first_release is in the future',
          ],
        },
        { row: 7, status: 'Invalid', title: 'Untitled', issues: ['Software name is required'] },
        { row: 8, status: 'Warning', title: `Fixture${tag} Tool Licence` },
      ],
    });
    expect(await countTitles(`Fixture${tag}%`)).toBe(0);

    const run = await runSciai(['import', '--type', 'software', path], hosted());
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('Processing complete: 5 valid rows, 2 invalid rows');
    expect(run.stdout).toContain('✔ Successfully uploaded 4 software tools to the database.');
    expect(await countTitles(`Fixture${tag}%`)).toBe(4);
    const { data } = await serviceClient()
      .from('software')
      .select('license, open_source, programming_languages, content_items!inner(title, url)')
      .eq('content_items.url', `https://fixture${tag}.example.org/one`);
    expect(data).toMatchObject([{ license: 'MIT', open_source: true, programming_languages: ['Python', 'C++'] }]);

    const again = await runSciai(['import', '--type', 'software', path], hosted());
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Nothing new: 5 rows already in the catalog');
    const one = join(scratchDir, `one-${tag}.csv`);
    writeFileSync(
      one,
      readFileSync(path, 'utf8')
        .split('\n')
        .slice(0, 2)
        .join('\n')
        .replace(/Tool One/, 'Tool Solo'),
    );
    const single = await runSciai(['import', '--type', 'software', one, '--dry-run'], hosted());
    expect(single.stdout).toContain('Dry run: 1 software tool would be imported; nothing was written.');
    expect(await countTitles(`Fixture${tag}%`)).toBe(4);
  });

  it('imports a tool’s weights licence, availability and papers; a bad availability is reported by row', async () => {
    const tag = randomUUID().slice(0, 8);
    const doi = `10.5555/cli-terms-${tag}`;
    const path = join(scratchDir, `terms-${tag}.csv`);
    writeFileSync(
      path,
      [
        'name,url,weights_license,availability,paper_dois,paper_arxiv_ids',
        `CliTerms${tag} Open,https://cli-terms-${tag}.example.org/open,OpenRAIL-M,open,${doi.toUpperCase()},hep-th/9901001v1`,
        `CliTerms${tag} Free,https://cli-terms-${tag}.example.org/free,,free of charge,,`,
        `CliTerms${tag} Odd,https://cli-terms-${tag}.example.org/odd,,,10.5555/${'x'.repeat(300)},2401.07950`,
      ].join('\n'),
    );
    const dry = await runSciai(['import', '--type', 'software', path, '--dry-run', '--json'], hosted());
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      validRows: 1,
      invalidRows: 2,
      rows: [
        {
          row: 3,
          status: 'Invalid',
          issues: ['availability must be one of: open, api_only, waitlist, commercial'],
        },
        { row: 4, status: 'Invalid', issues: ['Each of paper_dois must be at most 300 characters'] },
      ],
    });
    const run = await runSciai(['import', '--type', 'software', path], hosted());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('✔ Successfully uploaded 1 software tool to the database.');
    const { data } = await serviceClient()
      .from('content_items')
      .select('title, metadata, software(weights_license, availability)')
      .like('title', `CliTerms${tag}%`);
    expect(data).toEqual([
      {
        title: `CliTerms${tag} Open`,
        metadata: {
          publication_dois: [doi],
          publication_arxiv_ids: ['hep-th/9901001'],
          publication_sources: ['csv-import'],
        },
        software: { weights_license: 'OpenRAIL-M', availability: 'open' },
      },
    ]);
  });
});

describe('sciai import on the default local target', () => {
  it('starts its own database (PGlite or PostgreSQL) and imports', async () => {
    const engine = inject('engine');
    const database = await createTestDatabase(engine, 'migrated', `sciai-cli-import-${engine}-`);
    try {
      const { path } = writeTagged('companies.csv');
      const run = await runSciai(['import', '--type', 'company', path, '--json'], {
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl,
      });
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        ok: true,
        outcome: { inserted: 2, skipped: 0, organizationsCreated: 1 },
      });
    } finally {
      await database.remove();
    }
  });
});
