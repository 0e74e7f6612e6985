import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, slugify } from '../format.ts';
import { finishItem } from './harvest-item.ts';

describe('a harvested record made an item', () => {
  it('gets the catalog slug of its title, at most 100 characters', () => {
    const title = `${'Deep learning for protein structure prediction '.repeat(6)}revisited`;
    const finished = finishItem(
      { content_type: 'paper', title, domains: [], ids: [{ scheme: 'doi', value: '10.5555/long' }] },
      'ref',
    );
    expect(finished.ok).toBe(true);
    const slug = finished.ok ? finished.item.slug : undefined;
    expect(slug).toBe(slugify(title));
    expect(slug!.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug!.length).toBeGreaterThan(90);
  });
});
