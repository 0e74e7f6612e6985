import { describe, expect, it } from 'vitest';
import { matchRoute, ROUTES } from './routes.ts';

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
