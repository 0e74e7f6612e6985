import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, signUpAndConfirm, uniqueEmail, visitor } from '../support/auth.ts';

/**
 * Wrong passwords sent from other addresses must not lock the owner out of an account, while one
 * address still gets only five tries a minute (docs/security.md#sign-in-limits).
 */
/** An address no other test of this file used: a repeat would arrive with tries already counted. */
const used = new Set<string>();
function address(): string {
  let ip: string;
  do ip = `192.0.2.${1 + randomInt(254)}`;
  while (used.has(ip));
  used.add(ip);
  return ip;
}

async function signIn(email: string, password: string, ip: string): Promise<number> {
  const backend = inject('backend');
  const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  return response.status;
}

describe('sign-in limits against account lockout', () => {
  it('lets the owner in after five wrong passwords from five other addresses', async () => {
    const email = uniqueEmail('lockout');
    await signUpAndConfirm(visitor(), email);
    const attackers = new Set<string>();
    while (attackers.size < 5) attackers.add(address());
    for (const ip of attackers) expect(await signIn(email, 'not the password', ip)).toBe(400);

    expect(await signIn(email, PASSWORD, address())).toBe(200);
  });

  it('still stops one address after five tries at one account', async () => {
    const email = uniqueEmail('brute');
    await signUpAndConfirm(visitor(), email);
    const ip = address();
    for (let attempt = 0; attempt < 5; attempt++) expect(await signIn(email, `guess ${attempt}`, ip)).toBe(400);
    expect(await signIn(email, 'guess 6', ip)).toBe(429);
    // the right password from that address waits too: a correct guess is not told apart
    expect(await signIn(email, PASSWORD, ip)).toBe(429);
  });
});
