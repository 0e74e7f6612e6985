import { describe, expect, inject, it } from 'vitest';
import { visitorAddress } from '../support/auth.ts';
import { expectHealthy } from './hostile-requests.ts';

/**
 * /api/openapi.json and /api under hostile query strings: the document is the same for everyone
 * (its query is ignored), the page is the app's; neither reflects the query, neither fails.
 */
const backend = inject('backend');

const HOSTILE_QUERIES = [
  '?x=<script>alert(1)</script>',
  '?servers=https://evil.example',
  `?q=${'a'.repeat(6000)}`,
  '?%00=%00&%ff=%fe',
  '?a[b][c][d][e][f]=1&a[b][c][d][e][g]=2',
  `?${Array.from({ length: 500 }, (_, n) => `k${n}=${n}`).join('&')}`,
  '?select=*,user_profiles(*)',
  '?%E0%A4%A=broken',
];

describe('hostile query strings on the public API documentation', () => {
  it('serves the same OpenAPI document whatever the query', async () => {
    const plain = await (
      await fetch(`${backend.url}/api/openapi.json`, { headers: { 'x-forwarded-for': visitorAddress() } })
    ).text();
    for (const query of HOSTILE_QUERIES) {
      const response = await fetch(`${backend.url}/api/openapi.json${query}`, {
        headers: { 'x-forwarded-for': visitorAddress() },
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      expect([200, 400, 414], query.slice(0, 40)).toContain(response.status);
      if (response.status === 200) expect(text, query.slice(0, 40)).toBe(plain);
      expect(text).not.toContain('evil.example');
      expect(text).not.toContain('<script>alert');
    }
    await expectHealthy(backend);
  });

  it('answers /api as the app’s page without reflecting the query', async () => {
    for (const query of HOSTILE_QUERIES) {
      const response = await fetch(`${backend.url}/api${query}`, {
        headers: { 'x-forwarded-for': visitorAddress(), accept: 'text/html' },
        signal: AbortSignal.timeout(10_000),
      });
      const text = await response.text();
      expect([200, 400, 414], query.slice(0, 40)).toContain(response.status);
      expect(text).not.toContain('<script>alert');
      expect(text).not.toContain('evil.example');
    }
    const odd = await fetch(`${backend.url}/api/openapi.json/..%2f..%2fetc%2fpasswd`, {
      headers: { 'x-forwarded-for': visitorAddress() },
    });
    expect(odd.status).toBe(404);
    await odd.body?.cancel();
    await expectHealthy(backend);
  });
});
