import { describe, expect, it } from 'vitest';
import type { CatalogItem } from '../catalog/catalog-item.ts';
import type { BuiltItem } from './built-item.ts';
import { defaultCatalog } from './default-catalog.ts';
import { EDITORS_SELECTION_PRIOR } from './hand-written-provenance.ts';
import { handWrittenMatches } from './hand-written.ts';

const COMMIT = 'a'.repeat(40);

function built(overrides: Partial<BuiltItem> & Pick<BuiltItem, 'slug' | 'title' | 'content_type'>): BuiltItem {
  return {
    url: 'https://example.org/item',
    short_description: 'A tool.',
    description: 'A tool.',
    description_origin: { kind: 'source', source: 'ai-for-science' },
    tags: [],
    domains: ['biology'],
    identifiers: {},
    prior: { score: 1, components: [{ fact: 'independent_sources', value: 2, contribution: 1, sources: [] }] },
    sources: [
      {
        source: 'ai-for-science',
        name: 'Awesome AI for Science',
        record_id: overrides.slug,
        record_url: `https://github.com/ai-boost/awesome-ai-for-science/blob/${COMMIT}/README.md#L1`,
        repository: 'https://github.com/ai-boost/awesome-ai-for-science',
        commit: COMMIT,
        snapshot_date: '2026-07-02',
        license: 'MIT',
        share_alike: false,
      },
    ],
    ...(overrides.content_type === 'software' || overrides.content_type === 'agent'
      ? {
          software: {
            programming_languages: [],
            edam_operations: [],
            tool_types: [],
            paper_dois: [],
            paper_arxiv_ids: [],
          },
        }
      : {}),
    ...overrides,
  };
}

function handTool(slug: string, title: string, url: string): CatalogItem {
  return {
    slug,
    title,
    content_type: 'software',
    url,
    short_description: `${title}.`,
    description: `${title}, by hand.`,
    tags: [],
    domains: ['biology'],
    verified: false,
    featured: false,
    created_at: '2026-01-01',
    organization: { name: 'Lab', type: 'academic', size: 'small' },
    key_features: [],
    competitive_advantages: [],
    software: { pricing_model: 'free', api_available: false, programming_languages: [], github_url: url },
  };
}

function handPaper(slug: string, title: string): CatalogItem {
  return {
    slug,
    title,
    content_type: 'paper',
    url: 'https://doi.org/10.1000/hand',
    short_description: `${title}.`,
    description: 'An abstract.',
    tags: [],
    domains: ['biology'],
    verified: false,
    featured: false,
    created_at: '2026-01-01',
    organization: { name: 'Lab', type: 'academic', size: 'small' },
    key_features: [],
    competitive_advantages: [],
    paper: {
      journal_name: 'Nature',
      publication_date: '2023-01-01',
      peer_reviewed: true,
      open_access: false,
      authors: ['A. Author'],
      key_findings: [],
      research_goals: [],
    },
  };
}

const slugs = (items: Array<{ slug: string }>) => items.map((item) => item.slug).sort();

describe('the catalog a new SciAI starts with', () => {
  it('merges a built item into the hand-written one its identifiers name, with its records, ids and dated stars', () => {
    const hand = [handTool('mace', 'MACE', 'https://github.com/ACEsuit/mace')];
    const list = [
      built({
        slug: 'mace-listed',
        title: 'MACE',
        content_type: 'software',
        identifiers: { github_repo: 'acesuit/mace', doi: '10.1000/MACE' },
        software: {
          github_url: 'https://github.com/ACEsuit/mace',
          github_stars: { value: 1319, as_of: '2026-08-20', source: 'best-of-atomistic-ml' },
          programming_languages: [],
          edam_operations: [],
          tool_types: [],
          paper_dois: [],
          paper_arxiv_ids: [],
        },
      }),
    ];
    const { items } = defaultCatalog(hand, list, handWrittenMatches(hand, list));
    expect(slugs(items)).toEqual(['mace']);
    expect(items[0]).toMatchObject({
      title: 'MACE',
      description: 'MACE, by hand.',
      sources: [{ source: 'ai-for-science', record_id: 'mace-listed' }],
      identifiers: [
        { scheme: 'doi', value: '10.1000/mace' },
        { scheme: 'github', value: 'acesuit/mace' },
      ],
      signals: [
        {
          signal: 'github_stars',
          source: 'github',
          value_num: 1319,
          as_of: '2026-08-20',
          detail: { via: 'best-of-atomistic-ml', via_name: 'best-of-atomistic-machine-learning' },
        },
      ],
      trending_score: 1 + EDITORS_SELECTION_PRIOR,
    });
  });

  it('merges by name: the same slug and kind, a repository and a name within, a title holding the whole title', () => {
    const hand = [
      handTool('geneformer', 'Geneformer', 'https://huggingface.co/ctheodoris/Geneformer'),
      handTool('esm-esmfold', 'ESM-2 and ESMFold', 'https://github.com/facebookresearch/esm'),
      handPaper('graphcast-paper', 'Learning skillful medium-range global weather forecasting'),
    ];
    const list = [
      built({ slug: 'geneformer', title: 'Geneformer', content_type: 'software' }),
      built({
        slug: 'esmfold',
        title: 'ESMFold',
        content_type: 'software',
        url: 'https://github.com/facebookresearch/esm',
      }),
      built({
        slug: 'graphcast-learning',
        title: 'GraphCast: Learning Skillful Medium-Range Global Weather Forecasting',
        content_type: 'paper',
      }),
      built({
        slug: 'esm-1b',
        title: 'ESM-1b',
        content_type: 'software',
        url: 'https://github.com/facebookresearch/esm',
      }),
    ];
    const result = defaultCatalog(hand, list, handWrittenMatches(hand, list));
    // ESM-1b shares the repository but not the name: a thing of its own
    expect(slugs(result.items)).toEqual(['esm-1b', 'esm-esmfold', 'geneformer', 'graphcast-paper']);
    expect(result.mergedByName.map((merge) => merge.built_title).sort()).toEqual([
      'ESMFold',
      'Geneformer',
      'GraphCast: Learning Skillful Medium-Range Global Weather Forecasting',
    ]);
  });

  it("keeps things of other kinds apart: a paper named like a tool is '<name>-paper', or that paper", () => {
    const hand = [
      handTool('chemcrow', 'ChemCrow', 'https://github.com/ur-whitelab/chemcrow-public'),
      handTool('schnet', 'SchNet', 'https://github.com/atomistic-machine-learning/SchNet'),
      handPaper('chemcrow-paper', 'Augmenting large language models with chemistry tools'),
    ];
    const list = [
      built({ slug: 'chemcrow', title: 'ChemCrow', content_type: 'paper' }),
      built({ slug: 'schnet', title: 'SchNet', content_type: 'paper' }),
    ];
    const result = defaultCatalog(hand, list, handWrittenMatches(hand, list));
    // the tool's paper, which the hand-written catalog has, takes ChemCrow's record
    expect(result.items.find((item) => item.slug === 'chemcrow-paper')).toMatchObject({
      sources: [{ record_id: 'chemcrow' }],
    });
    // no hand-written SchNet paper: the built one is loaded under '<name>-paper'
    expect(result.renamed).toEqual([{ from: 'schnet', to: 'schnet-paper' }]);
    expect(slugs(result.items)).toEqual(['chemcrow', 'chemcrow-paper', 'schnet', 'schnet-paper']);
  });

  it('gives every hand-written item the editors’ selection, and a built item only its sources’ prior', () => {
    const hand = [handTool('solo', 'Solo', 'https://example.org/solo')];
    const list = [built({ slug: 'other', title: 'Other', content_type: 'software' })];
    const { items } = defaultCatalog(hand, list, handWrittenMatches(hand, list));
    expect(items.find((item) => item.slug === 'solo')).toMatchObject({ trending_score: EDITORS_SELECTION_PRIOR });
    expect(items.find((item) => item.slug === 'other')).toMatchObject({ trending_score: 1 });
  });

  it("loads a built paper without an abstract: a list's words about a paper are not its abstract", () => {
    const { items } = defaultCatalog([], [built({ slug: 'p', title: 'P', content_type: 'paper', year: 2024 })], []);
    expect(items[0]).toMatchObject({ year: 2024, paper: { abstract: null, authors: [] } });
  });

  it('keeps the papers a tool names with the source naming them, also on the hand-written item it joins', () => {
    const citing = (slug: string, title: string, dois: string[], arxiv: string[]) =>
      built({
        slug,
        title,
        content_type: 'software',
        prior: {
          score: 0.5,
          components: [{ fact: 'publications', value: 1, contribution: 0.5, sources: ['biotools'] }],
        },
        software: {
          programming_languages: [],
          edam_operations: [],
          tool_types: [],
          paper_dois: dois,
          paper_arxiv_ids: arxiv,
        },
      });
    const hand = [handTool('mace', 'MACE', 'https://github.com/ACEsuit/mace')];
    const list = [
      citing('aligner', 'Aligner', ['10.1000/aligner'], ['2401.00001']),
      citing('mace', 'MACE', ['10.1000/mace'], []),
      built({ slug: 'quiet', title: 'Quiet', content_type: 'software' }),
    ];
    const { items } = defaultCatalog(hand, list, handWrittenMatches(hand, list));
    const metadataOf = (slug: string) => items.find((item) => item.slug === slug)!.metadata as Record<string, unknown>;
    expect(metadataOf('aligner')).toMatchObject({
      publication_dois: ['10.1000/aligner'],
      publication_arxiv_ids: ['2401.00001'],
      publication_sources: ['biotools'],
    });
    expect(metadataOf('mace')).toMatchObject({ publication_dois: ['10.1000/mace'], publication_sources: ['biotools'] });
    expect(metadataOf('mace')).not.toHaveProperty('publication_arxiv_ids');
    expect(metadataOf('quiet')).not.toHaveProperty('publication_sources');
  });

  it('gives a hand-written item the facts its records state, keeping its own words and licence', () => {
    const hand = [handTool('cellpose', 'Cellpose', 'https://github.com/MouseLand/cellpose')];
    const list = [
      built({
        slug: 'cellpose',
        title: 'Cellpose',
        content_type: 'software',
        description: 'A generalist algorithm for cell segmentation.',
        description_origin: { kind: 'source', source: 'biotools' },
        license: { spdx: 'BSD-3-Clause', label: 'BSD-3-Clause', osi_family: true, source: 'biotools' },
        software: {
          programming_languages: ['Python'],
          edam_operations: ['Image segmentation'],
          edam_inputs: [{ data: 'Image', formats: ['TIFF'] }],
          tool_types: ['Command-line tool'],
          pypi_id: 'cellpose',
          paper_dois: [],
          paper_arxiv_ids: [],
        },
      }),
    ];
    const { items } = defaultCatalog(hand, list, handWrittenMatches(hand, list));
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item!.description).toBe('Cellpose, by hand.');
    expect(item!.metadata).toMatchObject({
      edam_operations: ['Image segmentation'],
      edam_inputs: [{ data: 'Image', formats: ['TIFF'] }],
      tool_types: ['Command-line tool'],
      pypi_id: 'cellpose',
    });
    expect(item!.metadata).not.toHaveProperty('description_origin');
    expect(item!.metadata).not.toHaveProperty('license_detail');
  });
});
