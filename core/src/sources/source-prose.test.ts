import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapArxivEntry, readArxivPage } from './arxiv/index.ts';
import { mapBiotool, mapBiotoolPublications, readBiotoolsPage } from './biotools/index.ts';
import { mapCrossrefWork, readCrossrefPage } from './crossref/index.ts';
import { mapGithubRepo, readGithubSearchPage } from './github/index.ts';
import { HARVEST_SOURCES, type HarvestItem, type MappedRecord } from './harvest-item.ts';
import { mapHuggingfaceRepo } from './huggingface/index.ts';
import { mapOpenAlexWork, readWorksPage } from './openalex/index.ts';
import { applyProseRule, LIVE_SOURCE_PROSE } from './source-prose.ts';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/sources');
const text = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');
const json = (path: string): unknown => JSON.parse(text(path));

function itemOf(mapped: MappedRecord): HarvestItem {
  if (!mapped.ok) throw new Error(`refused: ${mapped.refused.reason}`);
  return mapped.item;
}

const COMPOSED = { kind: 'composed from facts' };

describe('whose words a harvested item’s description is (docs/product.md#sources)', () => {
  it('states per live source whether its prose may be copied, with its licence', () => {
    expect(
      HARVEST_SOURCES.map((source) => [
        source,
        LIVE_SOURCE_PROSE[source].license,
        LIVE_SOURCE_PROSE[source].copiesProse,
      ]),
    ).toEqual([
      ['openalex', 'CC0-1.0', true],
      ['arxiv', 'CC0-1.0', true],
      ['crossref', 'none', false],
      ['github', 'none', false],
      ['huggingface', 'none', false],
      ['biotools', 'CC-BY-4.0', true],
    ]);
  });

  it('composes a GitHub repository’s description from its facts, never its own words', () => {
    const [record] = readGithubSearchPage(json('github/search-page-1.json'), 1, 100).records;
    const copied = itemOf(mapGithubRepo(record));
    expect(copied.description).toBe('Open source code for AlphaFold 2.');
    const item = itemOf(applyProseRule('github', mapGithubRepo(record)));
    expect(item.description).toBe(
      'Repository (2020) by google-deepmind, in Python, licensed Apache-2.0. ' +
        'Listed by GitHub under “protein-structure”, “deep-learning”, “bioinformatics”.',
    );
    expect(item.short_description).toBe(item.description);
    expect(item.description).not.toContain('Open source code');
    expect(item.metadata?.description_origin).toEqual(COMPOSED);
    // the facts themselves are kept
    expect(item.software).toEqual(copied.software);
    expect(item.tags).toEqual(copied.tags);
  });

  it('composes a Hub model’s and a Space’s description, never the card’s', () => {
    const models = json('huggingface/models-page-1.json') as unknown[];
    const segmenter = itemOf(mapHuggingfaceRepo(models[1]));
    expect(segmenter.description).toBe('Segments cells in microscopy images.');
    const item = itemOf(applyProseRule('huggingface', mapHuggingfaceRepo(models[1])));
    expect(item.description).toBe(
      'Model by sciai-fixtures, licensed apache-2.0. Listed by Hugging Face under “image-segmentation”, “microscopy”.',
    );
    expect(item.metadata?.description_origin).toEqual(COMPOSED);
    const [space] = json('huggingface/spaces-page-1.json') as unknown[];
    expect(itemOf(applyProseRule('huggingface', mapHuggingfaceRepo(space, 'spaces'))).description).toMatch(
      /^Space by sciai-fixtures, licensed mit\. Listed by Hugging Face/,
    );
  });

  it('composes a Crossref work’s description and drops its abstract, the publisher’s words', () => {
    const [battery] = readCrossrefPage(json('crossref/works-page-1.json')).records;
    expect(itemOf(mapCrossrefWork(battery)).paper?.abstract).toBe(
      'We train equivariant potentials & screen 10⁴ cathodes.',
    );
    const item = itemOf(applyProseRule('crossref', mapCrossrefWork(battery)));
    expect(item.description).toBe(
      'Paper (2025) in Advanced Materials by Lise Meitner, Chen Ning. ' +
        'Listed by Crossref under “General Materials Science”, “Artificial Intelligence”.',
    );
    expect(item.paper).not.toHaveProperty('abstract');
    expect(item.paper?.doi).toBe('10.5555/fixture.sciai.cr1');
    expect(item.metadata?.description_origin).toEqual(COMPOSED);
  });

  it('copies OpenAlex’s and arXiv’s abstracts (CC0) and bio.tools’ descriptions (CC BY 4.0), credited', () => {
    const [alphafold] = readWorksPage(json('openalex/works-page-1.json')).records;
    const openalex = itemOf(applyProseRule('openalex', mapOpenAlexWork(alphafold)));
    expect(openalex.description).toMatch(/^Proteins are essential to life/);
    expect(openalex.paper?.abstract).toBe(openalex.description);
    expect(openalex.metadata?.description_origin).toEqual({ kind: 'source', source: 'openalex-api' });

    const [entry] = readArxivPage(text('arxiv/query-page-1.xml')).records;
    const arxiv = itemOf(applyProseRule('arxiv', mapArxivEntry(entry)));
    expect(arxiv.description).toMatch(/^We propose a graph neural network for single-step retrosynthesis/);
    expect(arxiv.metadata?.description_origin).toEqual({ kind: 'source', source: 'arxiv-api' });

    const tools = readBiotoolsPage(json('biotools/tools-page-1.json')).records;
    const samtools = itemOf(applyProseRule('biotools', mapBiotool(tools[1])));
    expect(samtools.description).toBe('Utilities for the Sequence Alignment/Map (SAM) format.');
    expect(samtools.metadata?.description_origin).toEqual({ kind: 'source', source: 'biotools-api' });
  });

  it('composes where a licensed source has no prose, and for papers a bio.tools entry brings along', () => {
    const works = readWorksPage(json('openalex/works-page-1.json')).records;
    const bare = itemOf(applyProseRule('openalex', mapOpenAlexWork(works[2])));
    expect(bare.description).toBe('');
    expect(bare.metadata).not.toHaveProperty('description_origin');

    // Europe PMC's copy of the publisher's abstract, which bio.tools' licence does not cover
    const tools = readBiotoolsPage(json('biotools/tools-page-1.json')).records;
    const [publication] = mapBiotoolPublications(tools[1]);
    expect(itemOf(publication!).paper?.abstract).toMatch(/^Summary: The Sequence Alignment\/Map/);
    const paper = itemOf(applyProseRule('biotools', publication!, { brought: { by: 'SAMtools' } }));
    expect(paper.description).toMatch(/^Paper \(2009\) .*Listed by bio\.tools as a publication of “SAMtools”\.$/);
    expect(paper.paper).not.toHaveProperty('abstract');
    expect(paper.metadata?.description_origin).toEqual(COMPOSED);
  });

  it('gives no description to a record stating nothing beyond its name, and leaves refusals alone', () => {
    const bare = mapGithubRepo({ full_name: 'someone/bare', name: 'bare', description: 'Their own words.' });
    const item = itemOf(applyProseRule('github', bare));
    expect([item.description, item.short_description]).toEqual(['', '']);
    expect(item.metadata).not.toHaveProperty('description_origin');
    const refused = mapGithubRepo({ full_name: 'someone/secret', private: true });
    expect(applyProseRule('github', refused)).toBe(refused);
  });

  it('marks an item by the rule alone, whatever origin its record claims', () => {
    const [record] = readGithubSearchPage(json('github/search-page-1.json'), 1, 100).records;
    const mapped = mapGithubRepo(record);
    const claimed = itemOf(mapped);
    claimed.metadata = { ...claimed.metadata, description_origin: { kind: 'source', source: 'github-api' } };
    expect(itemOf(applyProseRule('github', { ok: true, item: claimed })).metadata?.description_origin).toEqual(
      COMPOSED,
    );
  });
});
