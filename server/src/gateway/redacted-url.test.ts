import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redacted-url.ts';

describe('redactSecrets', () => {
  it('replaces credential values in a URL, whatever the spelling of their names', () => {
    expect(redactSecrets('/rest/v1/items?select=slug&apikey=eyJ.abc.def&limit=1')).toBe(
      '/rest/v1/items?select=slug&apikey=[redacted]&limit=1',
    );
    expect(redactSecrets('/x?APIKEY=a&%61ccess_token=b&%2561pikey=c;token=d&refresh+token=e')).toBe(
      '/x?APIKEY=[redacted]&%61ccess_token=[redacted]&%2561pikey=[redacted];token=[redacted]&refresh+token=e',
    );
    expect(redactSecrets('/auth/v1/verify?type=signup&token_hash=abc&redirect_to=/')).toBe(
      '/auth/v1/verify?type=signup&token_hash=[redacted]&redirect_to=/',
    );
  });

  it('redacts a URL quoted in a message and leaves everything else as it was', () => {
    expect(redactSecrets('Route GET:/nope?apikey=sciai_1 not found')).toBe(
      'Route GET:/nope?apikey=[redacted] not found',
    );
    for (const text of ['/browse?search=token%3D1', '/x?%E0%A4%A=1', '/x?=1', '/plain/path', 'tokens=1', '?tokens=2']) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it('redacts the token of a private feed address, however the path is spelt', () => {
    const token = 'ab'.repeat(32);
    expect(redactSecrets(`/feeds/notifications/${token}.atom`)).toBe('/feeds/notifications/[redacted]');
    expect(redactSecrets(`GET /FEEDS//Notifications%2F${token}.atom?x=1 failed`)).toBe(
      'GET /FEEDS//Notifications%2F[redacted]?x=1 failed',
    );
    expect(redactSecrets('/feeds/search.atom?search=notifications')).toBe('/feeds/search.atom?search=notifications');
  });
});
