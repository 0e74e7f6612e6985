import { describe, expect, it } from 'vitest';
import type { ImportType } from './columns.ts';
import { createDomainLookup, FACT_MESSAGES, readAuthorList, validateImportRow } from './row-rules.ts';
import { TEST_DOMAINS } from './test-taxonomy.ts';

const lookup = createDomainLookup(TEST_DOMAINS);
const validate = (type: ImportType, cells: Record<string, string>) =>
  validateImportRow(type, { rowNumber: 2, cells }, lookup);
const messages = (type: ImportType, cells: Record<string, string>) =>
  validate(type, cells).issues.map((issue) => issue.message);

describe('paper authors (docs/product.md#facts)', () => {
  it('keeps every author in order', () => {
    const names = Array.from({ length: 40 }, (_, i) => `Author ${i + 1}`);
    const row = validate('paper', { title: 'T', abstract: 'A', authors: JSON.stringify(names) });
    expect(row.record.authors).toEqual(names);
    expect(row.record.authors_complete).toBe(true);
  });
  it('reads a last "et al." as "the list stops short", not as a name', () => {
    const row = validate('paper', { title: 'T', abstract: 'A', authors: 'Ada Lovelace, Alan Turing, et al.' });
    expect(row.record.authors).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(row.record.authors_complete).toBe(false);
    expect(readAuthorList(['A', 'and others'])).toEqual({ authors: ['A'], complete: false });
    expect(readAuthorList(['A', 'Et Al'])).toEqual({ authors: ['A'], complete: false });
    expect(readAuthorList(['Al Etal'])).toEqual({ authors: ['Al Etal'], complete: true });
  });
});

describe('agent licence and first release', () => {
  it('takes a licence and a first release; open_source is not a column', () => {
    const row = validate('agent', { name: 'A', license: 'MIT', first_release: '2023-04' });
    expect(row.status).toBe('Valid');
    expect(row.record).toMatchObject({ license: 'MIT', first_release: '2023-04' });
    expect(row.record).not.toHaveProperty('open_source');
  });
  it('refuses a filled open_source column with a message naming the licence', () => {
    expect(messages('agent', { name: 'A', open_source: 'true' })).toEqual([FACT_MESSAGES.openSourceColumn]);
    expect(validate('agent', { name: 'A', open_source: '' }).status).toBe('Valid');
  });
  it('warns about a licence that is not an SPDX id, and refuses an overlong one', () => {
    expect(validate('agent', { name: 'A', license: 'Commercial' }).issues).toEqual([
      { level: 'warning', message: FACT_MESSAGES.unknownLicense('Commercial') },
    ]);
    expect(validate('agent', { name: 'A', license: 'M'.repeat(201) }).status).toBe('Invalid');
  });
  it('refuses a first release that is not YYYY, YYYY-MM or YYYY-MM-DD', () => {
    for (const value of ['2023-4', '23', '2023-02-30', 'last year']) {
      expect(messages('agent', { name: 'A', first_release: value }), value).toEqual([FACT_MESSAGES.firstRelease]);
    }
  });
});

describe('company facts that change carry an as-of date and a source', () => {
  const dated = {
    name: 'Co',
    funding_stage: 'Seed',
    funding_stage_as_of: '2025-03-01',
    funding_stage_source: 'https://example.org/news',
  };
  it('imports a dated, sourced fact as Valid', () => {
    const row = validate('company', { ...dated, founded_year: '2019' });
    expect(row.status).toBe('Valid');
    const { name: _name, ...facts } = dated;
    expect(row.record).toMatchObject({ ...facts, founded_year: 2019 });
  });
  it('warns when a fact has no date or source: it will show as undated', () => {
    expect(validate('company', { name: 'Co', headquarters: 'Paris, France' }).issues).toEqual([
      { level: 'warning', message: FACT_MESSAGES.undated('headquarters') },
    ]);
  });
  it('refuses a date or source without the fact, a future date, a bad link and an unknown stage', () => {
    expect(messages('company', { name: 'Co', employee_count_as_of: '2025-01-01' })).toEqual([
      FACT_MESSAGES.dateWithoutFact('employee_count'),
    ]);
    expect(messages('company', { ...dated, funding_stage_as_of: '2999-01-01' })).toEqual([
      FACT_MESSAGES.asOfFuture('funding_stage'),
    ]);
    expect(messages('company', { ...dated, funding_stage_source: 'javascript:alert(1)' })).toContain(
      'funding_stage_source must be a link starting with http:// or https://',
    );
    expect(messages('company', { ...dated, funding_stage: 'Series Z' })[0]).toMatch(/^funding_stage must be one of/);
    expect(messages('company', { name: 'Co', founded_year: '99' })).toEqual([FACT_MESSAGES.foundedYear]);
  });
});
