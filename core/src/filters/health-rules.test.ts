import { describe, expect, it } from 'vitest';
import { activeSince, applyFilters, countFacets, HEALTH_RULES, type FilterableItem } from './item-rules.ts';
import { defaultFilters, type FilterState } from './filter-state.ts';

const item = (slug: string, fields: Partial<FilterableItem> = {}): FilterableItem => ({
  slug,
  title: slug,
  content_type: 'software',
  short_description: null,
  tags: [],
  domains: [],
  verified: false,
  competitive_advantages: [],
  organization: null,
  peer_reviewed: null,
  open_source: null,
  pricing_model: null,
  year: 2024,
  created_at: '2024-01-01T00:00:00.000Z',
  view_count: 0,
  save_count: 0,
  trending_score: 0,
  ...fields,
});

const NOW = new Date('2026-08-31T15:00:00Z');

describe('project health (docs/product.md#browse-health)', () => {
  it('counts six calendar months back from the start of the day, month ends clamped', () => {
    expect(activeSince(NOW).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(activeSince(new Date('2026-11-27T23:59:59Z')).toISOString()).toBe('2026-05-27T00:00:00.000Z');
    expect(activeSince(new Date('2026-03-15T01:00:00Z')).toISOString()).toBe('2025-09-15T00:00:00.000Z');
  });

  it('is maintained with a recent push or release on a repository not archived; without signals it is not', () => {
    const maintained = HEALTH_RULES.maintained;
    expect(maintained(item('a', { active_at: '2026-02-28T00:00:00Z' }), NOW)).toBe(true);
    expect(maintained(item('b', { active_at: '2026-02-27T23:59:59Z' }), NOW)).toBe(false);
    expect(maintained(item('c', { active_at: '2026-08-01T00:00:00Z', archived: true }), NOW)).toBe(false);
    expect(maintained(item('d'), NOW)).toBe(false);
  });

  it('has links OK unless a link is down or dead (never checked counts as OK)', () => {
    expect(HEALTH_RULES.links_ok(item('a', { link_health: 'ok' }), NOW)).toBe(true);
    expect(HEALTH_RULES.links_ok(item('b', { link_health: null }), NOW)).toBe(true);
    expect(HEALTH_RULES.links_ok(item('c', { link_health: 'down' }), NOW)).toBe(false);
    expect(HEALTH_RULES.links_ok(item('d', { link_health: 'dead' }), NOW)).toBe(false);
  });

  it('sorts by citations, stars and latest activity with items lacking the signal last, ties by slug', () => {
    const items = [
      item('none'),
      item('low', { citations: 3, stars: 10, active_at: '2025-01-01T00:00:00Z' }),
      item('high', { citations: 90, stars: 5, active_at: '2026-01-01T00:00:00Z' }),
      item('also-none'),
      item('tie', { citations: 3, stars: 10, active_at: '2025-01-01T00:00:00Z' }),
    ];
    const order = (sortBy: 'most_cited' | 'most_starred' | 'recently_active') =>
      applyFilters(items, { ...defaultFilters(2026), sortBy }, NOW).map((i) => i.slug);
    expect(order('most_cited')).toEqual(['high', 'low', 'tie', 'also-none', 'none']);
    expect(order('most_starred')).toEqual(['low', 'tie', 'high', 'also-none', 'none']);
    expect(order('recently_active')).toEqual(['high', 'low', 'tie', 'also-none', 'none']);
  });

  it('applies the health filters to every facet', () => {
    const items = [
      item('kept', { active_at: '2026-08-01T00:00:00Z', link_health: 'ok' }),
      item('dead', { active_at: '2026-08-01T00:00:00Z', link_health: 'dead', content_type: 'paper' }),
    ];
    const state: FilterState = { ...defaultFilters(2026), health: ['maintained', 'links_ok'], contentTypes: ['paper'] };
    expect(countFacets(items, state, NOW).content_types).toEqual({ software: 1 });
    expect(applyFilters(items, state, NOW)).toEqual([]);
  });
});
