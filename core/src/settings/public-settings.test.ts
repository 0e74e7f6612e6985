import { describe, expect, it } from 'vitest';
import { readPublicSettings } from './public-settings.ts';

describe('readPublicSettings', () => {
  it('reads the two public settings, each with its default when missing or not a boolean', () => {
    expect(readPublicSettings({ sample_data_banner: true, registration_open: false })).toEqual({
      sampleDataBanner: true,
      registrationOpen: false,
    });
    expect(readPublicSettings({})).toEqual({ sampleDataBanner: false, registrationOpen: true });
    expect(readPublicSettings({ sample_data_banner: 'true', registration_open: 'no' })).toEqual({
      sampleDataBanner: false,
      registrationOpen: true,
    });
  });

  it('treats anything but an object as no settings', () => {
    for (const value of [null, undefined, [], 'x', 1]) {
      expect(readPublicSettings(value)).toEqual({ sampleDataBanner: false, registrationOpen: true });
    }
  });
});
