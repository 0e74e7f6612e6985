import { describe, expect, it } from 'vitest';
import { filterLibrary, groupByDomain, isRecentlySaved, libraryStats } from './library-rules.ts';
import { libraryItem } from './test-items.ts';

const now = new Date('2026-11-21T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

const items = [
  libraryItem({ slug: 'old-tool', title: 'Old Tool', saved_at: daysAgo(30), domains: ['biology'] }),
  libraryItem({
    slug: 'new-paper',
    title: 'Protein Paper',
    content_type: 'paper',
    saved_at: daysAgo(1),
    domains: ['biology', 'chemistry'],
  }),
  libraryItem({ slug: 'edge-tool', title: 'Edge Tool', saved_at: daysAgo(7), domains: ['physics'], tags: ['Quantum'] }),
  libraryItem({ slug: 'past-edge', title: 'Past Edge', content_type: 'company', saved_at: daysAgo(7.001) }),
  libraryItem({
    slug: 'agent-x',
    title: 'Agent X',
    content_type: 'agent',
    saved_at: daysAgo(2),
    short_description: 'Finds proteins',
  }),
];

describe('library rules', () => {
  it('counts stats, "added this week" being the last 7 days inclusive', () => {
    expect(libraryStats(items, now)).toEqual({ total: 5, software: 2, papers: 1, addedThisWeek: 3 });
    expect(libraryStats([], now)).toEqual({ total: 0, software: 0, papers: 0, addedThisWeek: 0 });
    expect(isRecentlySaved({ saved_at: daysAgo(7) }, now)).toBe(true);
    expect(isRecentlySaved({ saved_at: daysAgo(7.001) }, now)).toBe(false);
  });

  it('shows each tab newest saved first', () => {
    const slugs = (tab: Parameters<typeof filterLibrary>[1]['tab'], search = '') =>
      filterLibrary(items, { tab, search }, now).map((item) => item.slug);
    expect(slugs('all')).toEqual(['new-paper', 'agent-x', 'edge-tool', 'past-edge', 'old-tool']);
    expect(slugs('recent')).toEqual(['new-paper', 'agent-x', 'edge-tool']);
    expect(slugs('software')).toEqual(['edge-tool', 'old-tool']);
    expect(slugs('papers')).toEqual(['new-paper']);
    expect(slugs('companies')).toEqual(['past-edge']);
    expect(slugs('agents')).toEqual(['agent-x']);
  });

  it('searches title, descriptions and tags, ignoring case and blank input', () => {
    const search = (text: string) => filterLibrary(items, { tab: 'all', search: text }, now).map((item) => item.slug);
    expect(search('protein')).toEqual(['new-paper', 'agent-x']);
    expect(search('QUANTUM')).toEqual(['edge-tool']);
    expect(search('   ')).toHaveLength(5);
    expect(filterLibrary(items, { tab: 'papers', search: 'tool' }, now)).toEqual([]);
  });

  it('groups the All tab by primary domain, items without a domain last', () => {
    const groups = groupByDomain(items).map((group) => [group.domain, group.items.map((item) => item.slug)]);
    expect(groups).toEqual([
      ['biology', ['new-paper', 'old-tool']],
      ['physics', ['edge-tool']],
      [null, ['agent-x', 'past-edge']],
    ]);
  });

  it('breaks ties of equal save times by title, so the order is stable', () => {
    const same = [libraryItem({ slug: 'b', title: 'Beta' }), libraryItem({ slug: 'a', title: 'Alpha' })];
    expect(filterLibrary(same, { tab: 'all', search: '' }, now).map((item) => item.slug)).toEqual(['a', 'b']);
  });
});
