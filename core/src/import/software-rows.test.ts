import { describe, expect, it } from 'vitest';
import { FACT_MESSAGES } from './fact-rules.ts';
import { markDuplicates } from './duplicates.ts';
import { linkKey, softwareDuplicateKey } from './duplicate-key.ts';
import { createDomainLookup, validateImportRow } from './row-rules.ts';
import { stagedRow } from './staged-row.ts';
import { buildImportTemplate } from './template.ts';
import { TEST_DOMAINS } from './test-taxonomy.ts';

const lookup = createDomainLookup(TEST_DOMAINS);
const validate = (cells: Record<string, string>, rowNumber = 2) =>
  validateImportRow('software', { rowNumber, cells }, lookup);
const messages = (cells: Record<string, string>) => validate(cells).issues.map((issue) => issue.message);

describe('software rows', () => {
  it("requires a name: 'Software name is required'", () => {
    const row = validate({ name: ' ', url: 'https://x.org' });
    expect(row.status).toBe('Invalid');
    expect(row.title).toBe('Untitled');
    expect(messages({ name: '' })).toEqual(['Software name is required']);
  });

  it('reads every column: links, lists, pricing, licence, release, API, organization', () => {
    const row = validate({
      name: ' Matcha ',
      description: ' A docking tool. ',
      short_description: 'Docking.',
      url: 'https://matcha.example.org',
      github_url: 'https://github.com/example/matcha',
      organization_name: ' Example Lab ',
      pricing_model: 'Freemium',
      license: 'MIT',
      programming_languages: 'Python, C++',
      first_release: '2024-05',
      api_available: 'TRUE',
      key_features: '["Fast docking","Flexible, rigid receptors"]',
      tags: 'docking, structure',
      domains: 'Chemistry, drug_discovery',
      weights_license: 'Apache 2.0',
      availability: 'API only',
      paper_dois: 'https://doi.org/10.1000/Matcha.2024',
      paper_arxiv_ids: '["arXiv:2401.07950v2"]',
    });
    expect(row.issues).toEqual([]);
    expect(row.status).toBe('Valid');
    expect(row.record).toEqual({
      title: 'Matcha',
      slug: 'matcha',
      description: 'A docking tool.',
      short_description: 'Docking.',
      url: 'https://matcha.example.org',
      tags: ['docking', 'structure'],
      key_features: ['Fast docking', 'Flexible, rigid receptors'],
      github_url: 'https://github.com/example/matcha',
      organization_name: 'Example Lab',
      pricing_model: 'freemium',
      license: 'MIT',
      programming_languages: ['Python', 'C++'],
      first_release: '2024-05',
      api_available: true,
      domains: ['chemistry', 'drug_discovery'],
      weights_license: 'Apache-2.0',
      availability: 'api_only',
      paper_dois: ['10.1000/matcha.2024'],
      paper_arxiv_ids: ['2401.07950'],
    });
  });

  it('is Valid with a name alone; empty cells are no value', () => {
    const row = validate({ name: 'Bare', pricing_model: '', license: ' ', first_release: '', api_available: '' });
    expect(row.status).toBe('Valid');
    expect(row.record).toMatchObject({
      pricing_model: null,
      license: null,
      first_release: null,
      api_available: false,
      tags: [],
      key_features: [],
      programming_languages: [],
      url: null,
      github_url: null,
    });
  });

  it('reads a licence as the catalog does: a name that says which licence becomes its SPDX id', () => {
    const licence = (cell: string) => validate({ name: 'L', license: cell }).record.license;
    expect(licence('MIT License')).toBe('MIT');
    expect(licence('Apache 2.0')).toBe('Apache-2.0');
    expect(licence('GPL-3.0')).toBe('GPL-3.0-only');
    expect(licence('bsd-3-clause')).toBe('BSD-3-Clause');
    expect(licence('Apache-2.0 AND CC-BY-NC-4.0')).toBe('Apache-2.0 AND CC-BY-NC-4.0');
    expect(validate({ name: 'L', license: 'MIT License' }).status).toBe('Valid');
    // no one licence: kept (BSD as the catalog writes it) and warned about, nothing is claimed
    const bsd = validate({ name: 'L', license: 'BSD' });
    expect([bsd.record.license, bsd.status]).toEqual(['BSD (variant unknown)', 'Warning']);
    expect(bsd.issues).toEqual([{ level: 'warning', message: FACT_MESSAGES.unknownLicense('BSD') }]);
    expect(validate({ name: 'L', license: 'Commercial' }).record.license).toBe('Commercial');
    expect(messages({ name: 'L', license: 'x'.repeat(201) })).toEqual(['license must be at most 200 characters']);
  });

  it('refuses an open_source cell: it is derived from the licence', () => {
    expect(messages({ name: 'O', license: 'MIT', open_source: 'true' })).toEqual([FACT_MESSAGES.openSourceColumn]);
  });

  it('takes a first release as YYYY, YYYY-MM or YYYY-MM-DD, a real date, not in the future', () => {
    for (const value of ['2019', '2019-02', '2020-02-29'])
      expect(messages({ name: 'R', first_release: value })).toEqual([]);
    for (const value of ['19', '2019-13', '2019-02-30', '12/2019', '1799'])
      expect(messages({ name: 'R', first_release: value })).toEqual([FACT_MESSAGES.firstRelease]);
    const nextYear = String(new Date().getUTCFullYear() + 1);
    expect(messages({ name: 'R', first_release: nextYear })).toEqual([FACT_MESSAGES.firstReleaseFuture]);
    expect(messages({ name: 'R', first_release: `${nextYear}-01-01` })).toEqual([FACT_MESSAGES.firstReleaseFuture]);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(messages({ name: 'R', first_release: thisMonth })).toEqual([]);
  });

  it('names the column and the rule of every other refused cell', () => {
    expect(
      messages({
        name: 'x'.repeat(301),
        short_description: 's'.repeat(301),
        url: 'ftp://x.org',
        github_url: 'github.com/x/y',
        organization_name: 'o'.repeat(201),
        pricing_model: 'pay what you want',
        domains: 'Alchemy',
      }),
    ).toEqual([
      'name must be at most 300 characters',
      'pricing_model must be one of: free, freemium, subscription, paid, enterprise',
      'short_description must be at most 300 characters',
      'url must be a link starting with http:// or https://',
      'github_url must be a link starting with http:// or https://',
      'organization_name must be at most 200 characters',
      'Unknown domains: Alchemy',
    ]);
  });

  it('bounds its lists: 50 tags and languages of 300 characters, 20 key features of 200', () => {
    const many = (count: number) => JSON.stringify(Array.from({ length: count }, (_, index) => `entry ${index}`));
    expect(messages({ name: 'B', tags: many(50), programming_languages: many(50), key_features: many(20) })).toEqual(
      [],
    );
    expect(messages({ name: 'B', tags: many(51), programming_languages: many(51), key_features: many(21) })).toEqual([
      'tags must have at most 50 entries',
      'key_features must have at most 20 entries',
      'programming_languages must have at most 50 entries',
    ]);
    expect(
      messages({
        name: 'B',
        tags: JSON.stringify(['t'.repeat(301)]),
        key_features: JSON.stringify(['k'.repeat(201)]),
        programming_languages: JSON.stringify(['p'.repeat(301)]),
      }),
    ).toEqual([
      'Each of tags must be at most 300 characters',
      'Each of key_features must be at most 200 characters',
      'Each of programming_languages must be at most 300 characters',
    ]);
  });
});

describe('software duplicates', () => {
  it('are the same name and the same link (scheme, www., case and trailing slashes aside)', () => {
    expect(softwareDuplicateKey('MAML', 'https://github.com/materialyzeai/maml')).toBe(
      softwareDuplicateKey('maml', 'http://www.GitHub.com/materialyzeai/maml/'),
    );
    expect(softwareDuplicateKey('MAML', 'https://github.com/materialyzeai/maml')).not.toBe(
      softwareDuplicateKey('MAML', 'https://github.com/yangfenglong/mAML1.0'),
    );
    expect(softwareDuplicateKey('ESM-2', 'https://github.com/facebookresearch/esm')).not.toBe(
      softwareDuplicateKey('ESMFold', 'https://github.com/facebookresearch/esm'),
    );
    expect(linkKey(null)).toBe('');
  });

  it('skips a row repeating an earlier one or a tool in the catalog, not a namesake elsewhere', () => {
    const rows = [
      validate({ name: 'MAML', url: 'https://github.com/materialyzeai/maml' }, 2),
      validate({ name: 'maml', url: 'https://github.com/materialyzeai/maml/' }, 3),
      validate({ name: 'MAML', url: 'https://github.com/yangfenglong/mAML1.0' }, 4),
      validate({ name: 'Known', url: 'https://known.example.org' }, 5),
    ];
    markDuplicates(rows, new Set([softwareDuplicateKey('known', 'https://known.example.org')]));
    expect(rows.map((row) => [row.skip, row.issues.map((issue) => issue.message)])).toEqual([
      [false, []],
      [true, ['Duplicate of row 2']],
      [false, []],
      [true, ['Already exists: will be skipped']],
    ]);
  });
});

describe('software staging and template', () => {
  it('stages the tags (software has its own tags column, never a copy to leave out)', () => {
    const { record } = validate({ name: 'T', tags: 'a, b' });
    expect(stagedRow('software', record, 2)).toMatchObject({ tags: ['a', 'b'], row_number: 2 });
  });

  it('names software_template.csv and explains each column', () => {
    const template = buildImportTemplate('software');
    expect(template.fileName).toBe('software_template.csv');
    const help = new Map(template.help.map((entry) => [entry.column, entry]));
    expect(help.get('name')).toEqual({ column: 'name', help: 'Software name (required)', required: true });
    expect(help.get('pricing_model')?.help).toBe('One of: free, freemium, subscription, paid, enterprise');
    expect(help.get('first_release')?.help).toContain('not in the future');
    expect(help.has('open_source')).toBe(false);
    expect(help.has('github_stars')).toBe(false);
  });
});
