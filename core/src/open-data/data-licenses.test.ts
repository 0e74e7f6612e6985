import { describe, expect, it } from 'vitest';
import { dataLicenses, type DataSource } from './data-licenses.ts';

const source = (overrides: Partial<DataSource>): DataSource => ({
  id: 'biotools',
  name: 'bio.tools',
  repository: 'https://github.com/bio-tools/content',
  commit: '51540fd568fec856cd695a19646db6643a9ba6a0',
  snapshot_date: '2021-03-10',
  license: 'CC-BY-4.0',
  share_alike: false,
  copies_descriptions: true,
  credit: 'bio.tools (ELIXIR), CC BY 4.0',
  items: 3,
  ...overrides,
});

describe('the open-data files’ licences', () => {
  it('lists each source with items under its own licence and marks share-alike records', () => {
    const licenses = dataLicenses([
      source({}),
      source({ id: 'best-of-atomistic-ml', name: 'best-of', license: 'CC-BY-SA-4.0', share_alike: true }),
      source({ id: 'hepml', name: 'HEPML Living Review', license: 'none', copies_descriptions: false }),
      // a source no published item lists is not in the files
      source({ id: 'medllms', name: 'MedLLMs', license: 'MIT', items: 0 }),
    ]);
    expect(licenses.catalog_text.license).toBe('CC-BY-4.0');
    expect(licenses.sources.map((entry) => [entry.id, entry.license_label])).toEqual([
      ['biotools', 'CC BY 4.0'],
      ['best-of-atomistic-ml', 'CC BY-SA 4.0 (share-alike)'],
      ['hepml', 'facts only – no licence'],
    ]);
    expect(licenses.share_alike_included).toBe(true);
    expect(licenses.statement).toContain('bio.tools (CC BY 4.0); best-of (CC BY-SA 4.0 (share-alike))');
    expect(licenses.statement).toContain('Share-alike records are included (best-of)');
  });

  it('names live sources, and gives those without a licence as facts only, their items’ descriptions composed', () => {
    const licenses = dataLicenses([
      source({}),
      source({
        id: 'github-api',
        name: 'GitHub API',
        kind: 'live',
        commit: null,
        snapshot_date: null,
        license: 'none',
        copies_descriptions: false,
      }),
      source({ id: 'hepml', name: 'HEPML Living Review', license: 'none', copies_descriptions: false }),
    ]);
    expect(licenses.sources.map((entry) => [entry.id, entry.license_label])).toEqual([
      ['biotools', 'CC BY 4.0'],
      ['github-api', 'facts only – no licence'],
      ['hepml', 'facts only – no licence'],
    ]);
    expect(licenses.statement).toContain(
      'GitHub API (facts only – no licence); HEPML Living Review (facts only – no licence)',
    );
    expect(licenses.statement).toContain(
      'never their prose: where no other source’s licence allows copying, an item’s description is composed by SciAI',
    );
    expect(licenses.statement).not.toMatch(/carry no licence|does not cover/);
    expect(licenses.statement).toContain('Records read live (GitHub API) are dated by the day they were last fetched.');
    expect(dataLicenses([source({})]).statement).not.toMatch(/read live/);
  });

  it('says nothing of share-alike records when none are included', () => {
    const licenses = dataLicenses([source({})]);
    expect(licenses.share_alike_included).toBe(false);
    expect(licenses.statement).not.toContain('Share-alike');
    expect(dataLicenses([]).sources).toEqual([]);
  });
});
