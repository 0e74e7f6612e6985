import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runCsvImport } from '@sciai/core';
import { anonClient, serviceClient } from '../support/clients.ts';
import { signedInAs, withDatabase } from '../support/auth.ts';
import { domainsOf, rpcOf, stageAndCommit, taggedFixture } from '../support/csv-import.ts';

/**
 * Software through the import (docs/product.md#csv-import), with an admin's own session as the
 * web page runs it: the items and their software rows in one commit, the tool's organization, its
 * licence read as the catalog reads one, and duplicates by name and link together.
 */
describe('CSV import of software', () => {
  it('imports the valid rows of a mixed file into content_items and software, then nothing new', async () => {
    const admin = await signedInAs('admin', 'software-importer');
    const { text, tag } = taggedFixture('software.csv');
    const dependencies = { call: rpcOf(admin.client), domains: await domainsOf(admin.client) };
    const { result, outcome } = await runCsvImport(text, 'software', dependencies, { fileName: 'software.csv' });
    expect(result.rows.map((row) => [row.rowNumber, row.status, row.issues.map((issue) => issue.message)])).toEqual([
      [2, 'Valid', []],
      [3, 'Valid', []],
      [4, 'Warning', ['Duplicate of row 2']],
      [5, 'Valid', []],
      [
        6,
        'Invalid',
        [
          'pricing_model must be one of: free, freemium, subscription, paid, enterprise',
          'first_release is in the future',
        ],
      ],
      [7, 'Invalid', ['Software name is required']],
      [
        8,
        'Warning',
        ['license "BSD" is not an SPDX id or expression: the page will claim neither open source nor source available'],
      ],
    ]);
    expect(outcome).toMatchObject({ inserted: 4, skipped: 0, skippedTotal: 1, organizations_created: 1 });

    const { data: items, error } = await serviceClient()
      .from('content_items')
      .select(
        'title, slug, url, status, year, tags, key_features, short_description, organizations(name), software(pricing_model, license, open_source, github_url, api_available, programming_languages, first_release), content_domains(is_primary, scientific_domains(slug))',
      )
      .like('title', `Fixture${tag} Tool%`)
      .order('url');
    expect(error).toBeNull();
    expect(items?.map((item) => [item.title, item.url])).toEqual([
      [`Fixture${tag} Tool One`, `https://elsewhere.fixture${tag}.example.org/one`],
      [`Fixture${tag} Tool Licence`, `https://fixture${tag}.example.org/licence`],
      [`Fixture${tag} Tool One`, `https://fixture${tag}.example.org/one`],
      [`Fixture${tag} Tool Two`, `https://fixture${tag}.example.org/two`],
    ]);
    const [, licence, one, two] = items!;
    expect(one).toMatchObject({
      status: 'published',
      year: 2021,
      tags: ['segmentation', 'microscopy'],
      key_features: ['Whole-slide segmentation', 'GPU, CPU and cluster runs'],
      short_description: 'Cell segmentation',
      organizations: { name: `Fixture${tag} Lab` },
      software: {
        pricing_model: 'free',
        license: 'MIT',
        open_source: true,
        github_url: `https://github.com/fixture${tag}/one`,
        api_available: true,
        programming_languages: ['Python', 'C++'],
        first_release: '2021-03',
      },
    });
    expect(one!.content_domains.map((link) => [slugOf(link.scientific_domains), link.is_primary]).sort()).toEqual([
      ['ai_ml', false],
      ['biology', true],
    ]);
    // one organization for 'Fixture Lab' and 'fixture lab'
    expect(two).toMatchObject({
      year: 2019,
      organizations: { name: `Fixture${tag} Lab` },
      software: { pricing_model: 'freemium', license: 'CC-BY-NC-4.0', open_source: false, api_available: false },
    });
    expect(licence).toMatchObject({ year: null, software: { license: 'BSD (variant unknown)', open_source: false } });

    // searchable at once
    const { data: indexed } = await serviceClient()
      .from('content_search')
      .select('content_type, status')
      .in(
        'slug',
        items!.map((item) => item.slug),
      );
    expect(indexed).toEqual(Array(4).fill({ content_type: 'software', status: 'published' }));

    const again = await runCsvImport(text, 'software', dependencies, { fileName: 'software.csv' });
    expect(
      again.result.rows.filter((row) =>
        row.issues.some((issue) => issue.message === 'Already exists: will be skipped'),
      ),
    ).toHaveLength(5);
    expect(again.outcome).toMatchObject({ inserted: 0, skippedTotal: 5 });
    const { count } = await serviceClient()
      .from('content_items')
      .select('id', { count: 'exact', head: true })
      .like('title', `Fixture${tag}%`);
    expect(count).toBe(4);
  });

  it('skips, at commit, rows repeating a tool by name and link; a namesake elsewhere is imported', async () => {
    const admin = await signedInAs('admin', 'software-racer');
    const call = rpcOf(admin.client);
    const tag = randomUUID().slice(0, 8);
    const tool = (row: number, title: string, url: string) => ({
      row_number: row,
      title,
      slug: title.toLowerCase(),
      url,
    });
    const first = await stageAndCommit(call, 'software', [tool(2, `Race${tag}`, 'https://race.example.org/a')]);
    expect(first).toMatchObject({ error: null, data: { inserted: 1 } });
    const second = await stageAndCommit(call, 'software', [
      tool(2, `race${tag}`, 'http://www.RACE.example.org/a/'),
      tool(3, `Race${tag}`, 'https://race.example.org/b'),
      tool(4, `RACE${tag}`, 'https://race.example.org/b'),
    ]);
    expect(second).toMatchObject({ error: null, data: { inserted: 1, skipped: 2 } });
    const keys = await call('find_existing_import_keys', {
      content_type: 'software',
      keys: [`race${tag}\nrace.example.org/a`, `race${tag}\nrace.example.org/b`, `race${tag}\nrace.example.org/c`],
    });
    expect([...(keys.data as string[])].sort()).toEqual([
      `race${tag}\nrace.example.org/a`,
      `race${tag}\nrace.example.org/b`,
    ]);
  });

  it('refuses, on the server, a row staged around core: its number and the rule, nothing written', async () => {
    const admin = await signedInAs('admin', 'software-refused');
    const call = rpcOf(admin.client);
    const tag = randomUUID().slice(0, 8);
    const good = { row_number: 2, title: `Refused${tag} good`, slug: `refused${tag}-good`, domains: ['biology'] };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: ' ' }, 'Software name is required'],
      [{ pricing_model: 'Free' }, 'pricing_model must be one of: free, freemium, subscription, paid, enterprise'],
      [{ first_release: '2021-02-30' }, 'first_release must be YYYY, YYYY-MM or YYYY-MM-DD'],
      [{ first_release: '2021-7' }, 'first_release must be YYYY, YYYY-MM or YYYY-MM-DD'],
      [{ first_release: String(new Date().getUTCFullYear() + 1) }, 'first_release is in the future'],
      [{ github_url: 'javascript:alert(1)' }, 'github_url must be a link starting with http:// or https://'],
      [{ url: 'https://has space.org' }, 'url must be a link starting with http:// or https://'],
      [{ license: 'M'.repeat(201) }, 'license must be at most 200 characters'],
      [{ key_features: Array.from({ length: 21 }, (_, n) => `f${n}`) }, 'key_features must have at most 20 entries'],
      [{ key_features: ['k'.repeat(201)] }, 'Each of key_features must be at most 200 characters'],
      [{ tags: Array.from({ length: 51 }, (_, n) => `t${n}`) }, 'tags must have at most 50 entries'],
      [{ programming_languages: ['p'.repeat(301)] }, 'Each of programming_languages must be at most 300 characters'],
      [{ short_description: 's'.repeat(301) }, 'short_description must be at most 300 characters'],
      [{ weights_license: 'W'.repeat(201) }, 'weights_license must be at most 200 characters'],
      [{ availability: 'Open' }, 'availability must be one of: open, api_only, waitlist, commercial'],
      [{ paper_dois: ['10.1038/S41586'] }, 'paper_dois must be DOIs written 10.NNNN/…, in lower case'],
      [{ paper_dois: ['doi:10.1038/x'] }, 'paper_dois must be DOIs written 10.NNNN/…, in lower case'],
      [{ paper_dois: [`10.1000/${'d'.repeat(300)}`] }, 'Each of paper_dois must be at most 300 characters'],
      [{ paper_arxiv_ids: ['2401.07950v2'] }, 'paper_arxiv_ids must be arXiv ids such as 2401.07950 or hep-th/9901001'],
      [
        {
          paper_dois: Array.from({ length: 26 }, (_, n) => `10.1000/${n}`),
          paper_arxiv_ids: Array(25).fill('2401.07950'),
        },
        'paper_dois and paper_arxiv_ids may name at most 50 papers together',
      ],
    ];
    for (const [fields, message] of cases) {
      const bad = { row_number: 7, title: `Refused${tag} bad`, slug: `refused${tag}-bad`, ...fields };
      const answer = await stageAndCommit(call, 'software', [good, bad]);
      expect(answer.error?.message, JSON.stringify(fields)).toBe(`Row 7: ${message}`);
    }
    const { count } = await serviceClient()
      .from('content_items')
      .select('id', { count: 'exact', head: true })
      .like('title', `Refused${tag}%`);
    expect(count).toBe(0);
    const batches = await withDatabase((db) =>
      db.query(`select 1 from public.import_batches where created_by = $1`, [admin.userId]),
    );
    // (a refused commit leaves its batch for discard_import, as the pipeline calls it)
    expect(batches.rowCount).toBe(cases.length);
  });
});

describe('CSV import of the terms and papers of tools and agents', () => {
  it('writes weights licence and availability, and cites and links the papers a row names', async () => {
    const admin = await signedInAs('admin', 'model-terms-importer');
    const call = rpcOf(admin.client);
    const dependencies = { call, domains: await domainsOf(admin.client) };
    const tag = randomUUID().slice(0, 8);
    const number = Number.parseInt(tag.slice(0, 6), 16);
    const arxivOf = (offset: number) =>
      `${String(1000 + (number % 9000))}.${String(10000 + ((number + offset) % 90000))}`;
    const [linkedDoi, missingDoi] = [`10.5555/terms-${tag}-a`, `10.5555/terms-${tag}-b`];
    const [linkedArxiv, laterArxiv] = [arxivOf(1), arxivOf(2)];
    // a paper the catalog has before the tools arrive, another after them
    const paper = (row: number, title: string, fields: Record<string, unknown>) => ({
      row_number: row,
      title,
      slug: title.toLowerCase().replaceAll(' ', '-'),
      abstract: 'An abstract.',
      ...fields,
    });
    expect(
      await stageAndCommit(call, 'paper', [
        paper(2, `Terms${tag} paper by doi`, { doi: linkedDoi }),
        paper(3, `Terms${tag} paper by arxiv`, { arxiv_id: linkedArxiv }),
      ]),
    ).toMatchObject({ error: null, data: { inserted: 2 } });

    const software = [
      'name,url,license,weights_license,availability,paper_dois,paper_arxiv_ids',
      `Terms${tag} Model,https://terms${tag}.example.org/model,MIT,Llama 3 Community License,API only,"[""https://doi.org/${linkedDoi.toUpperCase()}"",""${missingDoi}""]",${linkedArxiv}v2`,
      `Terms${tag} Plain,https://terms${tag}.example.org/plain,,,,,`,
    ].join('\n');
    const tools = await runCsvImport(software, 'software', dependencies, { fileName: 'terms.csv' });
    expect(tools.result.rows.map((row) => row.issues)).toEqual([[], []]);
    expect(tools.outcome).toMatchObject({ inserted: 2 });
    const agents = [
      'name,url,weights_license,availability,paper_arxiv_ids',
      `Terms${tag} Agent,https://terms${tag}.example.org/agent,CC-BY-NC-4.0,waitlist,"${linkedArxiv}, ${laterArxiv}"`,
    ].join('\n');
    const agent = await runCsvImport(agents, 'agent', dependencies, { fileName: 'terms-agents.csv' });
    expect(agent.outcome).toMatchObject({ inserted: 1 });
    expect(
      await stageAndCommit(call, 'paper', [paper(2, `Terms${tag} paper later`, { arxiv_id: laterArxiv })]),
    ).toMatchObject({ error: null, data: { inserted: 1 } });

    const { data: items, error } = await serviceClient()
      .from('content_items')
      .select(
        'slug, title, metadata, software(weights_license, availability, license), agents(weights_license, availability)',
      )
      .like('title', `Terms${tag} %`)
      .in('content_type', ['software', 'agent'])
      .order('title');
    expect(error).toBeNull();
    const [agentItem, model, plain] = items!;
    expect(model).toMatchObject({
      software: { license: 'MIT', weights_license: 'Llama 3 Community License', availability: 'api_only' },
      metadata: {
        publication_dois: [linkedDoi, missingDoi],
        publication_arxiv_ids: [linkedArxiv],
        publication_sources: ['csv-import'],
      },
    });
    expect(plain).toMatchObject({ software: { weights_license: null, availability: null }, metadata: {} });
    expect(agentItem).toMatchObject({
      agents: { weights_license: 'CC-BY-NC-4.0', availability: 'waitlist' },
      metadata: { publication_arxiv_ids: [linkedArxiv, laterArxiv], publication_sources: ['csv-import'] },
    });

    // linked whichever arrived second, each link saying the import made it
    const links = await withDatabase((db) =>
      db.query<{ tool: string; paper: string; source: string }>(
        `select t.title as tool, p.title as paper, r.source from public.item_relations r
         join public.content_items t on t.id = r.content_id join public.content_items p on p.id = r.related_id
         where t.title like $1 order by 1, 2`,
        [`Terms${tag} %`],
      ),
    );
    expect(links.rows).toEqual([
      { tool: `Terms${tag} Agent`, paper: `Terms${tag} paper by arxiv`, source: 'csv-import' },
      { tool: `Terms${tag} Agent`, paper: `Terms${tag} paper later`, source: 'csv-import' },
      { tool: `Terms${tag} Model`, paper: `Terms${tag} paper by arxiv`, source: 'csv-import' },
      { tool: `Terms${tag} Model`, paper: `Terms${tag} paper by doi`, source: 'csv-import' },
    ]);

    // the page cites each, the catalog's paper where there is one; no source of the catalog names them
    const { data: details } = await anonClient().rpc('item_details', { slugs: [model!.slug] });
    const cited = (details as Array<{ papers_to_cite: unknown[] }>)[0]!.papers_to_cite;
    expect(cited).toEqual([
      {
        scheme: 'doi',
        id: linkedDoi,
        paper: expect.objectContaining({ title: `Terms${tag} paper by doi`, content_type: 'paper' }),
        sources: [],
      },
      { scheme: 'doi', id: missingDoi, paper: null, sources: [] },
      {
        scheme: 'arxiv',
        id: linkedArxiv,
        paper: expect.objectContaining({ title: `Terms${tag} paper by arxiv` }),
        sources: [],
      },
    ]);
  });

  it('refuses, on the server, an agent row with terms or papers core would refuse', async () => {
    const admin = await signedInAs('admin', 'agent-terms-refused');
    const call = rpcOf(admin.client);
    const tag = randomUUID().slice(0, 8);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ availability: 'free' }, 'availability must be one of: open, api_only, waitlist, commercial'],
      [{ weights_license: 'W'.repeat(201) }, 'weights_license must be at most 200 characters'],
      [{ paper_dois: ['not a doi'] }, 'paper_dois must be DOIs written 10.NNNN/…, in lower case'],
      [
        { paper_arxiv_ids: ['arXiv:2401.07950'] },
        'paper_arxiv_ids must be arXiv ids such as 2401.07950 or hep-th/9901001',
      ],
    ];
    for (const [fields, message] of cases) {
      const bad = { row_number: 4, title: `AgentTerms${tag}`, slug: `agentterms${tag}`, ...fields };
      const answer = await stageAndCommit(call, 'agent', [bad]);
      expect(answer.error?.message, JSON.stringify(fields)).toBe(`Row 4: ${message}`);
    }
    const { count } = await serviceClient()
      .from('content_items')
      .select('id', { count: 'exact', head: true })
      .like('title', `AgentTerms${tag}%`);
    expect(count).toBe(0);
  });
});

function slugOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && 'slug' in value ? value.slug : value;
}
