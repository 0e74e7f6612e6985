import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { catalogCsvHeader, catalogCsvRows, catalogRecord, CATALOG_CSV_COLUMNS } from './catalog-record.ts';
import type { PublicItem } from './catalog-item.ts';
import { itemMarkdown, itemMarkdownLine } from './item-markdown.ts';
import { importReadyCsvHeader, importReadyCsvRows } from './import-ready-csv.ts';
import { parseCsvText } from '../import/parse-csv.ts';
import { llmsTxt } from './llms-txt.ts';
import { embedIframeSnippet, embedParams, embedScriptSnippet } from './embed-snippet.ts';

const paper: PublicItem = {
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'a-paper',
  title: 'A [bracketed] paper\nwith a break',
  description: 'First paragraph.\n\nSecond <script>alert(1)</script> paragraph.',
  short_description: '=HYPERLINK("http://evil")',
  content_type: 'paper',
  url: 'https://example.org/a paper (v2)',
  year: 2021,
  tags: ['x'],
  published_at: '2021-01-01T00:00:00Z',
  updated_at: '2021-01-02T00:00:00Z',
  verified: true,
  metadata: { content_license: 'CC0-1.0' },
  organization: { name: 'Lab', website: null },
  domains: [{ slug: 'biology', name: 'Biology' }],
  paper: {
    abstract: 'An abstract.',
    doi: '10.1/x',
    journal_name: 'Nature',
    publication_date: '2021-07-15',
    authors: ['Ada Lovelace', 'Alan Turing'],
    keywords: ['k1', 'k, with comma'],
  },
  figures: { citations: { value: 12, source: 'crossref', as_of: '2026-09-02T00:00:00+00:00' } },
};

describe('open data renderings', () => {
  it('writes an item as Markdown without raw HTML, with links that cannot end early', () => {
    const markdown = itemMarkdown(paper, 'https://sciai.example');
    expect(markdown.startsWith('# A \\[bracketed\\] paper with a break\n')).toBe(true);
    expect(markdown).toContain('- Website: https://example.org/a%20paper%20%28v2%29');
    expect(markdown).toContain('- DOI: [10.1/x](https://doi.org/10.1/x)');
    expect(markdown).toContain('First paragraph.\n\nSecond &lt;script&gt;alert(1)&lt;/script&gt; paragraph.');
    expect(markdown).toContain('licensed CC0-1.0');
    // a figure with its source and date (docs/product.md#facts)
    expect(markdown).toContain('- Citations: 12 citations on Crossref, as of 2 Sep 2026');
    expect(markdown).toContain('> \\=HYPERLINK("http://evil")');
    expect(itemMarkdownLine(paper, '')).toMatch(/^- \[A \\\[bracketed\\\] paper with a break\]\(\/paper\/a-paper\) — /);
  });

  it('lists the source records behind an item in its Markdown, each with its licence', () => {
    const markdown = itemMarkdown(
      {
        ...paper,
        sources: [
          {
            source: 'best-of-atomistic-ml',
            name: 'best-of [atomistic] ML',
            record_url: 'https://github.com/o/r/blob/abc/list.csv#L68',
            license: 'CC-BY-SA-4.0',
            share_alike: true,
            snapshot_date: '2026-08-22',
          },
          // an address that is not http(s) is named, not linked
          {
            source: 'x',
            name: 'X list',
            record_url: 'javascript:alert(1)',
            license: 'none',
            share_alike: false,
            snapshot_date: '2026-01-01',
          },
          // a record a harvest read from the source's API: dated by its last fetch
          {
            source: 'github-api',
            name: 'GitHub API',
            kind: 'live',
            record_url: 'https://github.com/o/r',
            license: 'none',
            share_alike: false,
            copies_descriptions: false,
            snapshot_date: null,
            fetched_on: '2026-12-07',
          },
        ],
      },
      'https://sciai.example',
    );
    expect(markdown).toContain(
      '## Sources\n\n- [best-of \\[atomistic\\] ML](https://github.com/o/r/blob/abc/list.csv#L68) — ' +
        'CC BY-SA 4.0 (share-alike), snapshot of 2026-08-22\n- X list — facts only – no licence, snapshot of 2026-01-01\n' +
        '- [GitHub API](https://github.com/o/r) — facts only – no licence, live record, fetched on 2026-12-07',
    );
    expect(itemMarkdown(paper, 'https://sciai.example')).not.toContain('## Sources');
  });

  it('gives each item’s source records, their licences and share-alike in the CSV dump', () => {
    const sourced: PublicItem = {
      ...paper,
      sources: [
        {
          source: 'biotools',
          name: 'bio.tools',
          kind: 'snapshot',
          record_url: 'https://bio.tools/x',
          license: 'CC-BY-4.0',
          share_alike: false,
          snapshot_date: '2021-03-10',
          fetched_on: null,
        },
        {
          source: 'best-of-atomistic-ml',
          name: 'best-of',
          record_url: 'https://github.com/o/r/blob/abc/list.csv#L68',
          license: 'CC-BY-SA-4.0',
          share_alike: true,
          snapshot_date: '2026-08-22',
        },
        {
          source: 'biotools-api',
          name: 'bio.tools API',
          kind: 'live',
          record_url: 'https://bio.tools/x',
          license: 'CC-BY-4.0',
          share_alike: false,
          snapshot_date: null,
          fetched_on: '2026-12-07',
        },
      ],
    };
    const rows = Papa.parse<Record<string, string>>(catalogCsvHeader() + catalogCsvRows([sourced]), {
      header: true,
    }).data;
    expect(JSON.parse(rows[0]!.sources!)).toEqual([
      {
        source: 'biotools',
        name: 'bio.tools',
        kind: 'snapshot',
        record_url: 'https://bio.tools/x',
        license: 'CC-BY-4.0',
        share_alike: false,
        snapshot_date: '2021-03-10',
      },
      {
        source: 'best-of-atomistic-ml',
        name: 'best-of',
        kind: 'snapshot',
        record_url: 'https://github.com/o/r/blob/abc/list.csv#L68',
        license: 'CC-BY-SA-4.0',
        share_alike: true,
        snapshot_date: '2026-08-22',
      },
      {
        source: 'biotools-api',
        name: 'bio.tools API',
        kind: 'live',
        record_url: 'https://bio.tools/x',
        license: 'CC-BY-4.0',
        share_alike: false,
        fetched_on: '2026-12-07',
      },
    ]);
    expect(rows[0]!.source_licenses).toBe('CC-BY-4.0; CC-BY-SA-4.0');
    expect(rows[0]!.share_alike).toBe('true');
    const plain = { ...sourced, sources: sourced.sources!.filter((entry) => !entry.share_alike) };
    const plainRow = Papa.parse<Record<string, string>>(catalogCsvHeader() + catalogCsvRows([plain]), {
      header: true,
    }).data[0]!;
    expect([plainRow.source_licenses, plainRow.share_alike]).toEqual(['CC-BY-4.0', 'false']);
  });

  it('says a tool’s licences apart and the papers to cite, each with the source naming it', () => {
    const tool: PublicItem = {
      ...paper,
      content_type: 'software',
      paper: null,
      software: {
        license: 'Apache-2.0',
        weights_license: 'CC-BY-NC-4.0',
        availability: 'api_only',
        github_url: null,
        pricing_model: null,
        programming_languages: [],
      },
      papers_to_cite: [
        {
          scheme: 'arxiv',
          id: '1903.10676',
          paper: { slug: 'scibert-paper', title: 'SciBERT [paper]', content_type: 'paper', year: 2019 },
          sources: [{ source: 'scientific-lms', name: 'Awesome Scientific Language Models', record_url: null }],
        },
        { scheme: 'doi', id: '10.1000/a#b', paper: null, sources: [] },
      ],
    };
    const markdown = itemMarkdown(tool, 'https://sciai.example');
    expect(markdown).toContain('- Licence: Apache-2.0\n- Weights licence: CC-BY-NC-4.0\n- Availability: API only');
    expect(markdown).toContain(
      '## Papers to cite\n\n- [SciBERT \\[paper\\]](https://sciai.example/paper/scibert-paper) — named by Awesome Scientific Language Models\n' +
        '- [doi:10.1000/a#b](https://doi.org/10.1000/a%23b)',
    );
    expect(itemMarkdown(paper, 'https://sciai.example')).not.toContain('## Papers to cite');
  });

  it('keeps every field but the status in a JSON line, with identifiers and the licence', () => {
    const record = catalogRecord({ ...paper, status: 'published' } as PublicItem, 'https://sciai.example');
    expect(record).not.toHaveProperty('status');
    expect(record).toMatchObject({
      id: paper.id,
      path: '/paper/a-paper',
      page_url: 'https://sciai.example/paper/a-paper',
      identifiers: { doi: '10.1/x' },
      content_license: 'CC0-1.0',
    });
  });

  it('writes the CSV dump with its documented header and neutralised formula cells', () => {
    const rows = Papa.parse<string[]>(catalogCsvHeader() + catalogCsvRows([paper])).data;
    expect(rows[0]).toEqual([...CATALOG_CSV_COLUMNS]);
    const cells = Object.fromEntries(CATALOG_CSV_COLUMNS.map((column, index) => [column, rows[1]![index]]));
    expect(cells.short_description).toBe('\'=HYPERLINK("http://evil")');
    expect(cells.authors).toBe('Ada Lovelace; Alan Turing');
    expect(cells.authors_complete).toBe('true');
    expect(cells.publication_date).toBe('2021-07-15');
    expect(cells.first_release).toBe('');
    expect([cells.citations, cells.citations_source, cells.citations_as_of]).toEqual([
      '12',
      'crossref',
      '2026-09-02T00:00:00+00:00',
    ]);
    expect(cells.github_stars).toBe('');
    expect(catalogCsvRows([])).toBe('');
    // an item no source lists has empty sources columns
    expect([cells.sources, cells.source_licenses, cells.share_alike]).toEqual(['', '', '']);

    // the typed dates and a list that stops short (docs/product.md#facts)
    const cut = { ...paper, paper: { ...paper.paper!, authors_complete: false } };
    const tool: PublicItem = {
      ...paper,
      content_type: 'software',
      paper: null,
      software: { license: 'MIT', open_source: true, first_release: '2020-03' },
    } as PublicItem;
    const [, cutRow, toolRow] = Papa.parse<string[]>(catalogCsvHeader() + catalogCsvRows([cut, tool])).data;
    const column = (row: string[] | undefined, name: (typeof CATALOG_CSV_COLUMNS)[number]) =>
      row![CATALOG_CSV_COLUMNS.indexOf(name)];
    expect(column(cutRow, 'authors_complete')).toBe('false');
    expect(column(toolRow, 'first_release')).toBe('2020-03');
    expect(column(toolRow, 'authors_complete')).toBe('');
    expect(catalogRecord(cut, undefined)).toMatchObject({ paper: { authors_complete: false } });
    expect(catalogRecord(tool, undefined)).toMatchObject({ software: { first_release: '2020-03' } });
  });

  it('writes import-ready CSV that the import parser reads back', () => {
    const parsed = parseCsvText(importReadyCsvHeader('paper') + importReadyCsvRows([paper], 'paper'));
    expect(parsed.processingErrors).toEqual([]);
    expect(parsed.rows[0]!.cells).toMatchObject({
      title: paper.title,
      doi: '10.1/x',
      authors: '["Ada Lovelace","Alan Turing"]',
      keywords: '["k1","k, with comma"]',
      domains: '["Biology"]',
    });
    expect(importReadyCsvRows([paper], 'agent')).toBe('');
  });

  it('writes a tool’s and an agent’s weights licence, availability and papers in their import columns', () => {
    const papersToCite: PublicItem['papers_to_cite'] = [
      { scheme: 'doi', id: '10.1000/a', paper: null, sources: [] },
      {
        scheme: 'arxiv',
        id: '1903.10676',
        paper: { slug: 'scibert', title: 'SciBERT', content_type: 'paper', year: 2019 },
        sources: [],
      },
      { scheme: 'doi', id: '10.1000/b', paper: null, sources: [] },
    ];
    const tool: PublicItem = {
      ...paper,
      content_type: 'software',
      paper: null,
      software: {
        license: 'MIT',
        weights_license: 'CC-BY-NC-4.0',
        availability: 'api_only',
        github_url: null,
        pricing_model: null,
        programming_languages: [],
      },
      papers_to_cite: papersToCite,
    };
    const agent: PublicItem = {
      ...paper,
      content_type: 'agent',
      paper: null,
      agent: {
        license: 'MIT',
        first_release: '2023-04',
        availability: 'waitlist',
        weights_license: null,
        pricing_model: null,
        model_type: null,
      },
      papers_to_cite: papersToCite.slice(1, 2),
    };
    const toolCells = parseCsvText(importReadyCsvHeader('software') + importReadyCsvRows([tool], 'software')).rows[0]!
      .cells;
    expect(toolCells).toMatchObject({
      weights_license: 'CC-BY-NC-4.0',
      availability: 'api_only',
      paper_dois: '["10.1000/a","10.1000/b"]',
      paper_arxiv_ids: '["1903.10676"]',
    });
    const agentCells = parseCsvText(importReadyCsvHeader('agent') + importReadyCsvRows([agent], 'agent')).rows[0]!
      .cells;
    expect(agentCells).toMatchObject({
      license: 'MIT',
      first_release: '2023-04',
      weights_license: '',
      availability: 'waitlist',
      paper_dois: '',
      paper_arxiv_ids: '["1903.10676"]',
    });
  });

  it('links the key addresses from /llms.txt, absolute', () => {
    const text = llmsTxt('https://sciai.example', { mcpDocs: false });
    expect(text).toMatch(/^# SciAI\n\n> /);
    expect(text).toContain('(https://sciai.example/api/openapi.json)');
    expect(text).not.toContain('/docs/mcp.md');
  });
});

describe('embed snippets', () => {
  const choice = {
    domain: 'genomics',
    type: 'software' as const,
    sort: 'trending' as const,
    limit: 500,
    theme: 'dark' as const,
    accent: 'bogus"><script>',
    title: 'Our "picks" <b>',
  };

  it('writes the iframe and the script tag with the same clamped, escaped options', () => {
    expect(embedParams(choice).toString()).toBe(
      'domain=genomics&type=software&sort=trending&limit=20&theme=dark&title=Our+%22picks%22+%3Cb%3E',
    );
    const iframe = embedIframeSnippet('https://sciai.example', choice);
    expect(iframe).toContain('src="https://sciai.example/embed?domain=genomics&amp;type=software');
    expect(iframe).toContain('title="Our &quot;picks&quot; &lt;b&gt;"');
    expect(iframe).toContain('height="1550"');
    const script = embedScriptSnippet('https://sciai.example', { ...choice, accent: '#0a0' });
    expect(script).toBe(
      '<script src="https://sciai.example/embed.js" data-domain="genomics" data-type="software" data-sort="trending" ' +
        'data-limit="20" data-theme="dark" data-accent="0a0" data-title="Our &quot;picks&quot; &lt;b&gt;" async></script>',
    );
  });
});
