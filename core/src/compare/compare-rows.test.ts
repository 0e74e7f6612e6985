import { describe, expect, it } from 'vitest';
import { buildCompareRows, compareCell, type CompareRow, type CompareSource } from './compare-rows.ts';

const base = {
  verified: true,
  year: 2021,
  key_features: ['Structure prediction'],
  competitive_advantages: [],
  metadata: {},
  organization: { name: 'DeepMind' },
  domains: [{ name: 'Biology' }, { name: 'Chemistry' }],
} as const;

const alphaFold: CompareSource = {
  ...base,
  slug: 'alphafold',
  title: 'AlphaFold',
  content_type: 'software',
  software: { pricing_model: 'free', open_source: true, api_available: false },
  figures: { github_stars: { value: 12_345, source: 'github', as_of: '2026-08-20T06:00:00Z' } },
};
const rosetta: CompareSource = {
  ...base,
  slug: 'rosetta',
  title: 'Rosetta',
  content_type: 'software',
  organization: { name: 'University of Washington' },
  domains: [{ name: 'chemistry' }, { name: 'Biology' }],
  software: { pricing_model: 'freemium', open_source: true, api_available: true },
};
const paper: CompareSource = {
  ...base,
  slug: 'highly-accurate-protein-structure-prediction',
  title: 'Highly accurate protein structure prediction with AlphaFold',
  content_type: 'paper',
  verified: false,
  figures: { citations: { value: 25_000, source: 'openalex', as_of: '2026-09-02T00:00:00Z' } },
};

const byKey = (rows: CompareRow[]) => Object.fromEntries(rows.map((row) => [row.key, row]));

describe('buildCompareRows', () => {
  it('aligns one cell per item in the order given, and marks rows whose values differ', () => {
    const rows = byKey(buildCompareRows([alphaFold, rosetta]));
    expect(rows.type!.cells).toEqual([
      { kind: 'text', text: 'Software' },
      { kind: 'text', text: 'Software' },
    ]);
    expect(rows.type!.differs).toBe(false);
    expect(rows.organization!.differs).toBe(true);
    expect(rows.pricing!.cells).toEqual([
      { kind: 'text', text: 'Free' },
      { kind: 'text', text: 'Freemium' },
    ]);
    expect(rows.pricing!.differs).toBe(true);
    expect(rows.open_source!.differs).toBe(false);
    expect(rows.api_available!.cells.map((cell) => cell.kind === 'boolean' && cell.text)).toEqual(['No', 'Yes']);
    expect(rows.api_available!.differs).toBe(true);
  });

  it('treats lists as sets: the same domains in another order and letter case are no difference', () => {
    const rows = byKey(buildCompareRows([alphaFold, rosetta]));
    expect(rows.domains!.cells[1]).toEqual({ kind: 'list', items: ['chemistry', 'Biology'] });
    expect(rows.domains!.differs).toBe(false);
  });

  it('counts a missing value as different from a present one, and formats counts as K/M with their source', () => {
    const rows = byKey(buildCompareRows([alphaFold, rosetta]));
    expect(rows.github_stars!.cells).toEqual([
      { kind: 'number', value: 12_345, text: '12.3K', source: 'GitHub, as of 20 Aug 2026' },
      { kind: 'missing' },
    ]);
    expect(rows.github_stars!.differs).toBe(true);
  });

  it('compares exact numbers, not their rounded display', () => {
    const a = { ...alphaFold, figures: { github_stars: { ...alphaFold.figures!.github_stars!, value: 12_340 } } };
    const rows = byKey(buildCompareRows([alphaFold, a]));
    expect(rows.github_stars!.cells.map((cell) => cell.kind === 'number' && cell.text)).toEqual(['12.3K', '12.3K']);
    expect(rows.github_stars!.differs).toBe(true);
  });

  it('shows the code licence, the weights licence and availability apart, each only where stated', () => {
    const galactica: CompareSource = {
      ...alphaFold,
      slug: 'galactica',
      software: {
        pricing_model: 'free',
        open_source: true,
        api_available: false,
        license: 'Apache-2.0',
        weights_license: 'CC-BY-NC-4.0',
        availability: 'open',
      },
    };
    const hosted: CompareSource = {
      ...rosetta,
      software: { pricing_model: 'paid', open_source: false, api_available: true, availability: 'api_only' },
    };
    const rows = byKey(buildCompareRows([galactica, hosted]));
    expect(rows.code_license!.cells).toEqual([{ kind: 'text', text: 'Apache-2.0' }, { kind: 'missing' }]);
    expect(rows.weights_license!.cells).toEqual([{ kind: 'text', text: 'CC-BY-NC-4.0' }, { kind: 'missing' }]);
    expect(rows.availability!.cells).toEqual([
      { kind: 'text', text: 'Open' },
      { kind: 'text', text: 'API only' },
    ]);
    expect(rows.availability!.differs).toBe(true);
    // an open code licence alone says nothing of the weights or availability: no rows
    const keys = buildCompareRows([alphaFold, { ...rosetta, software: { ...rosetta.software!, license: 'MIT' } }]).map(
      (row) => row.key,
    );
    expect(keys).toContain('code_license');
    expect(keys).not.toContain('weights_license');
    expect(keys).not.toContain('availability');
  });

  it('leaves out attributes that none of the items has', () => {
    const keys = buildCompareRows([alphaFold, rosetta]).map((row) => row.key);
    expect(keys).toEqual([
      'type',
      'organization',
      'domains',
      'year',
      'pricing',
      'open_source',
      'api_available',
      'github_stars',
      'key_features',
      'verified',
    ]);
    const mixed = buildCompareRows([alphaFold, paper]).map((row) => row.key);
    expect(mixed).toContain('citations');
    expect(mixed).not.toContain('competitive_advantages');
  });

  it('shows a paper’s citations and its missing tool facts across from a tool', () => {
    const rows = byKey(buildCompareRows([alphaFold, paper]));
    expect(rows.citations!.cells).toEqual([
      { kind: 'missing' },
      { kind: 'number', value: 25_000, text: '25K', source: 'OpenAlex, as of 2 Sep 2026' },
    ]);
    expect(rows.pricing!.cells[1]).toEqual({ kind: 'missing' });
    expect(rows.verified!.cells).toEqual([
      { kind: 'boolean', value: true, text: 'Verified' },
      { kind: 'boolean', value: false, text: 'Not verified' },
    ]);
    expect(rows.verified!.differs).toBe(true);
  });

  it('never marks a single item as differing', () => {
    expect(buildCompareRows([alphaFold]).some((row) => row.differs)).toBe(false);
  });
});

describe('compareCell', () => {
  it('falls back to metadata for items without a type block (imported, contributed)', () => {
    const company: CompareSource = {
      ...base,
      slug: 'acme',
      title: 'Acme',
      content_type: 'company',
      metadata: { pricing_model: 'enterprise', open_source: false, api_available: true, github_stars: 'many' },
    };
    expect(compareCell(company, 'pricing')).toEqual({ kind: 'text', text: 'Enterprise' });
    expect(compareCell(company, 'open_source')).toEqual({ kind: 'boolean', value: false, text: 'No' });
    expect(compareCell(company, 'api_available')).toEqual({ kind: 'boolean', value: true, text: 'Yes' });
    expect(compareCell(company, 'github_stars')).toEqual({ kind: 'missing' });
  });

  it('shows no star or citation figure without its source and date, not even one from metadata', () => {
    const imported: CompareSource = { ...paper, figures: {}, metadata: { citations: 42, citation_count: 42 } };
    expect(compareCell(imported, 'citations')).toEqual({ kind: 'missing' });
    const via = {
      value: 980,
      source: 'github',
      as_of: '2026-08-20T06:00:00Z',
      via: 'best-of-atomistic-machine-learning',
    };
    expect(compareCell({ ...alphaFold, figures: { github_stars: via } }, 'github_stars')).toEqual({
      kind: 'number',
      value: 980,
      text: '980',
      source: 'GitHub, as of 20 Aug 2026, via best-of-atomistic-machine-learning',
    });
  });

  it('shows the ORCID-verified reviewers’ rating, and the other reviews apart', () => {
    const rating = { verified_count: 12, verified_average: 4.62, score: 4.3, other_count: 1, other_average: 3 };
    expect(compareCell({ ...alphaFold, rating }, 'rating')).toEqual({
      kind: 'list',
      items: ['4.6 ★ from 12 ORCID-verified reviewers', '3.0 ★ from 1 other reviewer'],
    });
    const othersOnly = { verified_count: 0, verified_average: null, score: null, other_count: 2, other_average: 4.5 };
    expect(compareCell({ ...alphaFold, rating: othersOnly }, 'rating')).toEqual({
      kind: 'list',
      items: ['4.5 ★ from 2 other reviewers'],
    });
    expect(compareCell({ ...alphaFold, rating: null }, 'rating')).toEqual({ kind: 'missing' });
    const rows = buildCompareRows([{ ...alphaFold, rating }, paper]);
    expect(rows.find((row) => row.key === 'rating')?.differs).toBe(true);
    expect(buildCompareRows([alphaFold, paper]).some((row) => row.key === 'rating')).toBe(false);
  });

  it('ignores unknown pricing models, blank texts and blank list entries', () => {
    const odd: CompareSource = {
      ...alphaFold,
      organization: { name: '  ' },
      key_features: [' ', 'Fast '],
      software: { ...alphaFold.software!, pricing_model: 'pay-what-you-want' },
    };
    expect(compareCell(odd, 'pricing')).toEqual({ kind: 'missing' });
    expect(compareCell(odd, 'organization')).toEqual({ kind: 'missing' });
    expect(compareCell(odd, 'key_features')).toEqual({ kind: 'list', items: ['Fast'] });
    expect(compareCell({ ...odd, year: null }, 'year')).toEqual({ kind: 'missing' });
  });

  it('says what each item’s year means', () => {
    expect(compareCell(alphaFold, 'year')).toEqual({ kind: 'text', text: 'Released 2021' });
    expect(compareCell({ ...alphaFold, content_type: 'paper', software: null }, 'year')).toEqual({
      kind: 'text',
      text: 'Published 2021',
    });
    expect(compareCell({ ...alphaFold, content_type: 'company', software: null }, 'year')).toEqual({
      kind: 'text',
      text: 'Founded 2021',
    });
    expect(compareCell({ ...alphaFold, content_type: 'agent', software: null }, 'year')).toEqual({
      kind: 'text',
      text: 'Released 2021',
    });
  });

  describe('the tool facts the sources state', () => {
    const deepThing: CompareSource = {
      ...base,
      slug: 'deepthing',
      title: 'DeepThing',
      content_type: 'software',
      metadata: {
        edam_operations: ['Protein structure prediction', 'Sequence analysis'],
        edam_inputs: [
          { data: 'Protein sequence', formats: ['FASTA'] },
          { data: 'Image', formats: [] },
        ],
        edam_outputs: [{ data: 'Protein structure', formats: ['PDB'] }],
        tool_types: ['Command-line tool'],
        pypi_id: 'deepthing',
        latest_release: { version: '1.2.0', date: '2025-01-02' },
      },
    };
    const otherTool: CompareSource = {
      ...base,
      slug: 'other-tool',
      title: 'Other tool',
      content_type: 'software',
      metadata: {
        edam_operations: ['Sequence analysis', 'Protein structure prediction'],
        conda_id: 'other-tool',
        latest_release: { version: '0.9' },
      },
    };

    it('shows operations, data with formats, tool types, packages and latest release per item', () => {
      const rows = byKey(buildCompareRows([deepThing, otherTool]));
      expect(rows.operations!.label).toBe('What it does');
      expect(rows.operations!.differs).toBe(false);
      expect(rows.input_data!.cells).toEqual([
        { kind: 'list', items: ['Protein sequence (FASTA)', 'Image'] },
        { kind: 'missing' },
      ]);
      expect(rows.output_data!.cells[0]).toEqual({ kind: 'list', items: ['Protein structure (PDB)'] });
      expect(rows.tool_types!.cells).toEqual([{ kind: 'list', items: ['Command-line tool'] }, { kind: 'missing' }]);
      expect(rows.packages!.cells).toEqual([
        { kind: 'list', items: ['PyPI: deepthing'] },
        { kind: 'list', items: ['conda: other-tool'] },
      ]);
      expect(rows.latest_release!.cells).toEqual([
        { kind: 'text', text: '1.2.0 (2025-01-02)' },
        { kind: 'text', text: '0.9' },
      ]);
    });

    it('has no such rows when no compared item states them, and ignores facts of another shape', () => {
      const odd: CompareSource = {
        ...otherTool,
        slug: 'odd',
        metadata: {
          edam_operations: 'Sequence analysis',
          edam_inputs: [{ formats: ['FASTA'] }, 7],
          latest_release: {},
        },
      };
      const keys = buildCompareRows([alphaFold, odd]).map((row) => row.key);
      for (const key of ['operations', 'input_data', 'output_data', 'tool_types', 'packages', 'latest_release'])
        expect(keys).not.toContain(key);
    });
  });
});
