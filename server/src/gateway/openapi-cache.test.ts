import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openApiCache } from './openapi-cache.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!';

function token(role: string): Promise<string> {
  return new SignJWT({ role }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET));
}

/** A PostgREST stand-in that counts the documents it builds and can reload its schema. */
function fakePostgrest(delayMs = 0) {
  const built: string[] = [];
  return {
    built,
    schemaGeneration: 0,
    async request(_path: string, headers: Record<string, string> = {}) {
      const role = headers.authorization ? JSON.parse(atob(headers.authorization.split('.')[1]!)).role : 'anon';
      built.push(role as string);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const paths = { [`/built-${built.length}`]: {}, '/rpc/check_request_session': {} };
      return { status: 200, body: JSON.stringify({ info: { role }, paths }) };
    },
  };
}

async function gatewayWith(postgrest: ReturnType<typeof fakePostgrest>, maxAgeMs?: number) {
  const app = Fastify();
  const pool = { query: async () => ({ rows: [] }) } as unknown as pg.Pool;
  const guard = openApiCache({ postgrest, pool, jwtSecret: SECRET, maxAgeMs });
  app.get('/rest/v1/', { preHandler: guard }, async () => ({ from: 'postgrest' }));
  return app;
}

async function documentFor(app: Awaited<ReturnType<typeof gatewayWith>>, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: '/rest/v1/', headers });
  return { status: response.statusCode, body: response.json<{ info?: { role: string }; paths?: object }>() };
}

describe('the OpenAPI document cache', () => {
  it('builds each role’s document once, and never lists the hidden function', async () => {
    const postgrest = fakePostgrest();
    const app = await gatewayWith(postgrest);
    const service = { authorization: `Bearer ${await token('service_role')}` };
    for (let i = 0; i < 3; i++) {
      expect((await documentFor(app)).body.info?.role).toBe('anon');
      expect((await documentFor(app, service)).body.info?.role).toBe('service_role');
    }
    expect(postgrest.built).toEqual(['anon', 'service_role']);
    expect(Object.keys((await documentFor(app)).body.paths ?? {})).toEqual(['/built-1']);
    await app.close();
  });

  it('builds once for callers that arrive together', async () => {
    const postgrest = fakePostgrest(50);
    const app = await gatewayWith(postgrest);
    const answers = await Promise.all(Array.from({ length: 10 }, () => documentFor(app)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(postgrest.built).toEqual(['anon']);
    await app.close();
  });

  it('rebuilds after a schema reload and after its maximum age', async () => {
    const postgrest = fakePostgrest();
    const app = await gatewayWith(postgrest, 200);
    await documentFor(app);
    postgrest.schemaGeneration += 1;
    expect(Object.keys((await documentFor(app)).body.paths ?? {})).toEqual(['/built-2']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Object.keys((await documentFor(app)).body.paths ?? {})).toEqual(['/built-3']);
    await app.close();
  });

  it('leaves unverified tokens, other roles and other types to PostgREST', async () => {
    const postgrest = fakePostgrest();
    const app = await gatewayWith(postgrest);
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-of-thirty-two-characters!!'));
    const refused: Record<string, string>[] = [
      { authorization: `Bearer ${forged}` },
      { authorization: `Bearer ${await token('postgres')}` },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { accept: 'text/csv' },
      { 'accept-profile': 'auth' },
    ];
    for (const headers of refused)
      expect((await documentFor(app, headers)).body, JSON.stringify(headers)).toEqual({ from: 'postgrest' });
    expect(postgrest.built).toEqual([]);
    await app.close();
  });

  it('sends the document compressed when asked', async () => {
    const app = await gatewayWith(fakePostgrest());
    const response = await app.inject({ method: 'GET', url: '/rest/v1/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^application\/openapi\+json/);
    expect(JSON.parse(gunzipSync(response.rawPayload).toString()).info.role).toBe('anon');
    await app.close();
  });
});
