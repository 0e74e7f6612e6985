import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { IMPORT_TYPES } from '@sciai/core';
import { startBackend } from '@sciai/server';
import { createTestDatabase, serveGateway } from '../support/backend.ts';
import { runSciai } from '../support/sciai.ts';

/**
 * `sciai export` then `sciai import` into an empty SciAI: every paper, company and agent comes
 * back with the fields the import takes, in the catalog's own JSON Lines shape. The empty SciAI is
 * a server of its own on a new database, which the imports and the export go through as they would
 * to a hosted project: one start instead of one per command (a command's own start of the local
 * backend is cli.test.ts's and cli-import.test.ts's to prove).
 */
const scratch = mkdtempSync(join(tmpdir(), 'sciai-export-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Line = Record<string, unknown> & {
  slug: string;
  title: string;
  content_type: string;
  short_description: string;
  domains: Array<{ slug: string }>;
  paper: Record<string, unknown> | null;
  agent: Record<string, unknown> | null;
  company: Record<string, unknown> | null;
};

const readLines = (path: string): Line[] =>
  gunzipSync(readFileSync(path))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);

/** What an import carries over, per item: compared by title (slugs are made anew). */
function comparable(line: Line) {
  return {
    type: line.content_type,
    title: line.title,
    short_description: line.short_description,
    domains: line.domains.map((domain) => domain.slug).sort(),
    doi: line.paper?.doi ?? null,
    authors: line.paper?.authors ?? null,
    journal: line.paper?.journal_name ?? null,
    capabilities: line.agent?.capabilities ?? null,
    specialization: line.agent?.specialization ?? null,
    industries: line.company?.industry_focus ?? null,
  };
}

describe('sciai export → sciai import round trip', () => {
  it('re-imports the exported papers, companies and agents into an empty SciAI', async () => {
    const backend = inject('backend');
    const source = { SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey };
    const whole = join(scratch, 'source.jsonl.gz');
    const exported = await runSciai(['export', '--format', 'jsonl', '-o', whole], source);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/Exported [\d,]+ published items/);
    const before = readLines(whole).filter((line) => line.content_type !== 'software');

    const engine = inject('engine');
    const database = await createTestDatabase(engine, 'migrated', `sciai-round-trip-${engine}-`);
    const empty = await startBackend(
      { dataDir: database.dataDir, databaseUrl: database.databaseUrl },
      { seedSampleCatalog: false, backgroundJobs: false },
    ).catch(async (error: unknown) => {
      await database.remove();
      throw error;
    });
    const gateway = await serveGateway(empty, { sendOutboxMail: false }).catch(async (error: unknown) => {
      await empty.stop();
      await database.remove();
      throw error;
    });
    const target = { SUPABASE_URL: gateway.url, SUPABASE_SERVICE_ROLE_KEY: empty.secrets.serviceRoleKey };
    try {
      for (const type of IMPORT_TYPES) {
        const csv = join(scratch, `${type}.csv`);
        const run = await runSciai(['export', '--format', 'csv', '--type', type, '-o', csv], source);
        expect(run.code).toBe(0);
        const imported = await runSciai(['import', '--type', type, csv, '--strict', '--json'], target);
        expect(imported.code, imported.stdout + imported.stderr).toBe(0);
      }
      const back = join(scratch, 'back.jsonl.gz');
      const again = await runSciai(['export', '--format', 'jsonl', '-o', back], target);
      expect(again.code).toBe(0);
      const after = readLines(back);
      // by title, and whole line where titles repeat (earlier files publish items of one title)
      const order = (line: ReturnType<typeof comparable>) => `${line.type} ${line.title} ${JSON.stringify(line)}`;
      const byTitle = (lines: Line[]) => lines.map(comparable).sort((a, b) => order(a).localeCompare(order(b)));
      expect(byTitle(after)).toEqual(byTitle(before));
    } finally {
      await gateway.close();
      await empty.stop();
      await database.remove();
    }
  }, 600_000);

  it('refuses --type without --format csv (exit 2)', async () => {
    const run = await runSciai(['export', '--format', 'jsonl', '--type', 'paper'], {
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_SERVICE_ROLE_KEY: 'unused',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--type makes import-ready CSV');
  });
});
