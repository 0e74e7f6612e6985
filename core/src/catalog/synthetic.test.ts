import { describe, expect, it } from 'vitest';
import { CatalogItemSchema } from './catalog-item.ts';
import { generateSyntheticCatalog } from './synthetic.ts';

describe('generateSyntheticCatalog', () => {
  // One run at the benchmarks' scale; the tests of its contents read its first 20,000 items
  // (each item is a function of its index, which a test below checks), not a second run's.
  const catalog = generateSyntheticCatalog(100_000);
  const items = catalog.slice(0, 20_000);

  it('is deterministic: the same count and seed give identical items', () => {
    expect(generateSyntheticCatalog(300)).toEqual(items.slice(0, 300));
    expect(generateSyntheticCatalog(300, { seed: 7 })).toEqual(generateSyntheticCatalog(300, { seed: 7 }));
  });

  it('makes each item a function of its index, so batches line up with one big run', () => {
    expect(generateSyntheticCatalog(50, { startIndex: 1_001 })).toEqual(items.slice(1_000, 1_050));
  });

  it('varies with the seed', () => {
    const other = generateSyntheticCatalog(100, { seed: 2 });
    expect(other.map((item) => item.title)).not.toEqual(items.slice(0, 100).map((item) => item.title));
  });

  it('writes items the catalog schema accepts', () => {
    for (const item of items.filter((_, i) => i % 20 === 0)) {
      const parsed = CatalogItemSchema.safeParse(item);
      expect(parsed.success, `${item.slug}: ${JSON.stringify(parsed.error?.issues[0])}`).toBe(true);
    }
  });

  it('gives unique slugs in the synthetic-{type}-{index} shape, and unique DOIs', () => {
    expect(new Set(items.map((item) => item.slug)).size).toBe(items.length);
    expect(items[0]!.slug).toMatch(/^synthetic-(software|paper|company|agent)-1$/);
    const dois = items.flatMap((item) => (item.content_type === 'paper' ? [item.paper.doi] : []));
    expect(new Set(dois).size).toBe(dois.length);
    expect(dois[0]).toMatch(/^10\.5555\/synthetic\.\d+$/);
  });

  it('mixes the four content types roughly 45/25/15/15', () => {
    const share = (type: string) => items.filter((item) => item.content_type === type).length / items.length;
    expect(share('software')).toBeCloseTo(0.45, 1);
    expect(share('paper')).toBeCloseTo(0.25, 1);
    expect(share('company')).toBeCloseTo(0.15, 1);
    expect(share('agent')).toBeCloseTo(0.15, 1);
  });

  it('has realistic variety: skewed popularity, shared organisations, some empty advantages', () => {
    const views = items.map((item) => item.view_count ?? 0).sort((a, b) => a - b);
    const median = views[Math.floor(views.length / 2)]!;
    expect(views.at(-1)!).toBeGreaterThan(median * 100);
    const organizations = new Set(items.map((item) => item.organization.name));
    expect(organizations.size).toBeGreaterThan(400);
    expect(organizations.size).toBeLessThanOrEqual(500);
    const empty = items.filter((item) => item.competitive_advantages.length === 0).length;
    expect(empty / items.length).toBeGreaterThan(0.1);
    expect(empty / items.length).toBeLessThan(0.6);
    for (const item of items.slice(0, 500)) {
      expect(item.domains.length).toBeGreaterThanOrEqual(1);
      expect(item.domains.length).toBeLessThanOrEqual(3);
      expect(item.year).toBeGreaterThanOrEqual(2000);
      expect(item.year).toBeLessThanOrEqual(2026);
      expect(item.created_at >= '2020-01-01' && item.created_at < '2027-01-01').toBe(true);
    }
  });

  // How fast it generates them is bench/'s to measure, not a test's to time.
  it('generates 100,000 items, the scale benchmarks load, each with its own slug', () => {
    expect(catalog).toHaveLength(100_000);
    expect(new Set(catalog.map((item) => item.slug)).size).toBe(100_000);
    expect(catalog.at(-1)!.slug).toMatch(/^synthetic-(software|paper|company|agent)-100000$/);
  });
});
