import { describe, expect, inject, it } from 'vitest';
import { visitorAddress } from '../support/auth.ts';

describe('the gateway', () => {
  const backend = inject('backend');
  // The visitor this file speaks as, through the test backend's trusted proxy: every address is counted.
  const visitor = { 'x-forwarded-for': visitorAddress() };
  const api = (path: string, key: string | null) =>
    fetch(`${backend.url}${path}`, {
      headers: key ? { apikey: key, authorization: `Bearer ${key}`, ...visitor } : visitor,
    });

  it('reports health of the database and PostgREST', async () => {
    const response = await fetch(`${backend.url}/healthz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; database: { engine: string; ok: boolean } };
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ ok: true, engine: backend.engine });
  });

  it('serves at least 150 published items to the anon key over REST', async () => {
    const response = await api('/rest/v1/content_items?select=id&status=eq.published', backend.anonKey);
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBeGreaterThanOrEqual(150);
  });

  it('refuses the Data API without a project key, or with a forged one', async () => {
    const missing = await api('/rest/v1/content_items?select=id', null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' });
    const forged = await api('/rest/v1/content_items?select=id', `${backend.anonKey.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
  });

  it('answers 404 for paths outside the route table, 200 for app routes', async () => {
    const unknown = await fetch(`${backend.url}/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/text\/html/);
    for (const path of ['/', '/browse', '/about', '/unauthorized']) {
      expect((await fetch(`${backend.url}${path}`)).status, path).toBe(200);
    }
  });

  it('sends strict security headers', async () => {
    const response = await fetch(`${backend.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    // HSTS only over HTTPS (here: behind a TLS-terminating proxy on this machine)
    expect(response.headers.get('strict-transport-security')).toBeNull();
    const overTls = await fetch(`${backend.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('gives the browser the anon key and never the service key', async () => {
    const script = await (await fetch(`${backend.url}/config.js`)).text();
    expect(script).toContain(backend.anonKey);
    expect(script).not.toContain(backend.serviceRoleKey);
    // The embedded auth service, with the backup codes a hosted project's lacks.
    expect(script).toContain('"backend":"embedded"');
  });

  it('answers many concurrent reads and writes, each one correctly', async () => {
    const headers = {
      apikey: backend.anonKey,
      authorization: `Bearer ${backend.anonKey}`,
      'content-type': 'application/json',
      ...visitor,
    };
    const stamp = Date.now();
    // Sixteen visitors at once (one address may sign up for the waitlist only 5 times a minute).
    const requests = Array.from({ length: 16 }, (_, i) => [
      fetch(`${backend.url}/rest/v1/content_items?select=id,title,organizations(name)&limit=20`, { headers }),
      fetch(`${backend.url}/rest/v1/rpc/public_site_settings`, { method: 'POST', headers, body: '{}' }),
      fetch(`${backend.url}/rest/v1/waitlist_signups`, {
        method: 'POST',
        headers: { ...headers, 'x-forwarded-for': visitorAddress() },
        body: JSON.stringify({ email: `concurrent-${stamp}-${i}@example.org` }),
      }),
    ]).flat();
    const statuses = (await Promise.all(requests)).map((response) => response.status);
    expect(statuses.filter((status) => status >= 300)).toEqual([]);
  });

  it('compresses large responses', async () => {
    const response = await fetch(`${backend.url}/rest/v1/content_items?select=*`, {
      headers: { apikey: backend.anonKey, 'accept-encoding': 'gzip', ...visitor },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const page = await fetch(`${backend.url}/browse`, { headers: { 'accept-encoding': 'gzip', ...visitor } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(await page.text()).toContain('<title>');
  });
});
