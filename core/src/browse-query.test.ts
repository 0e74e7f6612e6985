import { describe, expect, it } from 'vitest';
import { browseHref, navSearchHref, normalizeDomainParam, parseBrowseQuery, resultRangeText } from './browse-query.ts';

describe('parseBrowseQuery', () => {
  it('reads search, domain and type', () => {
    expect(parseBrowseQuery('?search=%20protein%20folding%20&domain=biology&type=paper')).toEqual({
      search: 'protein folding',
      domain: 'biology',
      type: 'paper',
    });
  });

  it('treats missing, blank and unknown values as "everything"', () => {
    expect(parseBrowseQuery('')).toEqual({ search: '', domain: undefined, type: 'all' });
    expect(parseBrowseQuery('search=%20%20&domain=&type=event')).toEqual({ search: '', domain: undefined, type: 'all' });
  });

  it('accepts a type in any letter case', () => {
    expect(parseBrowseQuery('type=Software').type).toBe('software');
  });
});

describe('normalizeDomainParam', () => {
  it('turns a domain name into its slug', () => {
    expect(normalizeDomainParam('Drug Discovery')).toBe('drug_discovery');
    expect(normalizeDomainParam('drug discovery')).toBe('drug_discovery');
    expect(normalizeDomainParam('AI/ML')).toBe('ai_ml');
    expect(normalizeDomainParam('materials_science')).toBe('materials_science');
  });

  it('keeps a domain id as it is', () => {
    expect(normalizeDomainParam('0E2F4C1A-1B2C-4D5E-8F90-123456789ABC')).toBe('0e2f4c1a-1b2c-4d5e-8f90-123456789abc');
  });

  it('gives nothing for blank or symbol-only input', () => {
    expect(normalizeDomainParam('  ')).toBeUndefined();
    expect(normalizeDomainParam('%%')).toBeUndefined();
    expect(normalizeDomainParam(null)).toBeUndefined();
  });
});

describe('browseHref', () => {
  it('is plain /browse without a query', () => {
    expect(browseHref()).toBe('/browse');
    expect(browseHref({ search: '   ', type: 'all' })).toBe('/browse');
  });

  it('URL-encodes the trimmed search text', () => {
    expect(browseHref({ search: '  CRISPR & base editing ' })).toBe('/browse?search=CRISPR%20%26%20base%20editing');
  });

  it('keeps domain and type', () => {
    expect(browseHref({ domain: 'drug_discovery', type: 'software' })).toBe('/browse?domain=drug_discovery&type=software');
  });

  it('round-trips through parseBrowseQuery', () => {
    const query = { search: 'a/b?c=d#e', domain: 'genomics', type: 'agent' } as const;
    expect(parseBrowseQuery(browseHref(query).split('?')[1]!)).toEqual(query);
  });
});

describe('navSearchHref', () => {
  it('ignores blank input', () => {
    expect(navSearchHref('')).toBeUndefined();
    expect(navSearchHref(' \t ')).toBeUndefined();
  });

  it('sends trimmed, encoded text to /browse', () => {
    expect(navSearchHref(' single cell ')).toBe('/browse?search=single%20cell');
  });
});

describe('resultRangeText', () => {
  it('caps N at the total', () => {
    expect(resultRangeText(20, 134)).toBe('Showing 1-20 of 134');
    expect(resultRangeText(20, 7)).toBe('Showing 1-7 of 7');
    expect(resultRangeText(40, 134)).toBe('Showing 1-40 of 134');
  });
});
