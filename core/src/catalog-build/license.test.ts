import { describe, expect, it } from 'vitest';
import { normaliseLicense } from './license.ts';

describe('normaliseLicense', () => {
  it('leaves a bare BSD unresolved: the variant is unknown, the family OSI-approved', () => {
    expect(normaliseLicense('BSD')).toEqual({ label: 'BSD (variant unknown)', osiFamily: true });
    expect(normaliseLicense('BSD License')).toEqual({ label: 'BSD (variant unknown)', osiFamily: true });
  });

  it('names the BSD variant only when the source says which', () => {
    expect(normaliseLicense('BSD-3-Clause')).toEqual({ spdx: 'BSD-3-Clause', label: 'BSD-3-Clause', osiFamily: true });
    expect(normaliseLicense('BSD-3')?.spdx).toBe('BSD-3-Clause');
    expect(normaliseLicense('bsd-2-clause')?.spdx).toBe('BSD-2-Clause');
  });

  it('maps common spellings and deprecated ids to current SPDX ids', () => {
    expect(normaliseLicense('MIT License')?.spdx).toBe('MIT');
    expect(normaliseLicense('mit')?.spdx).toBe('MIT');
    expect(normaliseLicense('Apache License 2.0')?.spdx).toBe('Apache-2.0');
    expect(normaliseLicense('GPL-3.0')?.spdx).toBe('GPL-3.0-only');
    expect(normaliseLicense('GPL-3.0 license')?.spdx).toBe('GPL-3.0-only');
    expect(normaliseLicense('LGPL-2.1')?.spdx).toBe('LGPL-2.1-only');
    expect(normaliseLicense('GPL-2.0+')?.spdx).toBe('GPL-2.0-or-later');
    expect(normaliseLicense('CC-BY-NC-4.0')).toEqual({ spdx: 'CC-BY-NC-4.0', label: 'CC-BY-NC-4.0', osiFamily: false });
  });

  it('gives no id for names that are not one licence', () => {
    expect(normaliseLicense('Other')).toEqual({ label: 'Other', osiFamily: false });
    expect(normaliseLicense('Proprietary')?.spdx).toBeUndefined();
    expect(normaliseLicense('https://github.com/hackingmaterials/matminer/blob/main/LICENSE')?.spdx).toBeUndefined();
    expect(normaliseLicense('GPL')).toEqual({ label: 'GPL (version unknown)', osiFamily: true });
    expect(normaliseLicense('  ')).toBeUndefined();
    expect(normaliseLicense(undefined)).toBeUndefined();
  });
});
