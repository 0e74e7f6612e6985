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
      message: 'Request rate limit reached. Please try again in 55 seconds.',
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

  it('lets a room behind one address sign up together, but one e-mail only five times a minute', () => {
    let now = 0;
    const limits = new RateLimits(() => now);
    for (let person = 0; person < 30; person++)
      limits.consume('sign_up', { ip: '203.0.113.50', account: `participant-${person}@example.org` });
    const thirtyFirst = refusal(() =>
      limits.consume('sign_up', { ip: '203.0.113.50', account: 'participant-30@example.org' }),
    );
    expect(thirtyFirst).toMatchObject({ status: 429, retryAfterSeconds: 60 });
    expect(thirtyFirst?.message).toBe('Request rate limit reached. Please try again in 1 minute.');

    for (let attempt = 0; attempt < 5; attempt++)
      limits.consume('sign_up', { ip: `198.51.100.${attempt}`, account: 'ada@example.org' });
    now = 20_000;
    const sixth = refusal(() => limits.consume('sign_up', { ip: '198.51.100.9', account: 'Ada@example.org' }));
    expect(sixth).toMatchObject({ status: 429, retryAfterSeconds: 40 });
    expect(sixth?.message).toBe('Request rate limit reached. Please try again in 40 seconds.');
  });

  it('allows five mailed codes to be tried per e-mail address in five minutes, from any addresses', () => {
    let now = 0;
    const limits = new RateLimits(() => now);
    for (let attempt = 0; attempt < 5; attempt++)
      limits.consume('verify', { ip: `203.0.113.${attempt}`, account: 'ada@example.org' });
    const sixth = refusal(() => limits.consume('verify', { ip: '198.51.100.7', account: 'ada@example.org' }));
    expect(sixth?.retryAfterSeconds).toBe(300);
    expect(sixth?.message).toBe('Request rate limit reached. Please try again in 5 minutes.');
    // the room's other people are not held up by one of them
    expect(
      refusal(() => limits.consume('verify', { ip: '203.0.113.0', account: 'grace@example.org' })),
    ).toBeUndefined();
    now = 300_001;
    expect(refusal(() => limits.consume('verify', { ip: '198.51.100.7', account: 'ada@example.org' }))).toBeUndefined();
  });

  it('counts an IPv6 /64 as one client', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe(clientKey('2001:db8:1:2:ffff:0:0:9'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:127.0.0.1')).toBe('::ffff:127.0.0.1');
  });
});
