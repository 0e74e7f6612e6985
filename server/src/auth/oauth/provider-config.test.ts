import { describe, expect, it } from 'vitest';
import { readOAuthSettings } from './provider-config.ts';

describe('readOAuthSettings', () => {
  it('leaves both providers off without settings, with a ten-second timeout', () => {
    expect(readOAuthSettings({})).toEqual({ github: undefined, orcid: undefined, timeoutMs: 10_000 });
  });

  it('turns a provider on with its id and secret, at the public addresses by default', () => {
    const settings = readOAuthSettings({
      GITHUB_CLIENT_ID: 'gh',
      GITHUB_CLIENT_SECRET: 'ghs',
      ORCID_CLIENT_ID: 'APP-1',
      ORCID_CLIENT_SECRET: 'os',
    });
    expect(settings.github).toEqual({
      clientId: 'gh',
      clientSecret: 'ghs',
      baseUrl: 'https://github.com',
      apiUrl: 'https://api.github.com',
    });
    expect(settings.orcid).toEqual({
      clientId: 'APP-1',
      clientSecret: 'os',
      baseUrl: 'https://orcid.org',
      apiUrl: 'https://orcid.org',
    });
  });

  it('takes ORCID’s sandbox and GitHub’s addresses without a trailing slash', () => {
    const settings = readOAuthSettings({
      ORCID_CLIENT_ID: 'APP-1',
      ORCID_CLIENT_SECRET: 'os',
      ORCID_BASE_URL: 'https://sandbox.orcid.org/',
      GITHUB_CLIENT_ID: 'gh',
      GITHUB_CLIENT_SECRET: 'ghs',
      GITHUB_BASE_URL: 'https://github.example.org/',
      GITHUB_API_URL: 'https://github.example.org/api/v3/',
      OAUTH_TIMEOUT_SECONDS: '3',
    });
    expect(settings.orcid?.baseUrl).toBe('https://sandbox.orcid.org');
    expect(settings.github?.baseUrl).toBe('https://github.example.org');
    expect(settings.github?.apiUrl).toBe('https://github.example.org/api/v3');
    expect(settings.timeoutMs).toBe(3_000);
  });

  it('stops on half a provider, an address that is not http(s) and a timeout out of bounds', () => {
    expect(() => readOAuthSettings({ GITHUB_CLIENT_ID: 'gh' })).toThrow(
      'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are set together, or neither',
    );
    expect(() =>
      readOAuthSettings({ ORCID_CLIENT_ID: 'a', ORCID_CLIENT_SECRET: 'b', ORCID_BASE_URL: 'ftp://orcid.org' }),
    ).toThrow('ORCID_BASE_URL must be an http(s) URL, got "ftp://orcid.org"');
    expect(() =>
      readOAuthSettings({ ORCID_CLIENT_ID: 'a', ORCID_CLIENT_SECRET: 'b', ORCID_BASE_URL: 'orcid' }),
    ).toThrow('ORCID_BASE_URL must be an absolute http(s) URL');
    for (const value of ['0', '121', '2.5', 'ten']) {
      expect(() => readOAuthSettings({ OAUTH_TIMEOUT_SECONDS: value }), value).toThrow('OAUTH_TIMEOUT_SECONDS');
    }
  });
});
