import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';

/**
 * Every kind of answer carries the security headers (docs/product.md#security-headers): the APIs, a page or its
 * 404, a script, a refusal and a 429. (Built assets and pages from a build are checked in
 * server/src/gateway/security-headers.test.ts and in the browser, e2e.)
 */
function expectSecurityHeaders(response: Response): void {
  const csp = response.headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map((words) => [words[0]!, words.slice(1)] as const),
  );
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('connect-src')).toEqual(["'self'"]);
  expect(csp).not.toMatch(/unsafe-eval/);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
}

describe('security headers on every kind of answer', () => {
  const backend = inject('backend');
  const ip = () => `203.0.113.${1 + randomInt(254)}`;

  it.each([
    ['a page', '/about', {}],
    ['a page that does not exist', '/no-such-page-here', {}],
    ['the config script', '/config.js', {}],
    ['the Data API', '/rest/v1/scientific_domains?select=id&limit=1', { apikey: backend.anonKey }],
    ['a Data API refusal', '/rest/v1/scientific_domains?select=id', {}],
    ['the auth API', '/auth/v1/settings', { apikey: backend.anonKey }],
    ['an unknown auth endpoint', '/auth/v1/no-such-endpoint', { apikey: backend.anonKey }],
    ['the health check', '/healthz', {}],
  ])('%s', async (_kind, path, headers: Record<string, string>) => {
    const response = await fetch(`${backend.url}${path}`, { headers: { 'x-forwarded-for': ip(), ...headers } });
    await response.body?.cancel();
    expectSecurityHeaders(response);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('a 429', async () => {
    const client = ip();
    let response: Response | undefined;
    for (let index = 0; index <= 100; index++) {
      response = await fetch(`${backend.url}/auth/v1/health`, { headers: { 'x-forwarded-for': client } });
      await response.body?.cancel();
    }
    expect(response?.status).toBe(429);
    if (response) expectSecurityHeaders(response);
  });

  it('HSTS when a trusted proxy says the visitor came over HTTPS', async () => {
    const response = await fetch(`${backend.url}/about`, {
      headers: { 'x-forwarded-for': ip(), 'x-forwarded-proto': 'https' },
    });
    await response.body?.cancel();
    expectSecurityHeaders(response);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{8}/);
  });
});
