import { request as httpRequest } from 'node:http';
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { catalogFingerprint } from '../../server/src/open-data/public-items.ts';
import { expectHealthy, send } from './hostile-requests.ts';

/**
 * The open-data routes (JSON-LD by Accept, .md pages, badges, /data, /llms*.txt) under odd
 * input: never a 5xx, never a file outside the generated ones, never a hang.
 */
const backend = inject('backend');
const address = () => `203.1.${randomInt(256)}.${1 + randomInt(254)}`;

/** A GET with the path exactly as written (fetch would resolve dot segments before sending). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const url = new URL(backend.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'GET',
        headers: { 'x-forwarded-for': address(), ...headers },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer to ${path}`)));
    request.on('error', reject);
    request.end();
  });
}

describe('open-data routes under hostile input', () => {
  it('never leaves the generated files for /data, /badge or .md paths (traversal, encodings)', async () => {
    const secretsLike = /jwtSecret|serviceRoleKey|databasePassword|BEGIN [A-Z ]*PRIVATE KEY/;
    for (const path of [
      '/data/../secrets.json',
      '/data/%2e%2e/secrets.json',
      '/data/..%2fsecrets.json',
      '/data/..%2f..%2fetc%2fpasswd',
      '/data/catalog.jsonl.gz%00.txt',
      '/data/.staging-1-1/catalog.jsonl.gz',
      '/data/manifest.json/..',
      '/data/open-data/manifest.json',
      '/badge/tool/..%2f..%2fsecrets.svg',
      '/badge/../secrets.json',
      '/badge/tool/alphafold%2f..%2f..%2fsecrets.svg',
      '/badge/%2e%2e/tool/alphafold.svg',
      '/tool/..%2f..%2fsecrets.md',
      '/tool/%00.md',
      '/tool/%ff%fe.md',
      '/llms-full.txt/../secrets.json',
    ]) {
      const answer = await rawGet(path);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.body, path).not.toMatch(secretsLike);
      expect([200, 301, 400, 404], path).toContain(answer.status);
    }
    await expectHealthy(backend);
  });

  it('answers oversized and odd slugs with 404 or 414, never a 5xx', async () => {
    const long = 'a'.repeat(6_000);
    for (const path of [
      `/tool/${long}.md`,
      `/badge/tool/${long}.svg`,
      `/badge/paper/${'-'.repeat(300)}.svg`,
      '/badge/unknown-type/alphafold.svg',
      '/badge/tool/AlphaFold.svg',
      '/badge/tool/alpha_fold.svg',
      '/paper/%E2%80%AE.md',
      `/agent/${'x-'.repeat(150)}x.md`,
    ]) {
      const answer = await send(backend, path, { headers: { 'x-forwarded-for': address() } });
      expect([404, 414], path).toContain(answer.status);
    }
    const detail = await send(backend, `/tool/${long}`, {
      headers: { accept: 'application/ld+json', 'x-forwarded-for': address() },
    });
    expect([404, 414]).toContain(detail.status);
  });

  it('reads Accept headers of any shape without failing or mistaking a browser for a crawler', async () => {
    const accepts = [
      'application/ld+json;q=abc',
      'application/ld+json;q=2',
      `${'text/plain;q=0.1,'.repeat(600)}application/ld+json`,
      'application/ld+json;;;;q=0.9, text/html;q=',
      '*/*',
      '',
      'application/ld+json; q=0, text/html',
      'APPLICATION/LD+JSON',
      '\u0000application/ld+json',
    ];
    for (const accept of accepts) {
      let answer: { status: number; body: string };
      try {
        answer = await rawGet('/tool/alphafold', { accept });
      } catch {
        continue; // a header Node itself refuses to send never reaches the server
      }
      expect(answer.status, accept).toBeLessThan(500);
      expect([200, 400, 431], accept).toContain(answer.status);
    }
    const upper = await rawGet('/tool/alphafold', { accept: 'APPLICATION/LD+JSON' });
    expect(JSON.parse(upper.body)).toHaveProperty('@graph');
    const zero = await rawGet('/tool/alphafold', { accept: 'application/ld+json; q=0, text/html' });
    expect(zero.body).toContain('<!doctype html');
    await expectHealthy(backend);
  });

  it('ignores bogus badge options and never runs a query for a slug the catalog cannot hold', async () => {
    for (const query of [
      '?show=stars&show=citations',
      '?show[]=x',
      `?show=${'s'.repeat(5_000)}`,
      '?style=%00',
      '?show=%ff',
    ]) {
      const answer = await send(backend, `/badge/tool/alphafold.svg${query}`, {
        headers: { 'x-forwarded-for': address() },
      });
      expect(answer.status, query).toBe(200);
      expect(String(answer.body)).toContain('Listed on SciAI');
    }
    // the same item asked for many times at once: answered from the cache, all 200
    const burst = await Promise.all(
      Array.from({ length: 40 }, () =>
        send(backend, '/badge/tool/alphafold.svg', { headers: { 'x-forwarded-for': address() } }),
      ),
    );
    expect(burst.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    await expectHealthy(backend);
  });

  it('serves /llms-full.txt and the dumps from files: a crowd of downloads triggers no generation', async () => {
    // First the files in step with the catalog: a change an earlier file made is not the crowd's.
    const pool = new pg.Pool({ connectionString: backend.connectionString, max: 1 });
    try {
      await expect
        .poll(async () => {
          const manifest = await send(backend, '/data/manifest.json', { headers: { 'x-forwarded-for': address() } });
          return manifest.status === 200 && (manifest.body as { fingerprint: string }).fingerprint;
        })
        .toBe(await catalogFingerprint(pool));
    } finally {
      await pool.end();
    }
    const before = await send(backend, '/data/manifest.json', { headers: { 'x-forwarded-for': address() } });
    const answers = await Promise.all(
      ['/llms-full.txt', '/data/catalog.jsonl.gz', '/data/catalog.csv.gz', '/llms.txt']
        .flatMap((path) => Array.from({ length: 5 }, () => path))
        .map((path) => send(backend, path, { headers: { 'x-forwarded-for': address() }, waitMs: 30_000 })),
    );
    for (const answer of answers) expect([200, 503]).toContain(answer.status);
    const after = await send(backend, '/data/manifest.json', { headers: { 'x-forwarded-for': address() } });
    if (before.status === 200 && after.status === 200) {
      expect((after.body as { generated_at: string }).generated_at).toBe(
        (before.body as { generated_at: string }).generated_at,
      );
    }
    await expectHealthy(backend);
  });
});

describe('the embed widget under hostile input', () => {
  it('clamps a huge limit, ignores bogus filters and escapes what it echoes', async () => {
    for (const query of [
      'limit=1000000000',
      'limit=-5',
      'limit=abc',
      'domain=%00&type=spaceship&sort=chaos&feature=x&size=huge',
      `domain=${Array.from({ length: 500 }, (_, i) => `d${i}`).join(',')}`,
      `search=${'a'.repeat(10_000)}`,
      'year_from=-99999999999&year_to=1e308',
      'theme=%3Cscript%3E&accent=red;background:url(x)',
      'title=%3C/title%3E%3Cscript%3Ealert(1)%3C/script%3E',
      'sort=trending&sort=recent&limit=2&limit=30',
    ]) {
      const answer = await send(backend, `/embed?${query}`, { headers: { 'x-forwarded-for': address() } });
      expect(answer.status, query).toBe(200);
      const html = String(answer.body);
      expect(html, query).not.toContain('<script');
      expect(html, query).not.toContain('url(x)');
      expect((html.match(/<li>/g) ?? []).length, query).toBeLessThanOrEqual(20);
    }
    await expectHealthy(backend);
  });
});
