import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashApiToken, presentedToken } from './api-token-format.ts';
import { isReadRequest } from './read-only-rules.ts';
import { rateLimitHeaders } from '../../security/rate-limit-headers.ts';

const token = `sciai_${'0123456789abcdef'.repeat(4)}`;

describe('presentedToken', () => {
  it('finds a well-formed token in a bearer header, any spacing or case of the scheme', () => {
    expect(presentedToken(`Bearer ${token}`)).toEqual({ kind: 'token', token });
    expect(presentedToken(`bearer   ${token}  `)).toEqual({ kind: 'token', token });
  });

  it('calls anything else that starts with sciai_ malformed, and other credentials none', () => {
    for (const bad of [`${token}0`, token.slice(0, -1), token.toUpperCase(), `${token.slice(0, -1)}g`, 'sciai_'])
      expect(presentedToken(`Bearer ${bad}`)).toEqual({ kind: 'malformed' });
    expect(presentedToken('Bearer eyJhbGciOiJIUzI1NiJ9.e30.x')).toEqual({ kind: 'none' });
    expect(presentedToken(`Basic ${token}`)).toEqual({ kind: 'none' });
    expect(presentedToken(undefined)).toEqual({ kind: 'none' });
    expect(presentedToken([`Bearer ${token}`])).toEqual({ kind: 'none' });
  });

  it('hashes with SHA-256 of the token’s bytes, as create_api_token stores it', () => {
    expect(hashApiToken(token).equals(createHash('sha256').update(token).digest())).toBe(true);
  });
});

describe('isReadRequest', () => {
  it('lets reads through and the listed read functions', () => {
    expect(isReadRequest('GET', '/rest/v1/user_saved_items?select=*')).toBe(true);
    expect(isReadRequest('HEAD', '/rest/v1/content_items')).toBe(true);
    expect(isReadRequest('POST', '/rest/v1/rpc/search_items')).toBe(true);
    expect(isReadRequest('POST', '/rest/v1/rpc/search%5Fitems?x=1')).toBe(true);
  });

  it('refuses every other method and function, however spelt', () => {
    for (const [method, url] of [
      ['POST', '/rest/v1/rpc/save_item'],
      ['POST', '/rest/v1/rpc/save%5Fitem'],
      ['POST', '/rest/v1/rpc/search_items/../save_item'],
      ['POST', '/rest/v1/user_saved_items'],
      ['PATCH', '/rest/v1/user_profiles'],
      ['DELETE', '/rest/v1/api_tokens'],
      ['PUT', '/rest/v1/user_profiles'],
      ['PROPFIND', '/rest/v1/'],
    ] as const)
      expect(isReadRequest(method, url), `${method} ${url}`).toBe(false);
  });
});

describe('rateLimitHeaders', () => {
  it('writes the draft’s structured fields', () => {
    expect(rateLimitHeaders('endpoint', 100, 57, 29.2)).toEqual({
      'ratelimit-policy': '"endpoint";q=100;w=60',
      ratelimit: '"endpoint";r=57;t=30',
    });
    expect(rateLimitHeaders('token', 600, -3, 0).ratelimit).toBe('"token";r=0;t=0');
  });
});
