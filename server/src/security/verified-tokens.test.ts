import { afterEach, describe, expect, it, vi } from 'vitest';
import { errors as joseErrors, SignJWT } from 'jose';
import { createTokenVerifier } from './verified-tokens.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const sign = (claims: Record<string, unknown>, secret = SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
const now = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.useRealTimers();
});

describe('createTokenVerifier', () => {
  it('returns the claims of a token this project signed, again from memory', async () => {
    const verify = createTokenVerifier(SECRET);
    const token = await sign({ role: 'anon' });
    expect((await verify(token)).role).toBe('anon');
    expect((await verify(token)).role).toBe('anon');
  });

  it('refuses a token signed with another secret, or altered, every time', async () => {
    const verify = createTokenVerifier(SECRET);
    const foreign = await sign({ role: 'service_role' }, 'another-secret-of-at-least-thirty-two-chars');
    await expect(verify(foreign)).rejects.toBeInstanceOf(joseErrors.JWSSignatureVerificationFailed);
    await expect(verify(foreign)).rejects.toBeInstanceOf(joseErrors.JWSSignatureVerificationFailed);
    const [header, , signature] = (await sign({ role: 'anon' })).split('.');
    const escalated = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    await expect(verify(`${header}.${escalated}.${signature}`)).rejects.toThrow();
  });

  it('refuses a remembered token once it has expired, with jose’s JWTExpired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const verify = createTokenVerifier(SECRET);
    const token = await sign({ role: 'authenticated', exp: now() + 60 });
    expect((await verify(token)).role).toBe('authenticated');
    vi.setSystemTime(Date.now() + 59_000);
    expect((await verify(token)).role).toBe('authenticated');
    // expired when exp <= now, with no tolerance
    vi.setSystemTime(Date.now() + 1_000);
    await expect(verify(token)).rejects.toBeInstanceOf(joseErrors.JWTExpired);
    await expect(verify(token)).rejects.toBeInstanceOf(joseErrors.JWTExpired);
  });

  it('takes a token only from its not-before time on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const verify = createTokenVerifier(SECRET);
    const token = await sign({ role: 'anon', nbf: now() + 10 });
    await expect(verify(token)).rejects.toBeInstanceOf(joseErrors.JWTClaimValidationFailed);
    vi.setSystemTime(Date.now() + 10_000);
    expect((await verify(token)).role).toBe('anon');
  });

  it('keeps at most maxEntries tokens and still verifies the ones it forgot', async () => {
    const verify = createTokenVerifier(SECRET, 2);
    const tokens = await Promise.all([1, 2, 3].map((n) => sign({ role: 'anon', n })));
    for (const token of tokens) expect((await verify(token)).n).toBeDefined();
    expect((await verify(tokens[0]!)).n).toBe(1);
  });

  it('hands out claims that callers cannot change for the next request', async () => {
    const verify = createTokenVerifier(SECRET);
    const token = await sign({ role: 'anon' });
    const claims = await verify(token);
    expect(() => Object.assign(claims, { role: 'service_role' })).toThrow(TypeError);
    expect((await verify(token)).role).toBe('anon');
  });
});
