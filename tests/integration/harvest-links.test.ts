import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '@sciai/server';
import { serviceClient } from '../support/clients.ts';
import { runSciai } from '../support/sciai.ts';
import {
  startSourceFixtureServer,
  type FixtureRequest,
  type SourceFixtureServer,
} from '../support/source-fixture-server.ts';

/**
 * What harvest links across items and sources: a bio.tools entry's publications become papers
 * linked to the tool (item_relations), found again by DOI instead of twice; and a renamed GitHub
 * repository is recognised by its numeric id, by harvest and by enrich (GitHub answers the old
 * name with 301 to /repositories/{id}).
 */
const FIXTURES = join(REPO_ROOT, 'fixtures/sources');
const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');
const json = { 'content-type': 'application/json' };

let sources: SourceFixtureServer;
beforeAll(async () => {
  sources = await startSourceFixtureServer({
    handlers: {
      biotools: (request: FixtureRequest) => {
        if (request.url.pathname !== '/api/t/') return undefined;
        const page = request.url.searchParams.get('page') === '1' ? 'tools-page-1.json' : 'tools-page-2.json';
        return { body: fixture(`biotools/${page}`), headers: json };
      },
      github: (request: FixtureRequest) => {
        const moved = `${sources.baseUrl('github')}/repositories/123456`;
        // docs.github.com: a renamed repository's old name answers 301 with the new location.
        if (request.url.pathname.startsWith('/repos/sciai-fixtures/old-name')) {
          const rest = request.url.pathname.slice('/repos/sciai-fixtures/old-name'.length);
          return {
            status: 301,
            headers: { ...json, location: `${moved}${rest}` },
            body: {
              message: 'Moved Permanently',
              url: `${moved}${rest}`,
              documentation_url: 'https://docs.github.com',
            },
          };
        }
        if (request.url.pathname === '/repositories/123456') return { body: fixture('github/repo-renamed.json') };
        if (request.url.pathname === '/repos/sciai-fixtures/renamed-tool')
          return { body: fixture('github/repo-renamed.json') };
        return undefined;
      },
    },
  });
});
afterAll(() => sources.close());

function environment(): Record<string, string> {
  const backend = inject('backend');
  return {
    SUPABASE_URL: backend.url,
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
    GITHUB_API_URL: sources.baseUrl('github'),
    BIOTOOLS_BASE_URL: sources.baseUrl('biotools'),
    HARVEST_TIMEOUT_SECONDS: '5',
    ENRICH_TIMEOUT_SECONDS: '5',
  };
}

async function sciai(args: string[]) {
  const run = await runSciai([...args, '--json'], environment());
  expect(run.code, run.stdout + run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { ok: boolean; added: number; updated: number; skipped: number; items?: number };
}

async function itemOf(scheme: string, value: string): Promise<string | undefined> {
  const { data, error } = await serviceClient()
    .from('external_ids')
    .select('content_id')
    .eq('scheme', scheme)
    .eq('value', value);
  if (error) throw error;
  expect(data.length).toBeLessThanOrEqual(1);
  return data[0]?.content_id;
}

async function publicationsOf(tool: string): Promise<string[]> {
  const { data, error } = await serviceClient()
    .from('item_relations')
    .select('related_id, relation, source')
    .eq('content_id', tool);
  if (error) throw error;
  expect(data.every((row) => row.relation === 'publication' && row.source === 'biotools')).toBe(true);
  return data.map((row) => row.related_id).sort();
}

// Each test runs the CLI several times: on a busy machine a run takes seconds.
describe('harvest links', { timeout: 300_000 }, () => {
  it('links a bio.tools entry’s publications as papers, created or found by DOI, once', async () => {
    await sciai(['harvest', 'biotools', '--search', 'publications', '--publish']);
    const samtools = await itemOf('biotools', 'samtools');
    const samtoolsPaper = await itemOf('doi', '10.1093/bioinformatics/btp352');
    expect(samtools).toBeDefined();
    expect(samtoolsPaper).toBeDefined();
    const { data: paper } = await serviceClient()
      .from('content_items')
      .select('title, content_type, status, papers(doi, journal_name, publication_date, citation_count)')
      .eq('id', samtoolsPaper!)
      .single();
    expect(paper).toMatchObject({
      title: 'The Sequence Alignment/Map format and SAMtools',
      content_type: 'paper',
      status: 'published',
      papers: {
        doi: '10.1093/bioinformatics/btp352',
        journal_name: 'Bioinformatics',
        publication_date: '2009-08-15',
      },
    });
    expect(await publicationsOf(samtools!)).toEqual([samtoolsPaper]);

    // AlphaFold 2's publication is the hand-written catalog's AlphaFold paper: linked, not added again.
    const { data: alphafoldPapers } = await serviceClient()
      .from('papers')
      .select('content_id')
      .ilike('doi', '10.1038/s41586-021-03819-2');
    expect(alphafoldPapers).toHaveLength(1);
    const alphafold = await itemOf('biotools', 'alphafold_2');
    expect(await publicationsOf(alphafold!)).toEqual([alphafoldPapers![0]!.content_id]);

    // Again: the same tools, papers and links, nothing twice.
    const again = await sciai(['harvest', 'biotools', '--search', 'publications again', '--publish']);
    expect(again.added).toBe(0);
    expect(await itemOf('doi', '10.1093/bioinformatics/btp352')).toBe(samtoolsPaper);
    expect(await publicationsOf(samtools!)).toEqual([samtoolsPaper]);
  });

  it('links a paper harvested after the tool that named it', async () => {
    const suffix = Math.random().toString(36).slice(2, 10);
    const doi = `10.5555/fixture.sciai.links.${suffix}`;
    const service = serviceClient();
    const begin = async (query: string) => {
      const { data, error } = await service.rpc('begin_harvest', {
        source: 'biotools',
        query: { search: `${query} ${suffix}` },
        publish: true,
      });
      if (error) throw error;
      return (data as { run_id: string }).run_id;
    };
    const commit = async (runId: string, item: Record<string, unknown>) => {
      const { error } = await service.rpc('commit_harvest_page', {
        run_id: runId,
        items: [item],
        next_cursor: '',
        finished: true,
      });
      if (error) throw error;
    };
    await commit(await begin('tool'), {
      content_type: 'software',
      title: `Linked tool ${suffix}`,
      domains: [],
      ids: [{ scheme: 'biotools', value: `linked_tool_${suffix}` }],
      metadata: { publication_dois: [doi] },
      software: {},
    });
    const tool = await itemOf('biotools', `linked_tool_${suffix}`);
    expect(await publicationsOf(tool!)).toEqual([]);
    await commit(await begin('paper'), {
      content_type: 'paper',
      title: `Linked paper ${suffix}`,
      domains: [],
      ids: [{ scheme: 'doi', value: doi }],
      paper: { doi },
    });
    expect(await publicationsOf(tool!)).toEqual([await itemOf('doi', doi)]);
  });

  it('recognises a renamed GitHub repository by its numeric id: harvest and enrich follow the rename', async () => {
    await sciai(['harvest', 'github', '--input', join(FIXTURES, 'github/repo-renamed-before.json'), '--publish']);
    const item = await itemOf('github_id', '123456');
    expect(item).toBeDefined();
    // Another test file may have harvested the repository first, into the moderation queue.
    await serviceClient()
      .from('content_items')
      .update({ status: 'published', published_at: new Date().toISOString() })
      .eq('id', item!);
    await serviceClient()
      .from('software')
      .update({ github_url: 'https://github.com/sciai-fixtures/old-name' })
      .eq('content_id', item!);
    const { data: row } = await serviceClient().from('content_items').select('slug').eq('id', item!).single();

    // enrich asks for the old name, GitHub answers 301 to the repository under its new name
    const enriched = await sciai(['enrich', '--item', row!.slug, '--source', 'github']);
    expect(enriched).toMatchObject({ ok: true, items: 1 });
    const { data: software } = await serviceClient()
      .from('software')
      .select('github_url, github_stars')
      .eq('content_id', item!)
      .single();
    expect(software).toEqual({ github_url: 'https://github.com/sciai-fixtures/renamed-tool', github_stars: 42 });
    expect(await itemOf('github', 'sciai-fixtures/renamed-tool')).toBe(item);
    expect(await itemOf('github', 'sciai-fixtures/old-name')).toBe(item);

    // harvest under either name finds the same item
    const byOldName = await sciai(['harvest', 'github', '--repos', 'sciai-fixtures/old-name', '--publish']);
    expect(byOldName).toMatchObject({ ok: true, added: 0 });
    const byNewName = await sciai(['harvest', 'github', '--input', join(FIXTURES, 'github/repo-renamed.json')]);
    expect(byNewName).toMatchObject({ ok: true, added: 0 });
    const { data: twins } = await serviceClient()
      .from('software')
      .select('content_id')
      .or('github_url.ilike.%sciai-fixtures/old-name,github_url.ilike.%sciai-fixtures/renamed-tool');
    expect(twins).toEqual([{ content_id: item }]);
  });
});
