import { describe, expect, it } from 'vitest';
import { SearchResultSchema } from './search-result.ts';

const card = {
  id: 'db99b67d-aef0-4e03-b5ff-a2f54a1ef838',
  url: 'https://doi.org/10.1038/s41586-021-03819-2',
  slug: 'alphafold-2-paper',
  tags: ['protein structure'],
  year: 2021,
  title: 'Highly accurate protein structure prediction with AlphaFold',
  domains: ['computational_biology', 'biology'],
  featured: true,
  verified: true,
  created_at: '2026-01-28T12:38:09+00:00',
  model_type: null,
  save_count: 10915,
  view_count: 218822,
  open_source: null,
  content_type: 'paper',
  journal_name: 'Nature',
  key_features: ['Evoformer architecture'],
  organization: { name: 'Google DeepMind', size: 'enterprise', type: 'company' },
  api_available: null,
  funding_stage: null,
  peer_reviewed: true,
  pricing_model: null,
  figures: { citations: { value: 38000, source: 'openalex', as_of: '2026-11-30T04:00:00+00:00' } },
  employee_count: null,
  trending_score: 67.1,
  interaction_mode: null,
  short_description: 'The Nature paper describing AlphaFold 2.',
  competitive_advantages: [],
};
const facets = { years: {}, domains: {}, features: {}, content_types: {}, organization_sizes: {} };

describe('the search_items() answer', () => {
  it('carries the partial-match flag, and refuses one that is not a boolean', () => {
    expect(SearchResultSchema.parse({ total: 1, facets, items: [card], partial_match: true }).partial_match).toBe(true);
    expect(SearchResultSchema.parse({ total: 1, facets, items: [card] }).partial_match).toBeUndefined();
    expect(SearchResultSchema.safeParse({ total: 1, facets, items: [card], partial_match: 'yes' }).success).toBe(false);
  });

  it('reads a page as the database sends it', () => {
    const result = SearchResultSchema.parse({ total: 1, facets, items: [card], corrected_search: 'protein folding' });
    expect(result.items[0]?.organization?.name).toBe('Google DeepMind');
    expect(result.corrected_search).toBe('protein folding');
    expect(result.items[0]?.figures?.citations).toEqual({
      value: 38000,
      source: 'openalex',
      as_of: '2026-11-30T04:00:00+00:00',
    });
  });

  it('turns missing lists into empty ones and rejects an unknown content type', () => {
    const result = SearchResultSchema.parse({ total: 1, facets, items: [{ ...card, tags: null }] });
    expect(result.items[0]?.tags).toEqual([]);
    expect(() => SearchResultSchema.parse({ total: 1, facets, items: [{ ...card, content_type: 'event' }] })).toThrow();
  });
});
