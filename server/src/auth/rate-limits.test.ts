import { describe, expect, it } from 'vitest';
import { AuthError } from './errors.ts';
import { clientKey, RateLimits } from './rate-limits.ts';

function refusal(attempt: () => void): AuthError | undefined {
  try {
    attempt();
    return undefined;
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
}

describe('RateLimits', () => {
  it('allows five sign-ins a minute per address, then answers 429 until the window slides', () => {
    let now = 1_000_000;
    const limits = new RateLimits(() => now);
    for (let attempt = 0; attempt < 5; attempt++) {
      limits.consume('sign_in', { ip: '203.0.113.9' });
      now += 1_000;
    }
    const refused = refusal(() => limits.consume('sign_in', { ip: '203.0.113.9' }));
    expect(refused).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect(refused?.retryAfterSeconds).toBe(55);
    // Refused attempts do not count: once the first attempt is a minute old, one more gets in.
    now = 1_000_000 + 60_001;
    expect(refusal(() => limits.consume('sign_in', { ip: '203.0.113.9' }))).toBeUndefined();
    expect(refusal(() => limits.consume('sign_in', { ip: '203.0.113.9' }))).toBeDefined();
  });

  it('counts mails per account across addresses, and per action', () => {
    const limits = new RateLimits(() => 0);
    for (let attempt = 0; attempt < 5; attempt++)
      limits.consume('recover', { ip: `203.0.113.${attempt}`, account: 'Ada@Example.org' });
    expect(refusal(() => limits.consume('recover', { ip: '198.51.100.1', account: 'ada@example.org' }))).toBeDefined();
    expect(
      refusal(() => limits.consume('recover', { ip: '198.51.100.1', account: 'grace@example.org' })),
    ).toBeUndefined();
    expect(
      refusal(() => limits.consume('sign_in', { ip: '198.51.100.1', account: 'ada@example.org' })),
    ).toBeUndefined();
  });

  it('counts sign-ins per account only together with the address, so strangers cannot lock it', () => {
    const limits = new RateLimits(() => 0);
    for (let attempt = 0; attempt < 5; attempt++)
      limits.consume('sign_in', { ip: `203.0.113.${attempt}`, account: 'Ada@Example.org' });
    expect(
      refusal(() => limits.consume('sign_in', { ip: '198.51.100.1', account: 'ada@example.org' })),
    ).toBeUndefined();
  });

  it('counts an IPv6 /64 as one client', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff:0:0:9'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:127.0.0.1')).toBe('::ffff:127.0.0.1');
  });
});
