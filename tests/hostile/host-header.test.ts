import { request as httpRequest } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, signUpAndConfirm, uniqueEmail, visitor, visitorAddress } from '../support/auth.ts';
import { mailsTo } from '../support/mailbox.ts';

/**
 * With PUBLIC_URL unset (the test backend's default), the gateway answers only to the hosts it is
 * known by: a Host header of the client's choosing never ends up in a mailed link, a canonical
 * link, the sitemap or a feed.
 */
function requestWithHost(
  path: string,
  host: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const backend = inject('backend');
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, backend.url), {
      method: init.method ?? 'GET',
      headers: {
        host,
        apikey: backend.anonKey,
        'x-forwarded-for': visitorAddress(),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      timeout: 10_000,
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
    request.end(init.body);
  });
}

describe('the Host header', () => {
  const backend = inject('backend');
  const ownHost = new URL(backend.url).host;

  it('refuses a password reset asked for under another host, and mails nothing', async () => {
    const email = uniqueEmail('host-reset');
    await signUpAndConfirm(visitor(), email);
    const before = mailsTo(backend.dataDir, email).length;
    const answer = await requestWithHost('/auth/v1/recover', 'evil.example', {
      method: 'POST',
      body: JSON.stringify({ email }),
    });
    expect(answer.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = mailsTo(backend.dataDir, email);
    expect(mails.length).toBe(before);
    expect(mails.flatMap((mail) => mail.links).some((link) => link.includes('evil.example'))).toBe(false);
  });

  it('refuses an e-mail change asked for under another host', async () => {
    const email = uniqueEmail('host-change');
    const session = await signUpAndConfirm(visitor(), email, { password: PASSWORD });
    const answer = await requestWithHost('/auth/v1/user', 'evil.example:8080', {
      method: 'PUT',
      body: JSON.stringify({ email: uniqueEmail('host-new') }),
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(answer.status).toBe(400);
  });

  it.each(['/sitemap.xml', '/feed.xml', '/robots.txt', '/'])('refuses %s under another host', async (path) => {
    const answer = await requestWithHost(path, 'evil.example');
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain('evil.example');
  });

  it('serves pages under its own host, with Vary: Host as they name it', async () => {
    for (const host of [ownHost, ownHost.replace('127.0.0.1', 'localhost')]) {
      const answer = await requestWithHost('/sitemap.xml', host);
      expect(answer.status, host).toBe(200);
      expect(answer.body).toContain(`http://${host}/`);
      expect(String(answer.headers.vary)).toMatch(/\bhost\b/i);
    }
  });
});
