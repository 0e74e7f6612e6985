import { describe, expect, it } from 'vitest';
import { safeRedirect, withFragment } from './redirects.ts';

const SITE = 'https://sciai.example';

describe('safeRedirect', () => {
  it.each([
    ['/browse', `${SITE}/browse`],
    ['/auth/reset?from=mail#old', `${SITE}/auth/reset?from=mail`],
    [`${SITE}/settings`, `${SITE}/settings`],
    [SITE, `${SITE}/`],
    ['profile', `${SITE}/profile`],
    // Same scheme without slashes is a relative path for browsers too: it stays on the site.
    ['https:evil.example', `${SITE}/evil.example`],
  ])('keeps %j on the site as %j', (target, expected) => {
    expect(safeRedirect(target, SITE)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    '   ',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    'https://evil.example',
    'http://sciai.example', // another scheme is another origin
    'https://sciai.example:8443/',
    'https://sciai.example.evil.example/',
    'https://sciai.example@evil.example/',
    'https://user:pass@sciai.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    'http://[::1',
  ])('sends %j to the site root', (target) => {
    expect(safeRedirect(target, SITE)).toBe(`${SITE}/`);
  });
});

describe('safeRedirect under a PUBLIC_URL with a path', () => {
  const base = `${SITE}/sciai`;
  it('falls back to the base, and keeps pages of the origin', () => {
    expect(safeRedirect('//evil.example', base)).toBe(`${base}/`);
    expect(safeRedirect('browse', base)).toBe(`${base}/browse`);
    expect(safeRedirect(`${SITE}/sciai/settings`, base)).toBe(`${SITE}/sciai/settings`);
  });
});

describe('withFragment', () => {
  it('puts the fields in the fragment, encoded', () => {
    expect(
      withFragment(`${SITE}/`, { access_token: 'a.b.c', expires_in: 3600, error_description: 'Email link is invalid' }),
    ).toBe(`${SITE}/#access_token=a.b.c&expires_in=3600&error_description=Email+link+is+invalid`);
  });
});
