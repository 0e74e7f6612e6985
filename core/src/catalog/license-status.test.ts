import { describe, expect, it } from 'vitest';
import { CatalogItemSchema } from './catalog-item.ts';
import {
  isOpenSourceLicense,
  licenseClaimLabel,
  licenseStatus,
  SPDX_LICENSES,
  spdxOsiApproved,
} from './license-status.ts';

describe('licenseStatus (docs/product.md#facts)', () => {
  it('claims open source for OSI-approved SPDX ids, in any letter case', () => {
    for (const id of ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'GPL-3.0-only', 'mit', ' LGPL-2.1 ']) {
      expect(licenseStatus(id), id).toBe('open_source');
    }
    expect(isOpenSourceLicense('MPL-2.0')).toBe(true);
  });
  it('says "source available" for SPDX licences that are not OSI-approved', () => {
    for (const id of ['CC-BY-NC-SA-4.0', 'CC-BY-4.0', 'BUSL-1.1', 'CC-BY-NC-4.0']) {
      expect(licenseStatus(id), id).toBe('source_available');
    }
    expect(isOpenSourceLicense('CC-BY-NC-SA-4.0')).toBe(false);
  });
  it('claims nothing for no licence, names that are not SPDX ids, and parentheses', () => {
    for (const value of [
      null,
      undefined,
      '',
      '   ',
      'Commercial',
      'BSD',
      'Cambrian Non-Commercial License',
      'proprietary',
      '(MIT OR Apache-2.0)',
      'MIT OR',
      'MIT,Apache-2.0',
      'x'.repeat(201),
    ]) {
      expect(licenseStatus(value), String(value)).toBeNull();
    }
  });
  it('reads AND / OR expressions and WITH exceptions: some OR branch must be all OSI-approved', () => {
    expect(licenseStatus('MIT OR Apache-2.0')).toBe('open_source');
    expect(licenseStatus('CC-BY-NC-4.0 OR MIT')).toBe('open_source');
    expect(licenseStatus('Apache-2.0 AND CC-BY-NC-4.0')).toBe('source_available');
    expect(licenseStatus('GPL-2.0-or-later WITH Classpath-exception-2.0')).toBe('open_source');
    expect(licenseStatus('MIT AND Commercial')).toBeNull();
    // operators are upper case (SPDX): 'or' is part of an unknown id
    expect(licenseStatus('MIT or Apache-2.0')).toBeNull();
  });
  it('only ASCII blanks separate operators, as in SQL', () => {
    expect(licenseStatus('MIT\u00a0OR\u00a0Apache-2.0')).toBeNull();
    expect(licenseStatus('MIT\tOR\nApache-2.0')).toBe('open_source');
  });
  it('ships the SPDX list with its OSI flags: 149 of 727 ids approved in 3.28.0', () => {
    expect(SPDX_LICENSES).toHaveLength(727);
    expect(SPDX_LICENSES.filter((license) => license.isOsiApproved)).toHaveLength(149);
    expect(spdxOsiApproved('Apache-2.0')).toBe(true);
    expect(spdxOsiApproved('CC0-1.0')).toBe(false);
    expect(spdxOsiApproved('NotALicence')).toBeUndefined();
  });
});

describe('catalog items never type open_source', () => {
  const software = {
    slug: 'tool',
    title: 'Tool',
    url: 'https://example.org',
    short_description: 'A tool.',
    description: 'A tool.',
    tags: [],
    domains: ['biology'],
    verified: false,
    featured: false,
    view_count: 0,
    save_count: 0,
    trending_score: 0,
    created_at: '2026-01-01',
    organization: { name: 'Org', type: 'company', size: 'small' },
    key_features: [],
    competitive_advantages: [],
    content_type: 'software',
    software: { pricing_model: 'free', api_available: false, programming_languages: [], license: 'MIT' },
  };
  it('accepts a licence and a first release', () => {
    const item = { ...software, software: { ...software.software, first_release: '2021-07' } };
    expect(CatalogItemSchema.safeParse(item).success).toBe(true);
  });
  it('refuses an open_source flag with a message that says to give the licence', () => {
    const item = { ...software, software: { ...software.software, open_source: true } };
    const parsed = CatalogItemSchema.safeParse(item);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/derived from the licence/);
  });
  it('refuses a first release that is no date', () => {
    for (const first_release of ['2021-13', '2021-02-30', '21', 'soon']) {
      const item = { ...software, software: { ...software.software, first_release } };
      expect(CatalogItemSchema.safeParse(item).success, first_release).toBe(false);
    }
  });
});

describe('licenseClaimLabel (docs/product.md#facts)', () => {
  it('claims open source, source available, or nothing, from the licence', () => {
    expect(licenseClaimLabel('Apache-2.0')).toBe('Open source');
    expect(licenseClaimLabel('CC-BY-NC-SA-4.0')).toBe('Source available');
    expect(licenseClaimLabel('Commercial')).toBeUndefined();
    expect(licenseClaimLabel(null)).toBeUndefined();
  });
});
