import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInAs, visitorAddress } from '../support/auth.ts';
import { open, roundTrip, startOAuthTestSetup, type OAuthTestSetup } from '../support/oauth-flows.ts';
import type { FixtureAccount } from '../support/oauth-provider-fixture.ts';
import { expectHealthy, send } from './hostile-requests.ts';

/**
 * The OAuth endpoints against forged and oversized input and misbehaving providers: every answer
 * is a refusal or a redirect carrying the error (never a 5xx, never a hang), no redirect leaves
 * the site, and nobody touches another account's identities.
 */
describe('hostile OAuth requests', () => {
  let setup: OAuthTestSetup;
  let site: string;
  const address = visitorAddress();
  const github = (misbehave?: FixtureAccount['misbehave']): FixtureAccount => ({
    provider: 'github',
    id: 2_000_000_000 + randomInt(1_000_000),
    login: 'mallory',
    emails: [{ email: `mallory-${randomInt(1_000_000)}@example.org`, primary: true, verified: true }],
    misbehave,
  });

  beforeAll(async () => {
    setup = await startOAuthTestSetup(inject('engine'));
    site = setup.backend.url;
  });
  afterAll(async () => setup?.stop());

  it('answers forged and oddly encoded states with a redirect home carrying the refusal', async () => {
    const forged = [
      'x',
      "' or 1=1 --",
      '00000000-0000-0000-0000-000000000000',
      '%00%ff',
      '\u202e\u0000',
      'a'.repeat(8_000),
      encodeURIComponent('{"$ne":null}'),
    ];
    for (const state of forged) {
      const landing = await open(`${site}/auth/v1/callback?code=c&state=${encodeURIComponent(state)}`, address);
      expect(landing.status, state.slice(0, 40)).toBe(302);
      expect(`${landing.url.origin}${landing.url.pathname}`).toBe(`${site}/`);
      expect(landing.query.get('error_code')).toBe('bad_oauth_state');
    }
    // Repeated parameters are not a way around the check.
    const doubled = await open(`${site}/auth/v1/callback?state=a&state=b&code=c&code=d`, address);
    expect(doubled.status).toBe(302);
    expect(doubled.query.get('error')).toBe('invalid_request');
  });

  it('never sends the browser off the site, whatever redirect_to says', async () => {
    const elsewhere = [
      'https://evil.example/steal',
      '//evil.example',
      '/\\evil.example',
      'https:evil.example',
      `${site}@evil.example`,
      'javascript:alert(1)',
    ];
    for (const target of elsewhere) {
      const start = `${site}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(target)}`;
      const denied = await roundTrip(setup, start, 'deny', address);
      expect(`${denied.url.origin}${denied.url.pathname}`, target).toBe(`${site}/`);
      const signedIn = await roundTrip(setup, start, github(), address);
      expect(`${signedIn.url.origin}${signedIn.url.pathname}`, target).toBe(`${site}/`);
      expect(signedIn.fragment.get('access_token')).toBeTruthy();
    }
  });

  it('refuses oversized, malformed and unknown parameters on /authorize without a 5xx', async () => {
    const cases: Array<[string, number]> = [
      [`provider=${'g'.repeat(10_000)}`, 400],
      ['provider=', 400],
      ['provider=gitlab', 400],
      ['provider=github&code_challenge=short&code_challenge_method=s256', 400],
      [`provider=github&code_challenge=${'a'.repeat(200)}&code_challenge_method=s256`, 400],
      [`provider=github&code_challenge=${'a'.repeat(43)}`, 400],
      [`provider=github&code_challenge=${'a'.repeat(43)}&code_challenge_method=md5`, 400],
      [`provider=github&redirect_to=${'%2F'.repeat(4_000)}`, 302],
    ];
    for (const [query, status] of cases) {
      const answer = await open(`${site}/auth/v1/authorize?${query}`, address);
      expect(answer.status, query.slice(0, 60)).toBe(status);
    }
    const huge = await fetch(`${site}/auth/v1/authorize?provider=github&redirect_to=${'a'.repeat(100_000)}`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': address },
    });
    expect(huge.status).toBeLessThan(500);
  });

  it('turns a provider that answers garbage, too much, an unusable account or nothing into a clear refusal', async () => {
    const start = `${site}/auth/v1/authorize?provider=github&redirect_to=${encodeURIComponent(`${site}/auth/callback`)}`;
    for (const misbehave of ['garbage', 'huge', 'no-identity', 'hang'] as const) {
      const started = performance.now();
      const landing = await roundTrip(setup, start, github(misbehave), address);
      expect(landing.status, misbehave).toBe(302);
      expect(landing.url.pathname).toBe('/auth/callback');
      expect(landing.query.get('error')).toBe('server_error');
      expect(landing.query.get('error_description')).toBe('GitHub did not answer as expected. Please try again.');
      // OAUTH_TIMEOUT_SECONDS is 2 in the fixture's environment.
      expect(performance.now() - started).toBeLessThan(10_000);
    }
    const orcid = await roundTrip(
      setup,
      `${site}/auth/v1/authorize?provider=orcid`,
      { provider: 'orcid', orcid: '0000-0002-1825-0097', name: 'x', misbehave: 'no-identity' },
      address,
    );
    expect(orcid.query.get('error_description')).toBe('ORCID did not answer as expected. Please try again.');
    await expectHealthy(setup.backend);
  });

  it('refuses the PKCE grant with odd bodies, and the identity endpoints to the wrong caller', async () => {
    const target = { url: site, anonKey: setup.backend.anonKey };
    const bodies = [
      '{}',
      JSON.stringify({ auth_code: 'x'.repeat(60_000), code_verifier: 'y' }),
      JSON.stringify({ auth_code: { $ne: null }, code_verifier: ['a'] }),
      JSON.stringify({ auth_code: 42, code_verifier: 42 }),
      '[[[[[[[[[[]]]]]]]]]]',
    ];
    for (const body of bodies) {
      const answer = await send(target, '/auth/v1/token?grant_type=pkce', { body });
      expect(answer.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }

    const anonymous = await send(target, '/auth/v1/user/identities/authorize?provider=github');
    expect(anonymous.status).toBe(403);
    const victim = await signedInAs('user', 'victim', setup.backend);
    const landing = await roundTrip(
      setup,
      `${site}/auth/v1/authorize?provider=orcid`,
      { provider: 'orcid', orcid: '0000-0002-1825-0097', name: 'Victim' },
      address,
    );
    expect(landing.fragment.get('access_token')).toBeTruthy();
    const identities = await fetch(`${site}/auth/v1/user`, {
      headers: { apikey: setup.backend.anonKey, authorization: `Bearer ${landing.fragment.get('access_token')}` },
    });
    const orcidIdentity = ((await identities.json()) as { identities: Array<{ identity_id: string }> }).identities[0]!;
    const attacker = { url: site, anonKey: setup.backend.anonKey };
    const stolen = await send(attacker, `/auth/v1/user/identities/${orcidIdentity.identity_id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${victim.session.access_token}` },
    });
    expect(stolen.status).toBe(422);
    const odd = await send(attacker, `/auth/v1/user/identities/${'%2e%2e%2f'.repeat(50)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${victim.session.access_token}` },
    });
    expect(odd.status).toBeLessThan(500);
    expect(odd.status).toBeGreaterThanOrEqual(400);
  });
});
