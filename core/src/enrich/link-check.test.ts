import { describe, expect, it } from 'vitest';
import { createPoliteFetch, HttpFailure, type RawFetch } from '../sources/http.ts';
import { checkLink } from './link-check.ts';

/**
 * The checker against a network given as a function: a public page redirecting to a target the
 * fetch refuses is reported as refused and nothing else, not as the first hop's status and time.
 */
function network(answer: (url: string) => { status: number; location?: string } | 'refused') {
  const raw: RawFetch = async (url) => {
    const result = answer(url);
    if (result === 'refused') throw new HttpFailure('refused', `${new URL(url).host} is not a public address`);
    return {
      status: result.status,
      headers: new Headers(result.location ? { location: result.location } : {}),
      text: async () => '',
      body: null,
    };
  };
  return createPoliteFetch({ fetch: raw, userAgent: 'SciAI/test', backoffMs: 1 });
}

describe('checkLink', () => {
  it('says nothing but "refused" of a link whose redirect the fetch refuses', async () => {
    let clock = 0;
    const fetch = network((url) =>
      url.startsWith('https://public.example.org/')
        ? { status: 302, location: 'http://[::ffff:7f00:1]:3001/ready' }
        : 'refused',
    );
    const result = await checkLink('https://public.example.org/tool', { fetch, now: () => (clock += 250) });
    expect(result).toEqual({
      url: 'https://public.example.org/tool',
      ok: false,
      refused: '[::ffff:7f00:1]:3001 is not a public address',
    });
  });

  it('refuses what vet refuses, and links that are not http(s), carry credentials or are not URLs', async () => {
    const fetch = network(() => ({ status: 200 }));
    const vet = async (url: URL) => (url.hostname === 'inside.example.org' ? 'not public' : undefined);
    for (const url of ['http://inside.example.org/', 'ftp://example.org/', 'http://u:p@example.org/', 'not a url']) {
      const result = await checkLink(url, { fetch, vet });
      expect(result.refused, url).toBeTruthy();
      expect(Object.keys(result).sort(), url).toEqual(['ok', 'refused', 'url']);
    }
    expect(await checkLink('https://example.org/', { fetch, vet })).toMatchObject({ ok: true, status: 200 });
  });
});
