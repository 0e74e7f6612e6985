import { describe, expect, it } from 'vitest';
import { classifyStatus, hashClientAddress, isMonitoredApiPath, pathOf } from './security-event.ts';
import { parseTrustProxy } from '../config.ts';
import { endpointKey } from './api-rate-limit.ts';
import { parseSuspiciousInputReport } from './suspicious-input-report.ts';
import { limitedAttemptOf } from './shared-auth-limits.ts';

describe('classifying answers', () => {
  it('maps 401, 403 and 429 to the monitor’s types and severities', () => {
    expect(classifyStatus(401)).toEqual({ eventType: 'rls_violation', severity: 'medium' });
    expect(classifyStatus(403)).toEqual({ eventType: 'rls_violation', severity: 'high' });
    expect(classifyStatus(429)).toEqual({ eventType: 'rate_limit', severity: 'critical' });
    expect(classifyStatus(200)).toBeUndefined();
    expect(classifyStatus(404)).toBeUndefined();
  });

  it('watches the Data API and the auth service only', () => {
    expect(isMonitoredApiPath('/rest/v1/items?x=1')).toBe(true);
    expect(isMonitoredApiPath('/auth/v1/token?grant_type=password')).toBe(true);
    expect(isMonitoredApiPath('/rest/v1')).toBe(true);
    expect(isMonitoredApiPath('/restore')).toBe(false);
    expect(isMonitoredApiPath('/about')).toBe(false);
  });
});

describe('client addresses in the log', () => {
  it('are keyed hashes, stable per address, one per IPv6 /64', () => {
    const hash = hashClientAddress('secret', '203.0.113.5');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(hash).toBe(hashClientAddress('secret', '203.0.113.5'));
    expect(hash).not.toBe(hashClientAddress('other secret', '203.0.113.5'));
    expect(hashClientAddress('secret', '2001:db8:1:2::1')).toBe(hashClientAddress('secret', '2001:db8:1:2:ffff::9'));
    expect(hashClientAddress('secret', '2001:db8:1:2::1')).not.toBe(hashClientAddress('secret', '2001:db8:1:3::1'));
  });

  it('paths are kept without their query', () => {
    expect(pathOf('/rest/v1/rpc/search_items?q=secret')).toBe('/rest/v1/rpc/search_items');
  });
});

describe('an endpoint for the rate limit', () => {
  it('is the client, the method and the path without the query', () => {
    const key = (method: string, url: string, ip = '203.0.113.1') => endpointKey({ ip, method, url });
    expect(key('GET', '/rest/v1/rpc/search_items?q=a')).toBe(key('GET', '/rest/v1/rpc/search_items?q=b'));
    expect(key('GET', '/rest/v1/items')).not.toBe(key('POST', '/rest/v1/items'));
    expect(key('GET', '/rest/v1/items')).not.toBe(key('GET', '/rest/v1/profiles'));
    expect(key('GET', '/rest/v1/items')).not.toBe(key('GET', '/rest/v1/items', '203.0.113.2'));
  });

  it('counts every private feed address as one endpoint and never keeps its token', () => {
    const key = (url: string) => endpointKey({ ip: '203.0.113.1', method: 'GET', url });
    const token = 'ab'.repeat(32);
    expect(key(`/feeds/notifications/${token}.atom`)).toBe(key(`/FEEDS/notifications/${'0'.repeat(64)}.atom`));
    expect(key(`/feeds/notifications/${token}.atom`)).not.toContain(token);
    expect(key('/feeds/search.atom?search=a')).not.toBe(key(`/feeds/notifications/${token}.atom`));
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no one by default', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('takes true, a hop count or a list of addresses, CIDRs and names', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback, 10.0.0.0/8,::1')).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(() => parseTrustProxy('10.0.0.1;rm')).toThrow(/TRUST_PROXY/);
  });
});

describe('a report of the input watcher', () => {
  const valid = {
    type: 'suspicious_input',
    patterns: ['script_tag', 'script_tag'],
    sample: '<script>',
    page: '/browse?q=1#x',
  };

  it('is taken with its page path only and its patterns once', () => {
    expect(parseSuspiciousInputReport(valid)).toEqual({
      type: 'suspicious_input',
      patterns: ['script_tag'],
      sample: '<script>',
      field: undefined,
      page: '/browse',
    });
  });

  it.each([
    ['not an object', []],
    ['unknown fields', { ...valid, ip: '1.2.3.4' }],
    ['another type', { ...valid, type: 'rls_violation' }],
    ['unknown patterns', { ...valid, patterns: ['sql'] }],
    ['no patterns', { ...valid, patterns: [] }],
    ['a long sample', { ...valid, sample: 'x'.repeat(101) }],
    ['an absolute URL for the page', { ...valid, page: 'https://evil.example/' }],
  ])('is refused with %s', (_case, body) => {
    expect(typeof parseSuspiciousInputReport(body)).toBe('string');
  });
});

describe('the auth limits counted in Redis', () => {
  it('apply to the same requests as the auth service’s own', () => {
    const body = { email: ' Ada@Example.org ', password: 'x' };
    expect(limitedAttemptOf('POST', '/auth/v1/token?grant_type=password', body)).toEqual({
      action: 'sign_in',
      account: 'ada@example.org',
    });
    expect(limitedAttemptOf('POST', '/auth/v1/token?grant_type=refresh_token', {})).toEqual({
      action: 'refresh',
      account: undefined,
    });
    expect(limitedAttemptOf('POST', '/auth/v1/signup', body)).toEqual({
      action: 'sign_up',
      account: 'ada@example.org',
    });
    expect(limitedAttemptOf('POST', '/auth/v1/recover', body)?.action).toBe('recover');
    expect(limitedAttemptOf('POST', '/auth/v1/resend', body)?.action).toBe('resend');
    expect(limitedAttemptOf('POST', '/auth/v1/otp', body)).toEqual({ action: 'otp', account: 'ada@example.org' });
    expect(limitedAttemptOf('GET', '/auth/v1/verify?token=t&type=signup', undefined)).toEqual({
      action: 'verify',
      account: undefined,
    });
    expect(limitedAttemptOf('POST', '/auth/v1/factors/abc/verify', { code: '123456' })).toEqual({
      action: 'mfa_verify',
      account: undefined,
    });
    expect(limitedAttemptOf('GET', '/auth/v1/reauthenticate', undefined)).toEqual({
      action: 'reauthenticate',
      account: undefined,
    });
    expect(limitedAttemptOf('GET', '/auth/v1/user', undefined)).toBeUndefined();
    expect(limitedAttemptOf('POST', '/auth/v1/factors/abc/challenge', {})).toBeUndefined();
    expect(limitedAttemptOf('POST', '/auth/v1/token?grant_type=pkce', body)).toBeUndefined();
  });
});
