import { describe, expect, it } from 'vitest';
import { ancestorsOf, FIELD_TREE, fieldsOf, fieldsOfTerm, isUnder, REQUIRED_FIELDS } from './taxonomy.ts';

describe('the field tree', () => {
  it('has every parent in the tree, no loops, and the twelve required fields', () => {
    const slugs = new Set(FIELD_TREE.map((node) => node.slug));
    for (const node of FIELD_TREE) if (node.parent !== null) expect(slugs.has(node.parent)).toBe(true);
    for (const node of FIELD_TREE) expect(ancestorsOf(node.slug)).not.toContain(node.slug);
    for (const field of REQUIRED_FIELDS) expect(slugs.has(field)).toBe(true);
    expect(REQUIRED_FIELDS).toHaveLength(12);
  });

  it('keeps the database domains with their parents (supabase/schemas/99_reference_data.sql)', () => {
    const parent = Object.fromEntries(FIELD_TREE.map((node) => [node.slug, node.parent]));
    expect(parent).toMatchObject({
      genomics: 'biology',
      computational_biology: 'biology',
      neuroscience: 'biology',
      drug_discovery: 'medicine',
      biology: null,
      medicine: null,
    });
    expect(ancestorsOf('astronomy')).toEqual(['physics']);
  });
});

describe('fieldsOfTerm: one rule for every vocabulary', () => {
  it.each([
    // EDAM topics (bio.tools)
    ['Oncology', ['medicine']],
    ['RNA-Seq', ['genomics']],
    ['Medicinal chemistry', ['chemistry', 'drug_discovery']],
    ['Neurobiology', ['neuroscience']],
    ['Machine learning', []],
    ['Molecular interactions, pathways and networks', ['computational_biology']],
    ['Molecular dynamics', ['chemistry']],
    ['Small molecules', ['chemistry', 'drug_discovery']],
    ['Genotype and phenotype', ['genomics']],
    // OpenAlex field names
    ['Physics and Astronomy', ['physics']],
    ['Physics & Astronomy', ['physics']],
    ['Particle physics', ['particle_physics']],
    ['Earth and Planetary Sciences', ['environmental_science']],
    ['Materials Science', ['materials_science']],
    ['Economics, Econometrics and Finance', ['social_science']],
    ['Mathematics', ['mathematics']],
    // list sections and arXiv classes
    ['Geography, Geology, and Environmental Science', ['environmental_science']],
    ['hep-ph', ['particle_physics']],
    ['astro-ph.CO', ['astronomy']],
    ['Machine learning interatomic potentials', ['materials_science']],
    ['Physics-Informed Neural Networks', []],
    // FDA review panels
    ['Radiology', ['medicine', 'imaging']],
    ['Neurology', ['neuroscience', 'medicine']],
  ])('%s', (term, fields) => {
    expect(fieldsOfTerm(term)).toEqual(fields);
  });
});

describe('fieldsOf', () => {
  it('keeps the terms order, drops a parent when its child is there', () => {
    expect(fieldsOf(['particle physics', 'Jet tagging'], ['hepml'])).toEqual(['particle_physics']);
    expect(fieldsOf(['Genomics', 'Cell biology'], ['biotools'])).toEqual(['genomics']);
    expect(fieldsOf(['Oncology', 'Gene expression'], ['biotools'])).toEqual(['medicine', 'genomics']);
  });

  it('falls back to the source’s field when no term says one', () => {
    expect(fieldsOf(['Literature & Knowledge Management'], ['ai-for-science'])).toEqual(['ai_ml']);
    expect(fieldsOf([], ['ml-in-cosmology'])).toEqual(['astronomy']);
    expect(fieldsOf([], ['weather-climate-fm'])).toEqual(['environmental_science']);
  });

  it('browsing a parent includes its children', () => {
    expect(isUnder(['astronomy'], 'physics')).toBe(true);
    expect(isUnder(['drug_discovery'], 'medicine')).toBe(true);
    expect(isUnder(['medicine'], 'drug_discovery')).toBe(false);
  });
});
