import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '@sciai/server';
import { anonClient, serviceClient } from '../support/clients.ts';
import { COMPILE_CACHE, runSciai, type CliRun } from '../support/sciai.ts';
import {
  startSourceFixtureServer,
  type FixtureRequest,
  type SourceFixtureServer,
} from '../support/source-fixture-server.ts';

/**
 * `sciai harvest` against local stand-ins of the sources (fixtures/sources, written to each
 * API's documented format) and the run's shared backend: pages followed, items deduplicated by
 * identifier across sources and with the catalog, runs recorded and resumed, faults survived.
 */
const FIXTURES = join(REPO_ROOT, 'fixtures/sources');
const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');

function answer(path: string) {
  return {
    status: 200,
    body: fixture(path),
    headers: { 'content-type': path.endsWith('.xml') ? 'application/atom+xml' : 'application/json' },
  };
}

const handlers = {
  openalex: (request: FixtureRequest) => {
    if (request.url.pathname !== '/works') return undefined;
    return answer(
      request.url.searchParams.get('cursor') === '*' ? 'openalex/works-page-1.json' : 'openalex/works-page-2.json',
    );
  },
  arxiv: (request: FixtureRequest) => {
    if (request.url.pathname !== '/api/query') return undefined;
    return answer(request.url.searchParams.get('start') === '0' ? 'arxiv/query-page-1.xml' : 'arxiv/query-page-2.xml');
  },
  crossref: (request: FixtureRequest) => {
    if (request.url.pathname !== '/works') return undefined;
    return answer(
      request.url.searchParams.get('cursor') === '*' ? 'crossref/works-page-1.json' : 'crossref/works-page-2.json',
    );
  },
  github: (request: FixtureRequest) => {
    if (request.url.pathname === '/search/repositories') return answer('github/search-page-1.json');
    if (request.url.pathname === '/repos/google-deepmind/alphafold/releases/latest')
      return answer('github/release-latest.json');
    if (request.url.pathname === '/repos/sciai-fixtures/old-name') return answer('github/repo-renamed.json');
    return undefined;
  },
  huggingface: (request: FixtureRequest) => {
    if (request.url.pathname === '/api/models' && !request.url.searchParams.has('cursor')) {
      const next = `${request.url.origin.replace('fixture.invalid', request.headers.host ?? '')}/api/models?cursor=2`;
      return { ...answer('huggingface/models-page-1.json'), headers: { link: `<${next}>; rel="next"` } };
    }
    if (request.url.pathname === '/api/models') return answer('huggingface/models-empty.json');
    return undefined;
  },
  biotools: (request: FixtureRequest) => {
    if (request.url.pathname !== '/api/t/') return undefined;
    return answer(
      request.url.searchParams.get('page') === '1' ? 'biotools/tools-page-1.json' : 'biotools/tools-page-2.json',
    );
  },
};

let sources: SourceFixtureServer;
beforeAll(async () => {
  sources = await startSourceFixtureServer({ handlers });
});
afterAll(() => sources.close());

function environment(extra: Record<string, string> = {}): Record<string, string> {
  const backend = inject('backend');
  return {
    SUPABASE_URL: backend.url,
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
    OPENALEX_BASE_URL: sources.baseUrl('openalex'),
    ARXIV_BASE_URL: sources.baseUrl('arxiv'),
    CROSSREF_BASE_URL: sources.baseUrl('crossref'),
    GITHUB_API_URL: sources.baseUrl('github'),
    HUGGINGFACE_BASE_URL: sources.baseUrl('huggingface'),
    BIOTOOLS_BASE_URL: sources.baseUrl('biotools'),
    ARXIV_SPACING_MS: '0',
    HARVEST_TIMEOUT_SECONDS: '2',
    ...extra,
  };
}

interface JsonReport {
  ok: boolean;
  error: string | null;
  runId?: string;
  resumed: boolean;
  pages: number;
  records: number;
  added: number;
  updated: number;
  skipped: number;
  refused: { ref: string; reason: string }[];
  planned: { title: string; action: string }[];
}
function reportOf(run: CliRun): JsonReport {
  return JSON.parse(run.stdout) as JsonReport;
}

async function itemsWith(scheme: string, value: string) {
  const { data, error } = await serviceClient()
    .from('external_ids')
    .select('content_id, content_items(title, status, content_type, metadata)')
    .eq('scheme', scheme)
    .eq('value', value);
  if (error) throw error;
  return data;
}

async function papersWithDoi(doi: string) {
  const { data, error } = await serviceClient().from('papers').select('content_id, doi, arxiv_id').ilike('doi', doi);
  if (error) throw error;
  return data;
}

describe('sciai harvest', () => {
  it('harvests OpenAlex page by page into the moderation queue, skips the retracted work and matches the catalog', async () => {
    const before = await papersWithDoi('10.1038/s41586-021-03819-2');
    const run = await runSciai(['harvest', 'openalex', '--search', 'protein structure', '--json'], environment());
    expect(run.stderr).not.toContain('error:');
    expect(run.code).toBe(0);
    const report = reportOf(run);
    expect(report).toMatchObject({ ok: true, pages: 2, records: 6, resumed: false });
    expect(report.refused).toEqual([{ ref: 'W2990000004', reason: 'Retracted' }]);
    // AlphaFold is in the sample catalog: it gains identifiers, not a twin.
    expect(report.added + report.updated + report.skipped).toBe(6);
    expect(await papersWithDoi('10.1038/s41586-021-03819-2')).toHaveLength(Math.max(1, before.length));
    expect(sources.log('openalex').some((path) => path.includes('search=protein+structure'))).toBe(true);

    const [crystal] = await itemsWith('openalex', 'W4385245566');
    expect(crystal!.content_items).toMatchObject({
      title: 'Ångström-scale models of crystal stability — a Schrödinger-equation approach',
      status: 'pending',
      content_type: 'paper',
      metadata: { harvest: { source: 'openalex', run_id: report.runId } },
    });
    const { data: authors } = await serviceClient()
      .from('content_people')
      .select('order_index, people(full_name)')
      .eq('content_id', crystal!.content_id)
      .order('order_index');
    expect(authors?.map((row) => (row.people as unknown as { full_name: string }).full_name)).toEqual([
      'Zoë Müller-Łukasiewicz',
      'José Núñez',
    ]);
    // Pending items stay out of the public catalog.
    const { data: visible } = await anonClient().from('content_items').select('id').eq('id', crystal!.content_id);
    expect(visible).toEqual([]);

    const { data: recorded } = await serviceClient().from('harvest_runs').select('*').eq('id', report.runId!).single();
    expect(recorded).toMatchObject({ source: 'openalex', status: 'completed', pages: 2, cursor: null, publish: false });
    expect(recorded!.query).toEqual({ search: 'protein structure' });

    const again = reportOf(
      await runSciai(['harvest', 'openalex', '--search', 'protein structure', '--json'], environment()),
    );
    expect(again).toMatchObject({ ok: true, added: 0, updated: 0, skipped: 6 });
    expect(await itemsWith('openalex', 'W4385245566')).toHaveLength(1);
  });

  it('makes one item of the same paper from arXiv and OpenAlex, and fills what it lacked', async () => {
    const run = await runSciai(['harvest', 'arxiv', '--search', 'cat:q-bio.BM', '--json'], environment());
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = reportOf(run);
    expect(report.refused).toEqual([{ ref: '2403.09999', reason: 'Withdrawn' }]);
    // The same preprint as OpenAlex lists it (with its DOI and OpenAlex id), after arXiv's.
    const openalex = await runSciai(
      ['harvest', 'openalex', '--input', join(FIXTURES, 'openalex/works-page-2.json'), '--json'],
      environment(),
    );
    expect(openalex.code).toBe(0);
    const byArxiv = await itemsWith('arxiv', '2401.00001');
    const byOpenAlex = await itemsWith('openalex', 'W4396000005');
    const byDoi = await itemsWith('doi', '10.48550/arxiv.2401.00001');
    expect(byArxiv).toHaveLength(1);
    expect(byOpenAlex.map((row) => row.content_id)).toEqual([byArxiv[0]!.content_id]);
    expect(byDoi.map((row) => row.content_id)).toEqual([byArxiv[0]!.content_id]);
    const papers = await papersWithDoi('10.48550/arxiv.2401.00001');
    expect(papers).toEqual([
      { content_id: byArxiv[0]!.content_id, doi: '10.48550/arxiv.2401.00001', arxiv_id: '2401.00001' },
    ]);
    expect(await itemsWith('arxiv', 'hep-th/9901001')).toHaveLength(1);
    expect(await itemsWith('arxiv', '2403.09999')).toHaveLength(0);
  });

  it('resumes a run that failed mid-way from its cursor, adding nothing twice', async () => {
    sources.fault('crossref', { kind: '502', match: 'cursor=DnF1', times: 100 });
    const failed = await runSciai(['harvest', 'crossref', '--search', 'machine learning', '--json'], environment());
    sources.clearFaults();
    expect(failed.code).toBe(1);
    const first = reportOf(failed);
    expect(first).toMatchObject({ ok: false, pages: 1 });
    expect(first.error).toMatch(/502/);
    const { data: stopped } = await serviceClient().from('harvest_runs').select('*').eq('id', first.runId!).single();
    expect(stopped).toMatchObject({ status: 'failed', cursor: 'DnF1ZXJ5VGhlbkZldGNoBgAAAAAA', pages: 1 });
    expect(JSON.stringify(stopped!.errors)).toContain('502');
    expect(await itemsWith('doi', '10.5555/fixture.sciai.cr1')).toHaveLength(1);

    const requestsBefore = sources.log('crossref').length;
    const resumed = await runSciai(['harvest', 'crossref', '--search', 'machine learning', '--json'], environment());
    expect(resumed.code).toBe(0);
    expect(reportOf(resumed)).toMatchObject({ ok: true, resumed: true, runId: first.runId, pages: 1, added: 0 });
    // It asked for the page after the committed one, not the first page again.
    expect(
      sources
        .log('crossref')
        .slice(requestsBefore)
        .every((path) => path.includes('cursor=DnF1')),
    ).toBe(true);
    expect(await itemsWith('doi', '10.5555/fixture.sciai.cr1')).toHaveLength(1);
    const { data: done } = await serviceClient()
      .from('harvest_runs')
      .select('status, pages')
      .eq('id', first.runId!)
      .single();
    expect(done).toEqual({ status: 'completed', pages: 2 });
  });

  it('resumes a run killed mid-way (SIGKILL) from its last committed page, nothing half-written', async () => {
    // Page 2 hangs, so the process is surely between pages when it is killed.
    sources.fault('openalex', { kind: 'timeout', match: 'cursor=Ils', times: 1 });
    const child = spawn(
      join(REPO_ROOT, 'node_modules/.bin/node'),
      [join(REPO_ROOT, 'cli/src/sciai.ts'), 'harvest', 'openalex', '--search', 'killed run', '--json'],
      {
        env: {
          ...process.env,
          ...environment({ HARVEST_TIMEOUT_SECONDS: '120' }),
          NO_COLOR: '1',
          NODE_COMPILE_CACHE: COMPILE_CACHE,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let exitCode: number | null | undefined;
    const exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        exitCode = code;
        resolve(code);
      }),
    );
    // A hang guard, not a speed limit: on a loaded machine the process's start alone can take
    // half a minute. A process that ends before committing its first page fails at once, saying why.
    await expect
      .poll(
        async () => {
          if (exitCode !== undefined) throw new Error(`sciai harvest exited (${exitCode}) early: ${stderr}`);
          const { data } = await serviceClient()
            .from('harvest_runs')
            .select('pages')
            .contains('query', { search: 'killed run' });
          return data?.[0]?.pages ?? 0;
        },
        { timeout: 200_000, interval: 250 },
      )
      .toBe(1);
    child.kill('SIGKILL');
    await exited;
    sources.clearFaults();
    const { data: killed } = await serviceClient()
      .from('harvest_runs')
      .select('id, status, pages, added, skipped')
      .contains('query', { search: 'killed run' })
      .single();
    expect(killed).toMatchObject({ status: 'running', pages: 1 });
    expect(killed!.added + killed!.skipped).toBeGreaterThan(0);

    const resumed = await runSciai(['harvest', 'openalex', '--search', 'killed run', '--json'], environment());
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(reportOf(resumed)).toMatchObject({ ok: true, resumed: true, runId: killed!.id, pages: 1, records: 2 });
    expect(await itemsWith('openalex', 'W4396000006')).toHaveLength(1);
    expect(await itemsWith('openalex', 'W4385245566')).toHaveLength(1);
    const { data: done } = await serviceClient()
      .from('harvest_runs')
      .select('status, pages')
      .eq('id', killed!.id)
      .single();
    expect(done).toEqual({ status: 'completed', pages: 2 });
  }, 240_000);

  it('waits out GitHub’s secondary rate limit and a 429 with Retry-After', async () => {
    sources.fault('github', { kind: 'secondary-limit', match: '/search/', times: 1, retryAfterSeconds: 1 });
    sources.fault('huggingface', { kind: '429', times: 1, retryAfterSeconds: 1 });
    const github = await runSciai(['harvest', 'github', '--topic', 'bioinformatics', '--json'], environment());
    expect(github.code).toBe(0);
    expect(reportOf(github).records).toBe(3);
    const [alphafold] = await itemsWith('github', 'google-deepmind/alphafold');
    expect(alphafold).toBeDefined();
    const hub = await runSciai(['harvest', 'huggingface', '--author', 'facebook', '--json'], environment());
    expect(hub.code).toBe(0);
    expect(reportOf(hub)).toMatchObject({ pages: 2, records: 3 });
    expect(reportOf(hub).refused).toEqual([{ ref: 'sciai-fixtures/private-model', reason: 'Private repository' }]);
    const [esm] = await itemsWith('huggingface', 'facebook/esm2_t33_650m_ur50d');
    expect(esm!.content_items).toMatchObject({ metadata: { downloads: 1250000, pipeline_tag: 'fill-mask' } });
  });

  it('fails clearly on malformed JSON and on a source that never answers, writing nothing of that page', async () => {
    sources.fault('biotools', { kind: 'malformed', times: 100 });
    const malformed = await runSciai(['harvest', 'biotools', '--search', 'malformed', '--json'], environment());
    sources.clearFaults();
    expect(malformed.code).toBe(1);
    expect(reportOf(malformed).error).toMatch(/not JSON/);
    expect(reportOf(malformed).added).toBe(0);

    // Each of its four attempts waits out the whole timeout: half a second rather than the file's 2 s.
    sources.fault('biotools', { kind: 'timeout', times: 100 });
    const silent = await runSciai(
      ['harvest', 'biotools', '--search', 'silent', '--json'],
      environment({ HARVEST_TIMEOUT_SECONDS: '0.5' }),
    );
    sources.clearFaults();
    expect(silent.code).toBe(1);
    expect(reportOf(silent).pages).toBe(0);
  });

  it('publishes at once with --publish, bio.tools entries joined to the same GitHub repository', async () => {
    const run = await runSciai(['harvest', 'biotools', '--search', 'structure', '--publish', '--json'], environment());
    expect(run.code).toBe(0);
    const [cellpose] = await itemsWith('biotools', 'cellpose');
    expect(cellpose!.content_items).toMatchObject({ status: 'published', content_type: 'software' });
    const { data: visible } = await anonClient().from('content_items').select('title').eq('id', cellpose!.content_id);
    expect(visible).toEqual([{ title: 'Cellpose' }]);
    // AlphaFold 2 on bio.tools names the repository GitHub already gave: one item.
    const byGithub = await itemsWith('github', 'google-deepmind/alphafold');
    const byBiotools = await itemsWith('biotools', 'alphafold_2');
    expect(byBiotools.map((row) => row.content_id)).toEqual(byGithub.map((row) => row.content_id));
  });

  it('harvests saved responses of every source with --input, and a dry run writes nothing', async () => {
    const runsBefore = (await serviceClient().from('harvest_runs').select('id', { count: 'exact', head: true })).count;
    const dry = await runSciai(
      ['harvest', 'openalex', '--input', join(FIXTURES, 'openalex/works-page-2.json'), '--dry-run'],
      environment(),
    );
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/Would (add|update): Attention-based graph networks for retrosynthesis \(doi:/);
    expect(dry.stdout).toMatch(/Dry run: would add \d+, update \d+, skip 0 \(2 records\); nothing was written\./);
    expect((await serviceClient().from('harvest_runs').select('id', { count: 'exact', head: true })).count).toBe(
      runsBefore,
    );
    const limited = await runSciai(
      [
        'harvest',
        'openalex',
        '--input',
        join(FIXTURES, 'openalex/works-page-1.json'),
        '--dry-run',
        '--limit',
        '2',
        '--json',
      ],
      environment(),
    );
    expect(reportOf(limited)).toMatchObject({ ok: true, records: 2, dryRun: true });

    const inputs: [string, string, number][] = [
      ['openalex', 'openalex/work-single.json', 1],
      ['arxiv', 'arxiv/query-page-2.xml', 2],
      ['crossref', 'crossref/work-by-doi.json', 1],
      ['github', 'github/repo-renamed.json', 1],
      ['huggingface', 'huggingface/spaces-page-1.json', 1],
      ['biotools', 'biotools/tools-page-1.json', 2],
    ];
    for (const [source, file, records] of inputs) {
      const extra = source === 'huggingface' ? ['--kind', 'spaces'] : [];
      const run = await runSciai(
        ['harvest', source, '--input', join(FIXTURES, file), ...extra, '--json'],
        environment(),
      );
      expect(run.code, `${source}: ${run.stderr}`).toBe(0);
      expect(reportOf(run).records, source).toBe(records);
    }
    expect(await itemsWith('huggingface', 'spaces/sciai-fixtures/docking-demo')).toHaveLength(1);
    expect(await itemsWith('github', 'sciai-fixtures/renamed-tool')).toHaveLength(1);
    // Crossref filled the abstract-less nothing and kept one Ångström paper.
    expect(await papersWithDoi('10.5555/fixture.sciai.0002')).toHaveLength(1);
  });
});
