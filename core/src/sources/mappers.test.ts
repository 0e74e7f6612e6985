import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOMAIN_SLUGS } from '../domains.ts';
import { mapArxivEntry, readArxivPage } from './arxiv/index.ts';
import { mapBiotool, readBiotoolsPage } from './biotools/index.ts';
import { mapCrossrefWork, readCrossrefPage } from './crossref/index.ts';
import {
  ARXIV_DOMAINS,
  BIOTOOLS_DOMAINS,
  CROSSREF_DOMAINS,
  GITHUB_DOMAINS,
  HUGGINGFACE_DOMAINS,
  mapToDomains,
  OPENALEX_DOMAINS,
} from './domain-maps.ts';
import { mapGithubRepo, parseRepoName, readGithubSearchPage } from './github/index.ts';
import { normalizeArxivId, normalizeDoi, plainText, type HarvestItem, type MappedRecord } from './harvest-item.ts';
import { mapHuggingfaceRepo } from './huggingface/index.ts';
import { abstractFromInvertedIndex, invertedIndexOf, mapOpenAlexWork, readWorksPage } from './openalex/index.ts';
import { mergePage } from './harvest/run-harvest.ts';
import { readSavedResponse } from './harvest/adapters.ts';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/sources');
const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');
const json = (path: string): unknown => JSON.parse(fixture(path));

function items(records: MappedRecord[]): HarvestItem[] {
  return records.flatMap((record) => (record.ok ? [record.item] : []));
}
function refused(records: MappedRecord[]): string[] {
  return records.flatMap((record) => (record.ok ? [] : [`${record.refused.ref}: ${record.refused.reason}`]));
}

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

describe('OpenAlex works', () => {
  it('rebuilds an abstract from its inverted index, and any text round-trips', () => {
    expect(abstractFromInvertedIndex({ world: [1], Hello: [0], again: [3], hello: [2] })).toBe(
      'Hello world hello again',
    );
    expect(abstractFromInvertedIndex(null)).toBe('');
    expect(abstractFromInvertedIndex(invertedIndexOf('__proto__ constructor toString'))).toBe(
      '__proto__ constructor toString',
    );
    expect(abstractFromInvertedIndex({ a: [0, -1, 1.5, 'x'], b: 'not a list' })).toBe('a');
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[^\s]{1,12}$/), { minLength: 1, maxLength: 60 }), (words) => {
        const text = words.join(' ');
        expect(abstractFromInvertedIndex(invertedIndexOf(text))).toBe(text);
      }),
    );
  });

  it('maps a page: authors in order with institutions, DOI, venue, citations, open access, topics to domains', () => {
    const page = readWorksPage(json('openalex/works-page-1.json'));
    expect(page.nextCursor).toMatch(/^Ils/);
    const mapped = page.records.map(mapOpenAlexWork);
    const [alphafold, crystal, bare] = items(mapped);
    expect(alphafold).toMatchObject({
      content_type: 'paper',
      title: 'Highly accurate protein structure prediction with AlphaFold',
      year: 2021,
      url: 'https://doi.org/10.1038/s41586-021-03819-2',
      authors: ['John Jumper', 'Richard Evans', 'Demis Hassabis'],
      domains: ['biology'],
      ids: [
        { scheme: 'doi', value: '10.1038/s41586-021-03819-2' },
        { scheme: 'openalex', value: 'W3177828909' },
      ],
      paper: { journal_name: 'Nature', citation_count: 28113, open_access: true, publication_date: '2021-07-15' },
      metadata: { open_access_url: 'https://www.nature.com/articles/s41586-021-03819-2.pdf' },
    });
    // HTML in the abstract is text, entities decoded.
    expect(alphafold!.paper!.abstract).toContain(
      'can regularly predict protein structures with atomic accuracy & at scale.',
    );
    expect(alphafold!.metadata!.author_institutions).toEqual([['DeepMind'], ['DeepMind'], ['DeepMind']]);
    expect(crystal!.title).toBe('Ångström-scale models of crystal stability — a Schrödinger-equation approach');
    expect(crystal!.authors).toEqual(['Zoë Müller-Łukasiewicz', 'José Núñez']);
    expect(crystal!.domains).toEqual(['physics', 'materials_science']);
    expect(crystal!.slug).toBe('angstrom-scale-models-of-crystal-stability-a-schrodinger-equation-approach');
    expect(bare).toMatchObject({
      title: 'A work with nothing else known',
      ids: [{ scheme: 'openalex', value: 'W4390000003' }],
    });
    expect(bare!.paper!.doi).toBeUndefined();
    expect(refused(mapped)).toEqual(['W2990000004: Retracted']);
  });

  it('keeps the arXiv id of a preprint OpenAlex lists at arXiv', () => {
    const [preprint] = items(readWorksPage(json('openalex/works-page-2.json')).records.map(mapOpenAlexWork));
    expect(preprint!.ids).toEqual([
      { scheme: 'doi', value: '10.48550/arxiv.2401.00001' },
      { scheme: 'arxiv', value: '2401.00001' },
      { scheme: 'openalex', value: 'W4396000005' },
    ]);
    expect(preprint!.domains).toEqual(['ai_ml', 'computer_science', 'chemistry']);
  });

  it('marks an author list that stops short: OpenAlex cut it, or harvest cut it at 100', () => {
    const work = (readWorksPage(json('openalex/works-page-1.json')).records as Array<Record<string, unknown>>)[0]!;
    const [whole] = items([mapOpenAlexWork(work)]);
    expect(whole!.paper).not.toHaveProperty('authors_complete');
    const [truncated] = items([mapOpenAlexWork({ ...work, is_authors_truncated: true })]);
    expect(truncated!.paper!.authors_complete).toBe(false);
    const many = Array.from({ length: 101 }, (_, i) => ({ author: { display_name: `Author ${i + 1}` } }));
    const [cut] = items([mapOpenAlexWork({ ...work, authorships: many })]);
    expect(cut!.authors).toHaveLength(100);
    expect(cut!.authors!.at(-1)).toBe('Author 100');
    expect(cut!.paper!.authors_complete).toBe(false);
  });
});

describe('arXiv entries', () => {
  it('maps a feed page: id without version, categories to domains, PDF link, DOI, whitespace and HTML cleaned', () => {
    const page = readArxivPage(fixture('arxiv/query-page-1.xml'), 0);
    expect(page.nextCursor).toBe('2');
    const [retro, docking] = items(page.records.map(mapArxivEntry));
    expect(retro).toMatchObject({
      title: 'Attention-based graph networks for retrosynthesis',
      url: 'https://arxiv.org/abs/2401.00001',
      year: 2024,
      domains: ['ai_ml', 'chemistry'],
      ids: [
        { scheme: 'arxiv', value: '2401.00001' },
        { scheme: 'doi', value: '10.48550/arxiv.2401.00001' },
      ],
      metadata: { arxiv_version: 2, pdf_url: 'http://arxiv.org/pdf/2401.00001v2' },
    });
    expect(retro!.paper!.abstract).toBe(
      'We propose a graph neural network for single-step retrosynthesis. Code at example.org & more.',
    );
    expect(docking!.title).toBe('Equivariant diffusion for protein–ligand docking (ΔG < 0)');
    expect(docking!.authors).toEqual(['Marie Curie', 'Rosalind Franklin']);
    expect(docking!.paper!.journal_name).toBe('Proc. ICML 2024, 1-12');
    expect(docking!.domains).toEqual(['computational_biology', 'ai_ml']);
  });

  it('reads old-style ids, refuses withdrawn papers and ends at totalResults', () => {
    const page = readArxivPage(fixture('arxiv/query-page-2.xml'), 2);
    expect(page.nextCursor).toBeNull();
    const mapped = page.records.map(mapArxivEntry);
    expect(items(mapped)[0]!.ids).toEqual([{ scheme: 'arxiv', value: 'hep-th/9901001' }]);
    expect(refused(mapped)).toEqual(['2403.09999: Withdrawn']);
    expect(readArxivPage(fixture('arxiv/query-empty.xml')).records).toEqual([]);
  });

  it('refuses what is not an Atom feed', () => {
    expect(() => readArxivPage('{"results": []}')).toThrow(/not an Atom feed/);
    expect(() => readArxivPage('<feed><entry></feed>')).toThrow(/not well formed/);
    expect(() => readArxivPage('<!DOCTYPE x [<!ENTITY a "b">]><feed/>')).toThrow(/document type/);
  });
});

describe('Crossref works', () => {
  it('maps a list page and a single work: JATS abstracts as text, date-parts, authors, subjects', () => {
    const page = readCrossrefPage(json('crossref/works-page-1.json'));
    expect(page.nextCursor).toBe('DnF1ZXJ5VGhlbkZldGNoBgAAAAAA');
    const mapped = page.records.map(mapCrossrefWork);
    const [battery, bare] = items(mapped);
    expect(battery).toMatchObject({
      title: 'Machine learning potentials for battery cathodes',
      year: 2025,
      authors: ['Lise Meitner', 'Chen Ning'],
      domains: ['materials_science', 'ai_ml'],
      paper: { journal_name: 'Advanced Materials', open_access: true, peer_reviewed: true, citation_count: 19 },
    });
    expect(battery!.paper!.abstract).toBe('We train equivariant potentials & screen 10⁴ cathodes.');
    expect(battery!.paper!.publication_date).toBeUndefined();
    expect(bare!.authors).toEqual(['The SciAI Fixture Consortium']);
    expect(bare!.paper!.abstract).toBeUndefined();
    expect(refused(mapped)).toEqual(['10.5555/fixture.sciai.cr3: Retracted or withdrawn']);
    const single = items(readCrossrefPage(json('crossref/work-single.json')).records.map(mapCrossrefWork))[0]!;
    expect(single.paper).toMatchObject({ doi: '10.1038/s41586-021-03819-2', publication_date: '2021-07-15' });
    expect(single.paper!.abstract).toBe(
      'Abstract Proteins are essential to life, and understanding their structure can facilitate a mechanistic understanding of their function.',
    );
  });
});

describe('GitHub repositories', () => {
  it('maps search results: licence, language, topics, stars, archived, owner', () => {
    const page = readGithubSearchPage(json('github/search-page-1.json'), 1, 100);
    expect(page.nextCursor).toBeNull();
    const [alphafold, renamed, archived] = items(page.records.map((repo) => mapGithubRepo(repo)));
    expect(alphafold).toMatchObject({
      content_type: 'software',
      title: 'alphafold',
      url: 'https://github.com/google-deepmind/alphafold',
      domains: ['computational_biology', 'ai_ml'],
      ids: [
        { scheme: 'github', value: 'google-deepmind/alphafold' },
        { scheme: 'github_id', value: '375265455' },
      ],
      software: {
        license: 'Apache-2.0',
        programming_languages: ['Python'],
        github_stars: 13500,
        first_release: '2020-01-01',
      },
      metadata: { forks: 2300, archived: false, github_id: 375265455 },
    });
    expect(renamed!.url).toBe('https://renamed-tool.example.org');
    expect(archived).toMatchObject({ metadata: { archived: true } });
    // open source is the database's to derive from the licence (docs/product.md#facts)
    for (const item of [alphafold, renamed, archived]) expect(item!.software).not.toHaveProperty('open_source');
    expect(archived!.software!.license).toBeUndefined();
    const withRelease = mapGithubRepo(json('github/repo-alphafold.json'), json('github/release-latest.json'));
    expect(withRelease.ok && withRelease.item.metadata!.latest_release).toBe('v2.3.2');
  });

  it('reads owner/name from names and URLs, and refuses others', () => {
    expect(parseRepoName('https://github.com/google-deepmind/alphafold.git')).toEqual({
      owner: 'google-deepmind',
      name: 'alphafold',
    });
    expect(parseRepoName('../../etc/passwd')).toBeUndefined();
    expect(parseRepoName('a/b/c')).toBeUndefined();
  });
});

describe('Hugging Face and bio.tools', () => {
  it('maps models and spaces with downloads, likes, licence and pipeline tag; private ones refused', () => {
    const mapped = (json('huggingface/models-page-1.json') as unknown[]).map((model) => mapHuggingfaceRepo(model));
    const [esm, segmenter] = items(mapped);
    expect(esm).toMatchObject({
      title: 'esm2_t33_650M_UR50D',
      url: 'https://huggingface.co/facebook/esm2_t33_650M_UR50D',
      ids: [{ scheme: 'huggingface', value: 'facebook/esm2_t33_650m_ur50d' }],
      software: { license: 'mit', first_release: '2022-09-27' },
      metadata: { downloads: 1250000, likes: 180, pipeline_tag: 'fill-mask' },
    });
    expect(esm!.domains).toEqual(['ai_ml', 'computational_biology']);
    expect(segmenter).toMatchObject({
      title: 'Cell Segmenter – 細胞',
      description: 'Segments cells in microscopy images.',
    });
    expect(refused(mapped)).toEqual(['sciai-fixtures/private-model: Private repository']);
    const [space] = items(
      (json('huggingface/spaces-page-1.json') as unknown[]).map((s) => mapHuggingfaceRepo(s, 'spaces')),
    );
    expect(space).toMatchObject({
      url: 'https://huggingface.co/spaces/sciai-fixtures/docking-demo',
      domains: ['drug_discovery'],
    });
  });

  it('maps bio.tools entries: EDAM topics to domains, GitHub repository as a second identifier, publications', () => {
    const page = readBiotoolsPage(json('biotools/tools-page-1.json'), 1);
    expect(page.nextCursor).toBe('2');
    const [alphafold, samtools] = items(page.records.map(mapBiotool));
    expect(alphafold).toMatchObject({
      title: 'AlphaFold 2',
      domains: ['computational_biology'],
      ids: [
        { scheme: 'biotools', value: 'alphafold_2' },
        { scheme: 'github', value: 'google-deepmind/alphafold' },
      ],
      metadata: { publication_dois: ['10.1038/s41586-021-03819-2'] },
    });
    expect(samtools).toMatchObject({
      description: 'Utilities for the Sequence Alignment/Map (SAM) format.',
      domains: ['genomics'],
    });
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
