import { describe, expect, inject, it } from 'vitest';
import { visitorAddress } from '../support/auth.ts';

/**
 * The gateway reads a page's language from its address, the `sciai_lang` cookie and
 * `Accept-Language` (docs/product.md#languages): whatever a client sends there, it answers a page
 * or a redirect to one of the four languages, never an error and never a redirect elsewhere.
 */
const backend = inject('backend');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${backend.url}${path}`, {
    redirect: 'manual',
    headers: { 'user-agent': BROWSER, 'x-forwarded-for': visitorAddress(), ...headers },
  });
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get('location') };
}

describe('hostile language choices', () => {
  it.each([
    ['an oversized Accept-Language', { 'accept-language': `${'zz-ZZ;q=0.9,'.repeat(600)}ar` }],
    [
      'a deeply nested and oddly encoded one',
      { 'accept-language': `${'('.repeat(500)}zh%00;q=NaN,es;q=-1,ar;q=1e999` },
    ],
    ['a cookie naming no language', { cookie: 'sciai_lang=../../etc; sciai_lang=%61%72' }],
    ['an oversized cookie', { cookie: `sciai_lang=${'a'.repeat(6_000)}` }],
  ])('answers %s with the English page or a redirect to a language', async (_label, headers) => {
    const answer = await page('/about', headers);
    expect([200, 302]).toContain(answer.status);
    if (answer.status === 302) expect(answer.location).toMatch(/^\/(zh|es|ar)\/about$/);
  });

  it.each(['/ar/%2e%2e/admin', '/zh//browse', '/es/../../etc/passwd', `/ar/${'x'.repeat(3_000)}`, '/AR/browse'])(
    'answers %s without an error',
    async (path) => {
      expect((await page(path)).status).toBeLessThan(500);
    },
  );

  it('never redirects an address that already names its language', async () => {
    expect((await page('/es/about', { cookie: 'sciai_lang=ar', 'accept-language': 'zh' })).status).toBe(200);
  });
});
