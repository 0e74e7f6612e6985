import { describe, expect, it } from 'vitest';
import { backupCodesAvailableWith } from './backend-features.ts';

describe('backupCodesAvailableWith', () => {
  it('offers backup codes with the embedded auth service', () => {
    expect(backupCodesAvailableWith({ supabaseUrl: null, supabaseAnonKey: 'anon', backend: 'embedded' })).toBe(true);
  });

  it('hides them with a hosted Supabase project, whose auth has no backup-code endpoint', () => {
    expect(
      backupCodesAvailableWith({ supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'anon', backend: 'hosted' }),
    ).toBe(false);
  });

  it('trusts the gateway’s word over the URL', () => {
    // A gateway of ours reached at another address still runs the embedded auth service.
    expect(
      backupCodesAvailableWith({
        supabaseUrl: 'https://api.example.org',
        supabaseAnonKey: 'anon',
        backend: 'embedded',
      }),
    ).toBe(true);
  });

  it('reads an older config without the field from its URL, and a missing config as no codes', () => {
    expect(backupCodesAvailableWith({ supabaseUrl: null, supabaseAnonKey: 'anon' })).toBe(true);
    expect(backupCodesAvailableWith({ supabaseUrl: 'https://abcd.supabase.co', supabaseAnonKey: 'anon' })).toBe(false);
    expect(backupCodesAvailableWith(undefined)).toBe(false);
  });
});
