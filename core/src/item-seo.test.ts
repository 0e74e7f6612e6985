import { describe, expect, it } from 'vitest';
import { itemJsonLd, itemMetaDescription, itemPageTitle, truncateAtWord, type ItemSeoInput } from './item-seo.ts';

const base: ItemSeoInput = {
  slug: 'alphafold',
  title: 'AlphaFold 2',
  description: 'Long description.',
  short_description: 'Predicts protein structure.',
  content_type: 'software',
  url: 'https://github.com/google-deepmind/alphafold',
  year: 2021,
  tags: ['protein structure'],
  published_at: '2021-07-15T00:00:00Z',
  updated_at: '2021-07-15T00:00:00Z',
  organization: { name: 'Google DeepMind', website: 'https://deepmind.google' },
  domains: [{ slug: 'biology', name: 'Biology' }],
  software: {
    pricing_model: 'free',
    github_url: 'https://github.com/x/y',
    license: 'Apache-2.0',
    programming_languages: ['Python'],
  },
};

describe('item SEO', () => {
  it('titles a page "{title} — SciAI"', () => {
    expect(itemPageTitle(base)).toBe('AlphaFold 2 — SciAI');
  });

  it('describes with the short description, else the abstract, cut at a word', () => {
    expect(itemMetaDescription(base)).toBe('Predicts protein structure.');
    const paper = {
      ...base,
      short_description: '',
      paper: { abstract: 'An  abstract\nhere.' } as ItemSeoInput['paper'],
    };
    expect(itemMetaDescription(paper)).toBe('An abstract here.');
    expect(truncateAtWord('word '.repeat(50), 30)).toBe('word word word word word…');
    expect(truncateAtWord('short', 30)).toBe('short');
  });

  it('gives software a SoftwareApplication and a breadcrumb trail', () => {
    const graph = itemJsonLd(base, 'https://sciai.example')['@graph'] as Array<Record<string, unknown>>;
    expect(graph[0]).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'AlphaFold 2',
      url: 'https://sciai.example/tool/alphafold',
      author: { '@type': 'Organization', name: 'Google DeepMind' },
      offers: { price: 0 },
    });
    expect(graph[1]).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((graph[1]!.itemListElement as unknown[]).length).toBe(3);
  });

  it('gives papers a ScholarlyArticle with authors and DOI, companies an Organization', () => {
    const paper: ItemSeoInput = {
      ...base,
      content_type: 'paper',
      software: null,
      paper: {
        abstract: 'A.',
        doi: '10.1/x',
        journal_name: 'Nature',
        publication_date: '2021-07-15',
        authors: ['A B', 'C D'],
        keywords: [],
      },
    };
    const [article] = itemJsonLd(paper, 'https://s.example')['@graph'] as Array<Record<string, unknown>>;
    expect(article).toMatchObject({
      '@type': 'ScholarlyArticle',
      author: [
        { '@type': 'Person', name: 'A B' },
        { '@type': 'Person', name: 'C D' },
      ],
      sameAs: ['https://doi.org/10.1/x', base.url],
      isPartOf: { name: 'Nature' },
    });
    const company: ItemSeoInput = {
      ...base,
      content_type: 'company',
      software: null,
      company: { founded_year: 2021, headquarters: 'London', industry_focus: [] },
    };
    const [organization] = itemJsonLd(company, 'https://s.example')['@graph'] as Array<Record<string, unknown>>;
    expect(organization).toMatchObject({ '@type': 'Organization', foundingDate: '2021', address: 'London' });
  });
});
