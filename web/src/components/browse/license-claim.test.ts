import { describe, expect, it } from 'vitest';
import { licenseClaim } from './license-claim.ts';

describe('licenseClaim', () => {
  it('claims open source only for the derived flag, source available for a non-OSI licence', () => {
    expect(licenseClaim({ open_source: true, license_status: 'open_source' })).toBe('Open source');
    expect(licenseClaim({ open_source: false, license_status: 'source_available' })).toBe('Source available');
    expect(licenseClaim({ open_source: false, license_status: null })).toBeUndefined();
    expect(licenseClaim({ open_source: null, license_status: undefined })).toBeUndefined();
    // a card from before license_status existed says only what the flag says
    expect(licenseClaim({ open_source: false })).toBeUndefined();
  });
});
