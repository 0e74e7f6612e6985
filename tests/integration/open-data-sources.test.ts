import { describe, expect, it } from 'vitest';
import { get, jsonlRecords, manifestFor, publishedSlugs, type Manifest } from '../support/open-data.ts';

/** What the open-data files say of their sources (docs/product.md#sources): licences, records. */
describe('the sources of the open data', () => {
  it('states the sources’ licences in the manifest, and each item’s records in the JSON Lines', async () => {
    await manifestFor((await publishedSlugs()).length);
    const manifest = (await (await get('/data/manifest.json')).json()) as Manifest & {
      licenses: {
        catalog_text: { license: string };
        sources: Array<{ id: string; license: string; license_label: string; share_alike: boolean; items: number }>;
        share_alike_included: boolean;
        statement: string;
      };
    };
    expect(manifest.licenses.catalog_text.license).toBe('CC-BY-4.0');
    expect(manifest.licenses.share_alike_included).toBe(true);
    expect(manifest.licenses.sources.find((source) => source.id === 'best-of-atomistic-ml')).toMatchObject({
      license: 'CC-BY-SA-4.0',
      license_label: 'CC BY-SA 4.0 (share-alike)',
      share_alike: true,
    });
    expect(manifest.licenses.statement).toContain('Share-alike records are included');
    const lines = await jsonlRecords<{ slug: string; sources?: Array<{ source: string; license: string }> }>();
    expect(lines.find((line) => line.slug === 'chemdataextractor')?.sources).toEqual([
      expect.objectContaining({ source: 'best-of-atomistic-ml', license: 'CC-BY-SA-4.0', share_alike: true }),
    ]);
  });
});
