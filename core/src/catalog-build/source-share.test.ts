import { describe, expect, it } from 'vitest';
import type { BuiltItem } from './built-item.ts';
import { capSourceShare } from './build.ts';

function item(title: string, sources: string[], score: number): BuiltItem {
  return {
    title,
    prior: { score, components: [] },
    sources: sources.map((source) => ({ source })),
  } as unknown as BuiltItem;
}

describe('capSourceShare', () => {
  it('drops the lowest-ranked items only the dominant source lists until it is a third', () => {
    const items = [
      ...Array.from({ length: 6 }, (_, i) => item(`big ${i}`, ['hepml'], i)),
      item('shared', ['hepml', 'ml-in-cosmology'], 0),
      ...['biotools', 'ai-for-math', 'medllms', 'biotools', 'ai-for-math', 'medllms'].map((source, i) =>
        item(`o${i}`, [source], 0),
      ),
    ];
    const dropped: string[] = [];
    const kept = capSourceShare(items, (source) => dropped.push(source));
    const hepml = kept.filter((k) => k.sources.some((s) => s.source === 'hepml'));
    expect(hepml.length * 3).toBeLessThanOrEqual(kept.length);
    expect(hepml.map((k) => k.title)).toContain('shared');
    // 13 items, 7 from HEPML: the four lowest-ranked of its own go, which leaves 3 of 9.
    expect(kept.map((k) => k.title).filter((title) => title.startsWith('big'))).toEqual(['big 4', 'big 5']);
    expect(dropped.every((source) => source === 'hepml')).toBe(true);
    expect(dropped.length).toBe(items.length - kept.length);
  });

  it('leaves a build of fewer than three sources whole', () => {
    const items = [item('a', ['hepml'], 0), item('b', ['hepml'], 0), item('c', ['biotools'], 0)];
    expect(capSourceShare(items, () => {})).toHaveLength(3);
  });
});
