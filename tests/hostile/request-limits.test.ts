import { describe, expect, inject, it } from 'vitest';
import { expectHealthy, nestedArrays, postExpectingContinue, send } from './hostile-requests.ts';

/**
 * Single anonymous requests that used to stop the site (the database down or busy for minutes),
 * through the real gateway: each is refused at once with a PostgREST-shaped error naming the
 * limit (server/src/gateway/request-limits), and /healthz is 200 right after.
 */
describe('hostile requests to the gateway', () => {
  const backend = inject('backend');

  describe('deeply nested JSON', () => {
    it.each([
      ['public_profile', '_handle'],
      ['search_items', 'search'],
    ])('refuses a body nested 50,000 levels deep to %s', async (rpc, argument) => {
      const answer = await send(backend, `/rest/v1/rpc/${rpc}`, { body: `{"${argument}":${nestedArrays(50_000)}}` });
      expect(answer.status).toBe(400);
      // SCIAI431 is the gateway's scan refusing it before any parse; how fast is bench/'s to measure.
      expect(answer.body).toMatchObject({ code: 'SCIAI431', message: expect.stringMatching(/deeper than 32 levels/) });
      await expectHealthy(backend);
    });

    it('refuses a sign-up whose data nests 30,000 levels deep', async () => {
      // 60 KB: within the auth service's 64 KiB, so it is the depth that is refused
      const body = `{"email":"deep-${Date.now()}@example.org","password":"a long enough password","data":{"x":${nestedArrays(30_000)}}}`;
      const answer = await send(backend, '/auth/v1/signup', { body });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'SCIAI431' });
      await expectHealthy(backend);
    });

    it('still passes the nesting real callers send', async () => {
      const answer = await send(backend, '/rest/v1/rpc/search_items', {
        body: JSON.stringify({ search: 'protein', domains: ['biology'], page_size: 5 }),
      });
      expect(answer.status).toBe(200);
    });
  });

  describe('nested resource embedding', () => {
    it('refuses a select= embedding eight levels deep', async () => {
      const select =
        'slug,content_domains(scientific_domains(slug,content_domains(content_items(slug,content_domains(scientific_domains(slug,content_domains(content_items(slug))))))))';
      const answer = await send(backend, `/rest/v1/content_items?select=${select}&limit=5`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'SCIAI433', details: 'embedding depth 8' });
      await expectHealthy(backend);
    });

    it('measures the select whatever the spelling of the path or an extra question mark', async () => {
      const deep = 'slug,content_domains(scientific_domains(content_domains(slug)))';
      for (const path of [`/rest/v1/content%5Fitems?select=${deep}`, `/rest/v1/content_items?limit=1&select=${deep}`]) {
        const answer = await send(backend, path);
        expect(answer.status, path).toBe(400);
        expect(answer.body, path).toMatchObject({ code: 'SCIAI433' });
      }
    });

    it('refuses a resource embedded inside itself, even two levels deep', async () => {
      const answer = await send(backend, '/rest/v1/content_items?select=slug,scientific_domains(content_items(slug))');
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'SCIAI436', details: 'content_items embedded in content_items' });
    });

    it('refuses more than ten embedded resources', async () => {
      const select = ['slug', ...Array.from({ length: 11 }, (_, i) => `d${i}:content_domains(is_primary)`)].join(',');
      const answer = await send(backend, `/rest/v1/content_items?select=${select}&limit=1`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'SCIAI434' });
    });

    it('refuses logic trees nested deeper than four levels', async () => {
      const tree = 'or=(slug.eq.a,and(slug.eq.b,or(slug.eq.c,and(slug.eq.d,or(slug.eq.e,slug.eq.f)))))';
      const answer = await send(backend, `/rest/v1/content_items?select=slug&${tree}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'SCIAI435' });
    });

    it('still serves the two-level embedding the app and tests use', async () => {
      const answer = await send(
        backend,
        '/rest/v1/content_items?select=slug,content_domains(is_primary,scientific_domains(slug))&limit=3',
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveLength(3);
    });
  });

  describe('huge argument arrays', () => {
    const domains = (count: number) => Array.from({ length: count }, (_, i) => `domain-${i}`);

    it('refuses 200,000 domain values (2 MB) as too large, without parsing them', async () => {
      const answer = await send(backend, '/rest/v1/rpc/search_items', {
        body: JSON.stringify({ search: '', domains: domains(200_000) }),
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ code: 'SCIAI413', message: expect.stringMatching(/256 KiB/) });
      await expectHealthy(backend);
    });

    it('refuses an argument array of more than 100 values that fits the size limit', async () => {
      const answer = await send(backend, '/rest/v1/rpc/search_items', {
        body: JSON.stringify({ search: '', domains: domains(1_000) }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'SCIAI432' });
    });

    it('refuses the same array passed in the query of a GET call', async () => {
      const answer = await send(backend, `/rest/v1/rpc/search_items?domains={${domains(500).join(',')}}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'SCIAI432' });
    });
  });

  describe('Expect: 100-continue (curl’s default for large bodies)', () => {
    it('reads a large legal body after 100 Continue and proxies it', async () => {
      // The import's duplicate lookup: 20,000 keys (~0.6 MB), with the service key as the CLI sends it.
      const keys = Array.from({ length: 20_000 }, (_, i) => `a title that is not in the catalog ${i}`);
      const body = Buffer.from(JSON.stringify({ content_type: 'paper', keys }));
      const answer = await postExpectingContinue(
        backend,
        '/rest/v1/rpc/find_existing_import_keys',
        body,
        backend.serviceRoleKey,
      );
      expect(answer).toMatchObject({ status: 200, continued: true, body: [] });
    });

    it('answers 413 to an illegal body without asking for it', async () => {
      const body = Buffer.alloc(2 * 1024 * 1024, ' ');
      const answer = await postExpectingContinue(backend, '/rest/v1/rpc/search_items', body, backend.anonKey);
      expect(answer).toMatchObject({ status: 413, continued: false, body: { code: 'SCIAI413' } });
      await expectHealthy(backend);
    });
  });
});
