import { describe, expect, it } from 'vitest';
import { searchParamsToFilters } from '../filters/url-codec.ts';
import {
  NOTIFICATION_FEED_TOKEN_PATTERN,
  notificationFeedPath,
  searchFeedPath,
  searchFeedTitle,
} from './notification-feeds.ts';

const YEAR = 2026;
const filtersOf = (query: string) => searchParamsToFilters(query, YEAR).filters;

describe('feed addresses', () => {
  it('gives a browse query one canonical feed, whatever its sort, view and spelling', () => {
    const path = searchFeedPath(filtersOf('sort=most_saved&view=list&search=+protein+folding&domain=Biology'), YEAR);
    expect(path).toBe('/feeds/search.atom?search=protein%20folding&domain=biology');
    expect(searchFeedPath(filtersOf('domain=biology&search=protein%20folding'), YEAR)).toBe(path);
    expect(searchFeedPath(filtersOf(''), YEAR)).toBe('/feeds/search.atom');
  });

  it('names a search feed by what it asks', () => {
    const names = (slug: string) => (slug === 'biology' ? 'Biology' : slug);
    expect(searchFeedTitle(filtersOf('search=protein&domain=biology&type=software&sort=recent'), YEAR, names)).toBe(
      'SciAI — newest for Software & Tools, Search: protein, Biology',
    );
    expect(searchFeedTitle(filtersOf('sort=recent'), YEAR, names)).toBe('SciAI — newest AI tools for science');
  });

  it('takes only tokens of the shape it makes', () => {
    const token = 'a'.repeat(64);
    expect(notificationFeedPath(token)).toBe(`/feeds/notifications/${token}.atom`);
    expect(NOTIFICATION_FEED_TOKEN_PATTERN.test(token)).toBe(true);
    expect(NOTIFICATION_FEED_TOKEN_PATTERN.test('A'.repeat(64))).toBe(false);
    expect(NOTIFICATION_FEED_TOKEN_PATTERN.test(`${token}0`)).toBe(false);
  });
});
