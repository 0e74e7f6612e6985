import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSavedResponseAdapter } from './harvest/adapters.ts';
import { mergePage } from './harvest/run-harvest.ts';
import type { HarvestItem, HarvestSource, MappedRecord } from './harvest-item.ts';
import { broughtBy, liveRecordOf, withLiveRecord } from './live-records.ts';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/sources');
const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');

/** The first item a saved response maps to, with its live record. */
async function firstItem(source: HarvestSource, path: string): Promise<HarvestItem> {
  const adapter = createSavedResponseAdapter(source, fixture(path), {});
  const page = await adapter.nextPage(null);
  for (const record of page.records) {
    const mapped = withLiveRecord(source, await adapter.map(record));
    if (mapped.ok) return mapped.item;
  }
  throw new Error(`${path} maps to no item`);
}

const item = (fields: Partial<HarvestItem>): HarvestItem => ({
  content_type: 'software',
  title: 'A tool',
  domains: [],
  ids: [],
  ...fields,
});

describe('the live record of a harvested item', () => {
  it('names each source’s record by its own id and links its public page', async () => {
    const cases: Array<[HarvestSource, string, RegExp]> = [
      ['biotools', 'biotools/tools-page-1.json', /^https:\/\/bio\.tools\/[^/]+$/],
      ['openalex', 'openalex/works-page-1.json', /^https:\/\/openalex\.org\/W\d+$/],
      ['arxiv', 'arxiv/query-page-1.xml', /^https:\/\/arxiv\.org\/abs\/\S+$/],
      ['crossref', 'crossref/works-page-1.json', /^https:\/\/api\.crossref\.org\/works\/10\.\d+\/\S+$/],
      ['github', 'github/search-page-1.json', /^https:\/\/github\.com\/[^/]+\/[^/]+$/],
      ['huggingface', 'huggingface/models-page-1.json', /^https:\/\/huggingface\.co\/[^/]+\/[^/]+$/],
    ];
    for (const [source, path, url] of cases) {
      const found = await firstItem(source, path);
      expect(found.records, source).toHaveLength(1);
      expect(found.records![0]!.url, source).toMatch(url);
      expect(found.records![0]!.id.length, source).toBeGreaterThan(0);
    }
  });

  it('keys a GitHub repository by its numeric id, so a renamed one stays the same record', () => {
    const renamed = item({
      ids: [
        { scheme: 'github', value: 'owner/new-name' },
        { scheme: 'github_id', value: '123456' },
      ],
      software: { github_url: 'https://github.com/Owner/new-name' },
    });
    expect(liveRecordOf('github', renamed)).toEqual({ id: '123456', url: 'https://github.com/Owner/new-name' });
    expect(liveRecordOf('github', item({ ids: [{ scheme: 'github', value: 'owner/name' }] }))).toEqual({
      id: 'owner/name',
      url: 'https://github.com/owner/name',
    });
  });

  it('keeps a DOI’s slash and escapes the rest; names no record it cannot link', () => {
    const paper = item({ content_type: 'paper', ids: [{ scheme: 'doi', value: '10.1000/a b?c' }] });
    expect(liveRecordOf('crossref', paper)).toEqual({
      id: '10.1000/a b?c',
      url: 'https://api.crossref.org/works/10.1000/a%20b%3Fc',
    });
    expect(liveRecordOf('crossref', item({ ids: [{ scheme: 'arxiv', value: '2101.00001' }] }))).toBeUndefined();
    expect(liveRecordOf('biotools', item({ ids: [{ scheme: 'biotools', value: 'x'.repeat(301) }] }))).toBeUndefined();
    const refused: MappedRecord = { ok: false, refused: { ref: 'r', reason: 'No title' } };
    expect(withLiveRecord('biotools', refused)).toBe(refused);
  });

  it('gives the papers a bio.tools entry brings along that entry as their record', async () => {
    const adapter = createSavedResponseAdapter('biotools', fixture('biotools/tools-page-1.json'), {});
    const records = (await adapter.nextPage(null)).records;
    const withPapers = records.find((record) => adapter.related!(record).some((one) => one.ok));
    expect(withPapers).toBeDefined();
    const tool = withLiveRecord('biotools', await adapter.map(withPapers));
    const papers = broughtBy('biotools', tool, adapter.related!(withPapers));
    const toolRecord = tool.ok ? tool.item.records : undefined;
    expect(toolRecord).toHaveLength(1);
    for (const paper of papers) if (paper.ok) expect(paper.item.records).toEqual(toolRecord);
  });

  it('merges the records of a page’s repeats into the one item they become', () => {
    const first = item({
      ids: [{ scheme: 'doi', value: '10.1/x' }],
      records: [{ id: 'A', url: 'https://a.example/A' }],
    });
    const second = item({
      ids: [
        { scheme: 'doi', value: '10.1/x' },
        { scheme: 'arxiv', value: '2101.00001' },
      ],
      records: [
        { id: 'B', url: 'https://a.example/B' },
        { id: 'A', url: 'https://a.example/A' },
      ],
    });
    const { items } = mergePage([
      { ok: true, item: first },
      { ok: true, item: second },
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]!.records!.map((one) => one.id)).toEqual(['A', 'B']);
  });
});
