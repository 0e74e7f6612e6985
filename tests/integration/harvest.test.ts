import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';
import { FIXTURES, itemsWith, papersWithDoi, reportOf, useHarvestSources } from '../support/harvest-sources.ts';
import { runSciai } from '../support/sciai.ts';

/**
 * `sciai harvest` against local stand-ins of the sources and the run's shared backend: pages
 * followed, items deduplicated by identifier across sources and with the catalog, runs recorded
 * and resumed, rate limits waited out. A run killed mid-way: harvest-killed-run.test.ts; a source
 * that answers malformed JSON or never answers: harvest-malformed-or-silent-source.test.ts.
 */
const { sources, environment } = useHarvestSources();

describe('sciai harvest', () => {
  it('harvests OpenAlex page by page into the moderation queue, skips the retracted work and matches the catalog', async () => {
    const before = await papersWithDoi('10.1038/s41586-021-03819-2');
    const run = await runSciai(['harvest', 'openalex', '--search', 'protein structure', '--json'], environment());
    expect(run.stderr).not.toContain('error:');
    expect(run.code).toBe(0);
    const report = reportOf(run);
    expect(report).toMatchObject({ ok: true, pages: 2, records: 6, resumed: false });
    expect(report.refused).toEqual([{ ref: 'W2990000004', reason: 'Retracted' }]);
    // AlphaFold is in the catalog: it gains identifiers, not a twin.
    expect(report.added + report.updated + report.skipped).toBe(6);
    expect(await papersWithDoi('10.1038/s41586-021-03819-2')).toHaveLength(Math.max(1, before.length));
    expect(sources.log('openalex').some((path) => path.includes('search=protein+structure'))).toBe(true);

    const [crystal] = await itemsWith('openalex', 'W4385245566');
    expect(crystal!.content_items).toMatchObject({
      title: 'Ångström-scale models of crystal stability — a Schrödinger-equation approach',
      status: 'pending',
      content_type: 'paper',
      metadata: { harvest: { source: 'openalex' } },
    });
    // The run that first brought the work tags it, and a later run leaves the tag: this run, or the
    // killed run of harvest-killed-run.test.ts when that file ran first on the shared backend.
    const taggedBy = (crystal!.content_items as unknown as { metadata: { harvest: { run_id: string } } }).metadata
      .harvest.run_id;
    const { data: tagger } = await serviceClient().from('harvest_runs').select('source').eq('id', taggedBy).single();
    expect(tagger).toEqual({ source: 'openalex' });
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
      const report = reportOf(run);
      expect(report.records, source).toBe(records);
      // every record, related item and repeat is accounted for once
      expect(report.added + report.updated + report.skipped, source).toBe(
        report.records + report.related - report.merged,
      );
    }
    // The sentence names what its counts add up to: bio.tools entries bring their publications.
    const told = await runSciai(
      ['harvest', 'biotools', '--input', join(FIXTURES, 'biotools/tools-page-1.json')],
      environment(),
    );
    expect(told.code, told.stderr).toBe(0);
    const summary =
      /Harvested 2 records from biotools with (\d+) related items?: (\d+) added, (\d+) updated, (\d+) skipped\./.exec(
        told.stdout,
      );
    expect(summary, told.stdout).not.toBeNull();
    const [related, added, updated, skipped] = summary!.slice(1).map(Number) as [number, number, number, number];
    expect(related).toBeGreaterThan(0);
    expect(added + updated + skipped).toBe(2 + related);
    expect(await itemsWith('huggingface', 'spaces/sciai-fixtures/docking-demo')).toHaveLength(1);
    expect(await itemsWith('github', 'sciai-fixtures/renamed-tool')).toHaveLength(1);
    // Crossref filled the abstract-less nothing and kept one Ångström paper.
    expect(await papersWithDoi('10.5555/fixture.sciai.0002')).toHaveLength(1);
  });
});
