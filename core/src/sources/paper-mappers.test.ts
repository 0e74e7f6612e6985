import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapArxivEntry, readArxivPage } from './arxiv/index.ts';
import { mapCrossrefWork, readCrossrefPage } from './crossref/index.ts';
import { abstractFromInvertedIndex, invertedIndexOf, mapOpenAlexWork, readWorksPage } from './openalex/index.ts';
import { items, refused } from './test-records.ts';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/sources');
const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');
const json = (path: string): unknown => JSON.parse(fixture(path));

/** The paper sources' mappers (OpenAlex, arXiv, Crossref) on saved responses. */
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
