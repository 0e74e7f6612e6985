import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, uniqueEmail, visitor } from '../support/auth.ts';
import { codeIn, waitForMail } from '../support/mailbox.ts';

/**
 * The six-digit code of a confirmation mail, entered on /auth/confirm (POST /auth/v1/verify with
 * the address and the code, as supabase-js verifyOtp sends it): a wrong code signs no one in,
 * guessing is stopped per e-mail address whatever the client address, and odd or oversized input
 * is refused with a 4xx, never a 5xx (docs/product.md#confirm-code).
 */
const address = () => `203.0.113.${1 + randomInt(254)}`;

async function verify(body: unknown, ip = address()): Promise<{ status: number; json: Record<string, unknown> }> {
  const backend = inject('backend');
  const response = await fetch(`${backend.url}/auth/v1/verify`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // a refusal before the auth service (413 from the gateway) may not be JSON
  }
  return { status: response.status, json };
}

/** A new account and the code of its confirmation mail. */
async function signedUp(label: string): Promise<{ email: string; code: string }> {
  const email = uniqueEmail(label);
  expect((await visitor(address()).auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  const mail = await waitForMail(inject('backend').dataDir, email, { kind: 'signup' });
  return { email, code: codeIn(mail) };
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('entering a mailed code', () => {
  it('refuses a wrong code and signs no one in; the right code then works once', async () => {
    const { email, code } = await signedUp('code-wrong');
    const wrong = await verify({ type: 'signup', email, token: otherCode(code) });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ error_code: 'otp_expired', msg: 'Token has expired or is invalid' });
    expect(wrong.json.access_token).toBeUndefined();
    // a reset's type does not take a sign-up's code
    expect((await verify({ type: 'recovery', email, token: code })).status).toBe(403);
    const right = await verify({ type: 'signup', email, token: ` ${code} ` });
    expect(right.status).toBe(200);
    expect(right.json.access_token).toEqual(expect.any(String));
    expect((await verify({ type: 'signup', email, token: code })).status).toBe(403);
  });

  it('stops guessing after five codes for one e-mail in five minutes, from any addresses, and says when to retry', async () => {
    const { email, code } = await signedUp('code-guess');
    for (let guess = 0; guess < 5; guess++) {
      const answer = await verify({ type: 'signup', email, token: otherCode(String(Number(code) + guess)) });
      expect(answer.status).toBe(403);
    }
    const backend = inject('backend');
    const response = await fetch(`${backend.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json', 'x-forwarded-for': address() },
      body: JSON.stringify({ type: 'signup', email, token: code }),
    });
    // even the right code waits: a correct guess is not told apart
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    const body = (await response.json()) as { error_code: string; msg: string };
    expect(body.error_code).toBe('over_request_rate_limit');
    expect(body.msg).toMatch(/^Request rate limit reached\. Please try again in \d+ (seconds|minutes?)\.$/);
    // other people behind the same addresses are not held up
    const bystander = await signedUp('code-bystander');
    expect((await verify({ type: 'signup', email: bystander.email, token: bystander.code })).status).toBe(200);
  });

  it('refuses odd, oversized and ill-typed input with a 4xx', async () => {
    // each with an address of its own, so no answer is the per-address count's 429
    const bodies: Array<(email: string) => unknown> = [
      (email) => ({ type: 'signup', email, token: '١٢٣٤٥٦' }),
      (email) => ({ type: 'signup', email, token: '12345\u0000' }),
      (email) => ({ type: 'signup', email, token: '1'.repeat(10_000) }),
      (email) => ({ type: 'signup', email, token: 123456 }),
      (email) => ({ type: 'signup', email, token: ['123456'] }),
      (email) => ({ type: 'signup', email, token: { $ne: '' } }),
      (email) => ({ type: 'signup', email: { address: email }, token: '123456' }),
      () => ({ type: 'signup', email: `${'a'.repeat(5_000)}@example.org`, token: '123456' }),
      () => ({ type: 'signup', email: 'Ädä@exämple.org', token: '123456' }),
      (email) => ({ type: 'magic', email, token: '123456' }),
      (email) => ({ type: ['signup'], email, token: '123456' }),
      (email) => ({ type: 'signup', email, token: '123456', token_hash: 'x' }),
      () => ({ type: 'signup', token: '123456' }),
      (email) => ({ type: 'signup', email, token: '%31%32%33%34%35%36' }),
      (email) => JSON.stringify({ type: 'signup', email, token: 'x'.repeat(200_000) }),
      () => '{"type": "signup", "email": ',
      () => `${'['.repeat(60)}${']'.repeat(60)}`,
    ];
    for (const make of bodies) {
      const body = make(uniqueEmail('code-odd'));
      const answer = await verify(body);
      const shown = typeof body === 'string' ? body.slice(0, 60) : JSON.stringify(body).slice(0, 60);
      expect(answer.status, shown).toBeGreaterThanOrEqual(400);
      expect(answer.status, shown).toBeLessThan(500);
      expect(answer.status, shown).not.toBe(429);
      expect(answer.json.access_token, shown).toBeUndefined();
    }
    // the service still answers after all of it
    const { email: after, code } = await signedUp('code-after');
    expect((await verify({ type: 'signup', email: after, token: code })).status).toBe(200);
  });
});
