import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerKnownHosts, requirePublicUrlInProduction } from './known-hosts.ts';

async function statusFor(host: string, options: Parameters<typeof registerKnownHosts>[1]) {
  const app = Fastify();
  registerKnownHosts(app, options);
  app.get('/sitemap.xml', async () => 'ok');
  const response = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host } });
  await app.close();
  return { status: response.statusCode, vary: response.headers.vary };
}

describe('known hosts', () => {
  const unset = { publicUrl: undefined, boundHost: '0.0.0.0', allowedHosts: undefined };

  it('answers the local names and refuses any other Host while PUBLIC_URL is unset', async () => {
    for (const host of ['localhost', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST'])
      expect((await statusFor(host, unset)).status, host).toBe(200);
    for (const host of ['evil.example', 'localhost.evil.example', '127.0.0.1@evil.example', 'evil.example:3000'])
      expect((await statusFor(host, unset)).status, host).toBe(400);
    expect((await statusFor('localhost', unset)).vary).toMatch(/host/i);
  });

  it('adds the bound HOST and ALLOWED_HOSTS, by name or name and port', async () => {
    const options = { publicUrl: undefined, boundHost: '192.0.2.7', allowedHosts: 'sciai.lan, other.lan:8080' };
    expect((await statusFor('192.0.2.7:3000', options)).status).toBe(200);
    expect((await statusFor('sciai.lan', options)).status).toBe(200);
    expect((await statusFor('other.lan:8080', options)).status).toBe(200);
    expect((await statusFor('other.lan:9090', options)).status).toBe(400);
  });

  it('checks nothing when PUBLIC_URL is set: the Host header is never read', async () => {
    const answer = await statusFor('evil.example', { ...unset, publicUrl: 'https://sciai.example' });
    expect(answer.status).toBe(200);
    expect(answer.vary).toBeUndefined();
  });

  it('refuses to start in production without PUBLIC_URL', () => {
    expect(() => requirePublicUrlInProduction({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL must be set/);
    expect(() =>
      requirePublicUrlInProduction({ NODE_ENV: 'production', PUBLIC_URL: 'https://sciai.example' }),
    ).not.toThrow();
    expect(() => requirePublicUrlInProduction({})).not.toThrow();
  });
});
