import { describe, expect, it } from 'vitest';
import { matchRoute, ROUTES, safeRedirectPath, signInPathFor } from './routes.ts';

describe('matchRoute', () => {
  it('knows every route in the table, with or without a trailing slash', () => {
    for (const route of Object.values(ROUTES)) {
      const path = route.pattern.replace(/:\w+/g, 'some-slug').replace(/\*$/, 'x');
      expect(matchRoute(path)).toBe(route);
      if (path !== '/') expect(matchRoute(`${path}/`)).toBe(route);
    }
  });

  it('knows nothing else', () => {
    expect(matchRoute('/no-such-page')).toBeUndefined();
    expect(matchRoute('/browse/extra')).toBeUndefined();
    expect(matchRoute('//evil.example')).toBeUndefined();
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-origin paths with their query and fragment', () => {
    expect(safeRedirectPath('/profile')).toBe('/profile');
    expect(safeRedirectPath('/browse?search=protein%20folding&domain=biology')).toBe(
      '/browse?search=protein%20folding&domain=biology',
    );
    expect(safeRedirectPath('/tool/alphafold#reviews')).toBe('/tool/alphafold#reviews');
    expect(safeRedirectPath('/browse?search=100%25')).toBe('/browse?search=100%25');
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['profile'],
    ['//evil.example'],
    ['//evil.example/profile'],
    ['https://evil.example'],
    ['http://evil.example/profile'],
    ['javascript:alert(1)'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\\/evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['%2F%2Fevil.example'],
    ['%2f%2fevil.example'],
    ['/%2F/evil.example'],
    ['/%2Fevil.example'],
    ['%252F%252Fevil.example'],
    ['/%5Cevil.example'],
    ['/%255Cevil.example'],
    ['https%3A%2F%2Fevil.example'],
    ['/%E0%A4%A'],
  ])('sends %j to /', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });
});

describe('signInPathFor', () => {
  it('remembers the origin of a guarded page', () => {
    expect(signInPathFor('/profile')).toBe('/auth/signin?redirect=%2Fprofile');
    expect(signInPathFor('/library?tab=saved')).toBe('/auth/signin?redirect=%2Flibrary%3Ftab%3Dsaved');
    expect(signInPathFor('//evil.example')).toBe('/auth/signin');
  });
});
