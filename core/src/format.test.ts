import { describe, expect, it } from 'vitest';
import { displayName, formatCount, initials, SLUG_MAX_LENGTH, slugify, suffixedSlug } from './format.ts';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1K'],
    [1_250, '1.3K'],
    [45_600, '45.6K'],
    [999_949, '999.9K'],
    [1_000_000, '1M'],
    [2_340_000, '2.3M'],
  ])('%d reads %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });
});

describe('slugify', () => {
  it('lowercases, drops non-alphanumerics and joins words with hyphens', () => {
    expect(slugify('AlphaFold 2: Protein Structure')).toBe('alphafold-2-protein-structure');
    expect(slugify('  Schrödinger  Suite ')).toBe('schrodinger-suite');
    expect(slugify('scGPT -- single cell')).toBe('scgpt-single-cell');
    expect(slugify('Ørsted Straße Æther Łódź')).toBe('orsted-strasse-aether-lodz');
    expect(slugify('Protéine ﬁnder²')).toBe('proteine-finder2');
    expect(slugify('- edges -')).toBe('edges');
  });

  it('keeps every slug within 100 characters, a suffix included, ending on a letter or digit', () => {
    const long = slugify(`${'word '.repeat(30)}end`);
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(long).toHaveLength(99);
    expect(suffixedSlug(long, '3a1b2c3d')).toBe(`${'word-'.repeat(18)}w-3a1b2c3d`);
    expect(suffixedSlug('short', '2')).toBe('short-2');
    expect(suffixedSlug('x'.repeat(SLUG_MAX_LENGTH), '12')).toBe(`${'x'.repeat(97)}-12`);
  });
});

describe('initials and display name', () => {
  it('prefers the display name', () => {
    expect(initials({ display_name: 'marie curie', first_name: 'X' })).toBe('MC');
    expect(displayName({ display_name: 'Marie Curie', email: 'm@x.org' })).toBe('Marie Curie');
  });
  it('falls back to first and last name, then the e-mail, then U / User', () => {
    expect(initials({ first_name: 'Rosalind', last_name: 'Franklin' })).toBe('RF');
    expect(displayName({ first_name: 'Rosalind', last_name: 'Franklin' })).toBe('Rosalind Franklin');
    expect(initials({ email: 'ada@example.org' })).toBe('A');
    expect(displayName({ email: 'ada@example.org' })).toBe('ada@example.org');
    expect(initials({})).toBe('U');
    expect(displayName({ display_name: '  ' })).toBe('User');
  });
});
