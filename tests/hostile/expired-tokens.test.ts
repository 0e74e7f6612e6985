import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, inject, it } from 'vitest';

/**
 * PostgREST accepts a token up to 30 s past its `exp` (a clock skew hard-coded in PostgREST 12).
 * The gateway refuses an expired access token itself, with no skew, in PostgREST's own answer, and
 * so does the auth service (docs/security.md, "Token expiry and clock skew").
 */
describe('an access token a few seconds past its expiry', () => {
  const backend = inject('backend');
  const { jwtSecret } = JSON.parse(readFileSync(join(backend.dataDir, 'secrets.json'), 'utf8')) as {
    jwtSecret: string;
  };

  function tokenExpiredSecondsAgo(seconds: number, role = 'authenticated'): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ role, aal: 'aal1', session_id: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('sciai')
      .setSubject(randomUUID())
      .setAudience('authenticated')
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - seconds)
      .sign(new TextEncoder().encode(jwtSecret));
  }

  it('is refused by the Data API with 401 PGRST301 "JWT expired"', async () => {
    for (const role of ['authenticated', 'anon', 'service_role']) {
      const token = await tokenExpiredSecondsAgo(3, role);
      const response = await fetch(`${backend.url}/rest/v1/scientific_domains?select=slug&limit=1`, {
        headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/invalid_token.*JWT expired/);
      expect(await response.json()).toEqual({ code: 'PGRST301', details: null, hint: null, message: 'JWT expired' });
    }
  });

  it('gets the same answer as one long expired, which PostgREST itself refuses', async () => {
    const answers = [];
    for (const seconds of [2, 120]) {
      const response = await fetch(`${backend.url}/rest/v1/rpc/my_profile_stats`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${await tokenExpiredSecondsAgo(seconds)}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      answers.push({
        status: response.status,
        authenticate: response.headers.get('www-authenticate'),
        body: await response.json(),
      });
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('is refused by the auth service', async () => {
    const response = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${await tokenExpiredSecondsAgo(2)}` },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error_code: 'bad_jwt' });
  });
});
