import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app.ts';

/** With a hosted Supabase project, the gateway only serves the web app, pointed at that project. */
describe('the gateway in hosted mode', async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'sciai-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SciAI</title><div id="root"></div>');
  const app = await buildGateway({
    backend: undefined,
    publicSupabase: { url: 'https://abcd.supabase.co', anonKey: 'hosted-anon-key' },
    webDist,
    logLevel: 'silent',
  });
  afterAll(async () => {
    await app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('tells the browser the hosted URL and anon key, and lets it connect there', async () => {
    const config = await app.inject({ url: '/config.js' });
    expect(config.body).toContain('"supabaseUrl":"https://abcd.supabase.co"');
    expect(config.body).toContain('"supabaseAnonKey":"hosted-anon-key"');
    // The app hides what only the embedded auth service offers (backup codes).
    expect(config.body).toContain('"backend":"hosted"');
    const page = await app.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toContain("connect-src 'self' https://abcd.supabase.co");
  });

  it('runs no local Data API', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok', backend: 'hosted' });
    expect((await app.inject({ url: '/rest/v1/content_items' })).statusCode).toBe(404);
  });

  it('still answers 404 off the route table', async () => {
    expect((await app.inject({ url: '/nowhere' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/about' })).statusCode).toBe(200);
  });
});
