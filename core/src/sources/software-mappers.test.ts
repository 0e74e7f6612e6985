import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapBiotool, readBiotoolsPage } from './biotools/index.ts';
import { mapGithubRepo, parseRepoName, readGithubSearchPage } from './github/index.ts';
import { mapHuggingfaceRepo } from './huggingface/index.ts';
import { items, refused } from './test-records.ts';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/sources');
const json = (path: string): unknown => JSON.parse(readFileSync(join(FIXTURES, path), 'utf8'));

/** The software sources' mappers (GitHub, Hugging Face, bio.tools) on saved responses. */
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
