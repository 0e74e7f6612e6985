import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAIN_SLUGS } from '../domains.ts';
import { mapArxivEntry, readArxivPage } from './arxiv/index.ts';
import {
  ARXIV_DOMAINS,
  BIOTOOLS_DOMAINS,
  CROSSREF_DOMAINS,
  GITHUB_DOMAINS,
  HUGGINGFACE_DOMAINS,
  mapToDomains,
  OPENALEX_DOMAINS,
} from './domain-maps.ts';
import { normalizeArxivId, normalizeDoi, plainText } from './harvest-item.ts';
import { mapOpenAlexWork, readWorksPage } from './openalex/index.ts';
import { mergePage } from './harvest/run-harvest.ts';
import { readSavedResponse } from './harvest/adapters.ts';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/sources');
const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');
const json = (path: string): unknown => JSON.parse(fixture(path));

// What all sources share: domain maps, identifiers, merging a page, saved responses. Each source's
// mapper has its tests in paper-mappers.test.ts or software-mappers.test.ts.
describe('domain maps', () => {
  it('map every source term to SciAI domains only', () => {
    for (const map of [
      OPENALEX_DOMAINS,
      ARXIV_DOMAINS,
      CROSSREF_DOMAINS,
      GITHUB_DOMAINS,
      HUGGINGFACE_DOMAINS,
      BIOTOOLS_DOMAINS,
    ]) {
      for (const [term, slugs] of Object.entries(map)) {
        expect(term, 'terms are lower-case').toBe(term.toLowerCase());
        expect(slugs.length).toBeGreaterThan(0);
        for (const slug of slugs) expect(DOMAIN_SLUGS).toContain(slug);
      }
    }
  });

  it('match whole terms in any case, prefixes for entries ending in *, and keep the first term first', () => {
    expect(mapToDomains(ARXIV_DOMAINS, ['q-bio.GN', 'cs.LG'])).toEqual(['genomics', 'ai_ml']);
    expect(mapToDomains(ARXIV_DOMAINS, ['cs.DS'])).toEqual(['computer_science']);
    expect(mapToDomains(ARXIV_DOMAINS, ['astro-ph.GA'])).toEqual(['physics']);
    expect(mapToDomains(ARXIV_DOMAINS, ['math.AG', ''])).toEqual([]);
    expect(
      mapToDomains(OPENALEX_DOMAINS, ['Computer Vision and Pattern Recognition', 'Artificial Intelligence']),
    ).toEqual(['ai_ml', 'imaging']);
    expect(mapToDomains(GITHUB_DOMAINS, ['__proto__', 'constructor'])).toEqual([]);
  });
});

describe('harvest items', () => {
  it('normalises identifiers', () => {
    expect(normalizeDoi('https://doi.org/10.1038/S41586-021-03819-2')).toBe('10.1038/s41586-021-03819-2');
    expect(normalizeDoi('not a doi')).toBeUndefined();
    expect(normalizeArxivId('http://arxiv.org/abs/2401.00001v12')).toBe('2401.00001');
    expect(normalizeArxivId('arXiv:hep-th/9901001v1')).toBe('hep-th/9901001');
    expect(plainText('a\u0000b <b>c</b> &#0; &#x1F9EC;')).toBe('ab c &#0; 🧬');
  });

  it('merges records of one page that share an identifier', () => {
    const arxiv = mapArxivEntry(readArxivPage(fixture('arxiv/query-page-1.xml')).records[0]);
    const openalex = mapOpenAlexWork(readWorksPage(json('openalex/works-page-2.json')).records[0]);
    const { items: merged } = mergePage([arxiv, openalex]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.ids.map((id) => `${id.scheme}:${id.value}`)).toEqual([
      'arxiv:2401.00001',
      'doi:10.48550/arxiv.2401.00001',
      'openalex:W4396000005',
    ]);
  });

  it('reads saved responses of every source, and refuses another source’s format', () => {
    expect(readSavedResponse('openalex', fixture('openalex/works-page-1.json')).records).toHaveLength(4);
    expect(readSavedResponse('openalex', fixture('openalex/work-single.json')).records).toHaveLength(1);
    expect(readSavedResponse('arxiv', fixture('arxiv/query-page-2.xml')).records).toHaveLength(2);
    expect(readSavedResponse('crossref', fixture('crossref/work-single.json')).records).toHaveLength(1);
    expect(readSavedResponse('github', fixture('github/repo-renamed.json')).records).toHaveLength(1);
    expect(readSavedResponse('huggingface', fixture('huggingface/models-page-1.json')).records).toHaveLength(3);
    expect(readSavedResponse('biotools', fixture('biotools/tools-page-2.json')).records).toHaveLength(1);
    expect(() => readSavedResponse('crossref', fixture('github/repo-renamed.json'))).toThrow(
      /not a saved crossref response/,
    );
    expect(() => readSavedResponse('github', '{"items": ')).toThrow(/not JSON/);
  });
});
