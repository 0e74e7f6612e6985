import { describe, expect, it } from 'vitest';
import { prefersJsonLd } from './accept.ts';
import { badgeCount, badgeSvg, textWidth } from './badge-svg.ts';

describe('prefersJsonLd', () => {
  it('takes JSON-LD only when asked for before HTML', () => {
    expect(prefersJsonLd('application/ld+json')).toBe(true);
    expect(prefersJsonLd('text/html;q=0.5, application/ld+json')).toBe(true);
    expect(prefersJsonLd('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(prefersJsonLd('application/ld+json;q=0, text/html')).toBe(false);
    expect(prefersJsonLd('application/ld+json;q=0.5, text/html')).toBe(false);
    expect(prefersJsonLd('*/*')).toBe(false);
    expect(prefersJsonLd(undefined)).toBe(false);
    expect(prefersJsonLd(`${'a/b,'.repeat(2_000)}application/ld+json`)).toBe(false);
  });
});

describe('badgeSvg', () => {
  it('escapes its text and sizes itself to it', () => {
    const svg = badgeSvg({ label: 'Listed on SciAI', message: '<b>&', color: '#4c1', title: 'x"y' });
    expect(svg).toContain('&lt;b&gt;&amp;');
    expect(svg).toContain('aria-label="x&quot;y"');
    expect(svg).not.toContain('<b>');
    expect(textWidth('mmmm')).toBeGreaterThan(textWidth('iiii'));
    expect(badgeCount(999)).toBe('999');
    expect(badgeCount(12_345)).toBe('12.3k');
    expect(badgeCount(2_000_000)).toBe('2M');
  });
});
