import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from './app.ts';
import type { TrustProxy } from '../config.ts';

/** Headers on built pages and assets, and who may say a request came over HTTPS. */
describe('security headers of the web app', async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'sciai-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SciAI</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(webDist, 'theme-init.js'), 'void 0');
  const gateways: FastifyInstance[] = [];
  const build = async (trustProxy: TrustProxy) => {
    const app = await buildGateway({
      backend: undefined,
      publicSupabase: { url: 'https://abcd.supabase.co', anonKey: 'hosted-anon-key' },
      webDist,
      logLevel: 'silent',
      trustProxy,
      redisUrl: undefined,
    });
    gateways.push(app);
    return app;
  };
  const untrusting = await build(false);
  const behindProxy = await build(['127.0.0.1']);
  afterAll(async () => {
    for (const app of gateways) await app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/about', '/assets/index-abc123.js', '/theme-init.js', '/no-such-page'])('%s', async (url) => {
    const response = await untrusting.inject({ url });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co;");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only when a trusted proxy reports HTTPS', async () => {
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    expect(
      (await untrusting.inject({ url: '/about', headers: https })).headers['strict-transport-security'],
    ).toBeUndefined();
    expect(
      (await behindProxy.inject({ url: '/about', headers: https })).headers['strict-transport-security'],
    ).toContain('max-age=');
  });

  it('takes the client address from X-Forwarded-For only from a trusted proxy', async () => {
    // 300 pages a minute per endpoint: the 301st from one address is refused.
    const from = (ip: string) => ({ url: '/about', headers: { 'x-forwarded-for': ip } });
    for (let index = 0; index < 300; index++) await behindProxy.inject(from('203.0.113.10'));
    expect((await behindProxy.inject(from('203.0.113.10'))).statusCode).toBe(429);
    expect((await behindProxy.inject(from('203.0.113.11'))).statusCode).toBe(200);
    for (let index = 0; index < 300; index++) await untrusting.inject(from(`203.0.113.${index % 200}`));
    // every claimed address was the socket's own (127.0.0.1), and it sent X-Forwarded-For, so it counts
    expect((await untrusting.inject(from('198.51.100.1'))).statusCode).toBe(429);
  });
});
