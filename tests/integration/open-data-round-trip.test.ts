import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { IMPORT_TYPES, softwareDuplicateKey } from '@sciai/core';
import { normaliseLicense } from '@sciai/core/catalog-build';
import { startBackend } from '@sciai/server';
import { createTestDatabase, serveGateway } from '../support/backend.ts';
import { runSciai } from '../support/sciai.ts';

/**
 * `sciai export` then `sciai import` into an empty SciAI: every tool, paper, company and agent comes
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
  url: string | null;
  tags: string[];
  key_features: string[];
  organization: { name: string } | null;
  domains: Array<{ slug: string }>;
  software: Record<string, unknown> | null;
  paper: Record<string, unknown> | null;
  agent: Record<string, unknown> | null;
  company: Record<string, unknown> | null;
  papers_to_cite?: Array<{ scheme: string; id: string; paper: { title: string } | null }>;
};

const readLines = (path: string): Line[] =>
  gunzipSync(readFileSync(path))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);

/** What an import carries over, per item: compared by title (slugs are made anew). */
function comparable(line: Line) {
  const software = line.software;
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
    ...(line.agent && {
      agent_license: licenseAsRead(line.agent.license),
      agent_first_release: line.agent.first_release,
    }),
    // a tool's or agent's weights licence, availability and the papers it names, each with the
    // catalog's paper it is linked to (the import names itself as their source, not the list's)
    weights_license: licenseAsRead(line.software?.weights_license ?? line.agent?.weights_license ?? null),
    availability: line.software?.availability ?? line.agent?.availability ?? null,
    papers_to_cite: (line.papers_to_cite ?? []).map(
      (entry) => `${entry.scheme}:${entry.id} ${entry.paper?.title ?? '(not in the catalog)'}`,
    ),
    ...(software && {
      url: line.url,
      tags: line.tags,
      key_features: line.key_features,
      organization: line.organization?.name ?? null,
      github_url: software.github_url,
      pricing_model: software.pricing_model,
      // the import reads a licence as the catalog's sources are read: a deprecated id in its current form
      license: licenseAsRead(software.license),
      open_source: software.open_source,
      programming_languages: software.programming_languages,
      first_release: software.first_release,
      api_available: software.api_available,
    }),
  };
}

/**
 * The lines an import brings back: a line repeating an earlier one by the import's duplicate rule
 * (docs/product.md#csv-rows) is skipped as a duplicate, as it would be in any import.
 */
function importable(lines: readonly Line[]): Line[] {
  const seen = new Set<string>();
  return lines.filter((line) => {
    const key =
      line.content_type === 'software'
        ? softwareDuplicateKey(line.title, line.url)
        : line.content_type === 'paper'
          ? ((line.paper?.doi as string | null | undefined)?.toLowerCase() ?? null)
          : line.title.toLowerCase();
    if (key === null) return true;
    const typed = `${line.content_type} ${key}`;
    if (seen.has(typed)) return false;
    seen.add(typed);
    return true;
  });
}

function licenseAsRead(license: unknown): unknown {
  if (typeof license !== 'string') return license;
  const read = normaliseLicense(license);
  return read === undefined ? license : (read.spdx ?? read.label);
}

describe('sciai export → sciai import round trip', () => {
  it('re-imports the exported software, papers, companies and agents into an empty SciAI', async () => {
    const backend = inject('backend');
    const source = { SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey };
    const whole = join(scratch, 'source.jsonl.gz');
    const exported = await runSciai(['export', '--format', 'jsonl', '-o', whole], source);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/Exported [\d,]+ published items/);
    const before = readLines(whole);
    expect(before.filter((line) => line.content_type === 'software').length).toBeGreaterThan(2_000);
    // what the round trip has to carry: weights licences, availabilities, papers cited and linked
    expect(before.some((line) => line.software?.weights_license)).toBe(true);
    expect(before.some((line) => line.agent?.availability)).toBe(true);
    expect(before.some((line) => line.papers_to_cite?.some((entry) => entry.paper !== null))).toBe(true);

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
      expect(byTitle(after)).toEqual(byTitle(importable(before)));
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
