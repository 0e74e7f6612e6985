import { describe, expect, it } from 'vitest';
import type { ImportType } from './columns.ts';
import { createDomainLookup, slugFor, validateImportRow } from './row-rules.ts';
import { TEST_DOMAINS } from './test-taxonomy.ts';

const lookup = createDomainLookup(TEST_DOMAINS);
const validate = (type: ImportType, cells: Record<string, string>) =>
  validateImportRow(type, { rowNumber: 2, cells }, lookup);
const messages = (type: ImportType, cells: Record<string, string>) =>
  validate(type, cells).issues.map((issue) => issue.message);

describe('paper rows', () => {
  it("requires a title: 'Title is required'", () => {
    const row = validate('paper', { title: '  ', abstract: 'x' });
    expect(row.status).toBe('Invalid');
    expect(row.title).toBe('Untitled');
    expect(messages('paper', { title: '', abstract: 'x' })).toEqual(['Title is required']);
  });
  it('warns about a missing abstract, and the row stays importable as a Warning', () => {
    const row = validate('paper', { title: 'A paper' });
    expect(row.status).toBe('Warning');
    expect(row.issues).toEqual([{ level: 'warning', message: 'Missing abstract' }]);
  });
  it('is Valid with a title and an abstract', () => {
    expect(validate('paper', { title: 'A paper', abstract: 'About it.' }).status).toBe('Valid');
  });
  it("rejects dates that are not real YYYY-MM-DD dates: 'Invalid publication date format'", () => {
    expect(messages('paper', { title: 'T', abstract: 'A', publication_date: '2023-02-30' })).toEqual([
      'Invalid publication date format',
    ]);
  });
  it('falls back: short description from the abstract (200 chars), description from the abstract, url from the DOI', () => {
    const abstract = 'x'.repeat(250);
    const { record } = validate('paper', { title: 'T', abstract, doi: '10.1234/abc.def' });
    expect(record.short_description).toBe('x'.repeat(200));
    expect(record.description).toBe(abstract);
    expect(record.url).toBe('https://doi.org/10.1234/abc.def');
    const own = validate('paper', {
      title: 'T',
      abstract,
      short_description: ' Mine ',
      url: 'https://a.org',
      doi: '10.1234/x',
    }).record;
    expect([own.short_description, own.url]).toEqual(['Mine', 'https://a.org']);
  });
  it('reads booleans, counts and list-like fields, trimming all text', () => {
    const { record } = validate('paper', {
      title: '  Spaced  ',
      abstract: ' A ',
      peer_reviewed: 'TRUE',
      open_access: 'yes',
      citation_count: '',
      keywords: 'a, b ,,c',
      authors: '["Ada Lovelace", " Alan Turing "]',
      journal_name: ' Nature ',
    });
    expect(record).toMatchObject({
      title: 'Spaced',
      abstract: 'A',
      peer_reviewed: true,
      open_access: false,
      citation_count: 0,
      keywords: ['a', 'b', 'c'],
      tags: ['a', 'b', 'c'],
      authors: ['Ada Lovelace', 'Alan Turing'],
      journal_name: 'Nature',
    });
  });
  it('rejects a negative or fractional citation_count', () => {
    expect(messages('paper', { title: 'T', abstract: 'A', citation_count: '-3' })).toEqual([
      'citation_count must be a whole number of 0 or more',
    ]);
  });
  it('keys duplicates by the lower-cased DOI', () => {
    expect(validate('paper', { title: 'T', abstract: 'A', doi: '10.1234/ABC' }).duplicateKey).toBe('10.1234/abc');
    expect(validate('paper', { title: 'T', abstract: 'A' }).duplicateKey).toBeNull();
  });
});

describe('domains', () => {
  it('matches names in any letter case and slugs, keeping order without repeats', () => {
    const { record, status } = validate('agent', {
      name: 'A',
      domains: '["ai/ml", "Biology", "drug_discovery", "BIOLOGY"]',
    });
    expect(status).toBe('Valid');
    expect(record.domains).toEqual(['ai_ml', 'biology', 'drug_discovery']);
  });
  it("lists unknown names: 'Unknown domains: {list}'", () => {
    expect(messages('agent', { name: 'A', domains: 'Biology, Alchemy, Astrology' })).toEqual([
      'Unknown domains: Alchemy, Astrology',
    ]);
  });
});

describe('company rows', () => {
  it("requires a name: 'Company name is required'", () => {
    expect(messages('company', { name: '' })).toEqual(['Company name is required']);
  });
  it('needs traction_metrics to be a JSON object; empty is {}', () => {
    expect(validate('company', { name: 'C' }).record.traction_metrics).toEqual({});
    expect(messages('company', { name: 'C', traction_metrics: 'lots' })).toEqual([
      'traction_metrics must be a JSON object, e.g. {"customers": 40}',
    ]);
    expect(validate('company', { name: 'C', traction_metrics: '{"arr": 5}' }).record.traction_metrics).toEqual({
      arr: 5,
    });
  });
  it('uses the website as the url and keeps the organisation fields', () => {
    const { record } = validate('company', {
      name: 'C',
      website: 'https://c.io',
      organization_name: ' Org ',
      partnerships: 'X',
    });
    expect(record).toMatchObject({ url: 'https://c.io', organization_name: 'Org', partnerships: ['X'] });
  });
  it('keys duplicates by the lower-cased name', () => {
    expect(validate('company', { name: ' Acme AI ' }).duplicateKey).toBe('acme ai');
  });
});

describe('agent rows', () => {
  it("requires a name: 'Agent name is required'", () => {
    expect(messages('agent', { name: ' ' })).toEqual(['Agent name is required']);
  });
  it('accepts only the interaction modes the catalog knows', () => {
    expect(validate('agent', { name: 'A', interaction_mode: 'Chat' }).record.interaction_mode).toBe('chat');
    expect(messages('agent', { name: 'A', interaction_mode: 'telepathy' })).toEqual([
      'interaction_mode must be one of: chat, autonomous, api, notebook, cli',
    ]);
  });
  it('rejects links the database would refuse', () => {
    expect(messages('agent', { name: 'A', url: 'ftp://x' })).toEqual([
      'url must be a link starting with http:// or https://',
    ]);
  });
});

describe('slugFor', () => {
  it('makes catalog slugs, with the type when the title has no letters or digits', () => {
    expect(slugFor('  Hello, World! -', 'paper')).toBe('hello-world');
    expect(slugFor('Ünïcödé café', 'paper')).toBe('unicode-cafe');
    expect(slugFor('日本語', 'agent')).toBe('agent');
    expect(slugFor('a'.repeat(400), 'paper')).toHaveLength(100);
    expect(slugFor(`${'a'.repeat(99)} bcd`, 'paper')).toBe('a'.repeat(99));
  });
});
