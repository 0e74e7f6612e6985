import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { orcidCheckCharacter } from '@sciai/core';
import { currentGitHubToken } from '@sciai/server';
import { signedInAs, uniqueEmail, visitor, visitorAddress, withDatabase, PASSWORD } from '../support/auth.ts';
import {
  browserClient,
  open,
  roundTrip,
  sessionIn,
  startOAuthTestSetup,
  type OAuthTestSetup,
} from '../support/oauth-flows.ts';
import type { GitHubAccount, OrcidAccount } from '../support/oauth-provider-fixture.ts';

/**
 * docs/product.md#sign-in-with-a-provider and #orcid-verified: signing in with GitHub and ORCID
 * through the auth service's /authorize and /callback as supabase-js drives them (implicit flow,
 * as the web app uses, and PKCE), which account a provider's sign-in opens, and connecting and
 * disconnecting ORCID on a profile.
 */
describe('sign-in with GitHub and ORCID', () => {
  let setup: OAuthTestSetup;
  let site: string;
  const github = (email: string, verified = true): GitHubAccount => ({
    provider: 'github',
    id: 1_000_000 + randomInt(1_000_000_000),
    login: `octo-${randomInt(1_000_000)}`,
    name: 'Octo Cat',
    emails: [{ email, primary: true, verified }],
  });
  const orcid = (): OrcidAccount => ({ provider: 'orcid', orcid: randomOrcid(), name: 'Josiah Carberry' });
  const db = <T>(work: Parameters<typeof withDatabase<T>>[0]) => withDatabase(work, setup.backend.connectionString);
  let admin: ReturnType<typeof signedInAs> | undefined;
  const anAdmin = () => (admin ??= signedInAs('admin', 'orcid-admin', setup.backend));

  beforeAll(async () => {
    setup = await startOAuthTestSetup(inject('engine'));
    site = setup.backend.url;
  });
  afterAll(async () => setup?.stop());

  const authorizeUrl = (provider: string, redirectTo = `${site}/auth/callback`) =>
    `${site}/auth/v1/authorize?provider=${provider}&redirect_to=${encodeURIComponent(redirectTo)}`;

  it('reports both providers in /settings, as GoTrue’s external map', async () => {
    const settings = await fetch(`${site}/auth/v1/settings`, { headers: { apikey: setup.backend.anonKey } });
    expect(await settings.json()).toMatchObject({ external: { email: true, github: true, orcid: true } });
  });

  it('signs a new GitHub user in (implicit flow): a confirmed account, its identity, the token kept server-side', async () => {
    const address = visitorAddress();
    const email = uniqueEmail('octo');
    const account = github(email);
    const jar = new Map<string, string>();
    const toProvider = await open(authorizeUrl('github'), address, jar);
    expect(toProvider.status).toBe(302);
    expect(toProvider.url.pathname).toBe('/login/oauth/authorize');
    expect(toProvider.query.get('scope')).toBe('read:user user:email');
    expect(toProvider.query.get('redirect_uri')).toBe(`${site}/auth/v1/callback`);

    const landing = await roundTrip(setup, toProvider.url.href, account, address, jar);
    expect(landing.status).toBe(302);
    expect(`${landing.url.origin}${landing.url.pathname}`).toBe(`${site}/auth/callback`);
    expect(landing.fragment.get('token_type')).toBe('bearer');
    expect(landing.fragment.has('provider_token')).toBe(false);

    const client = visitor(address, site, setup.backend.anonKey);
    const { data, error } = await client.auth.setSession(sessionIn(landing));
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toMatchObject({ provider: 'github', providers: ['github'] });
    expect(user.user_metadata).toMatchObject({ full_name: 'Octo Cat', user_name: account.login });
    expect(user.identities?.map((identity) => [identity.provider, identity.id])).toEqual([
      ['github', String(account.id)],
    ]);
    const listed = await client.auth.getUserIdentities();
    expect(listed.data?.identities.map((identity) => identity.provider)).toEqual(['github']);

    const token = await db((connection) => currentGitHubToken(connection, user.id));
    expect(token?.accessToken).toMatch(/^token-/);
    expect(token?.scopes).toBe('read:user,user:email');
    // The same person again: the same account, not a second one.
    const again = await roundTrip(setup, authorizeUrl('github'), account, address);
    const second = await visitor(address, site, setup.backend.anonKey).auth.setSession(sessionIn(again));
    expect(second.data.user?.id).toBe(user.id);
  });

  it('signs a new ORCID user in with PKCE: no address, the iD verified, a code that works once', async () => {
    const { client, address } = browserClient(setup.backend, 'pkce');
    const account = orcid();
    const started = await client.auth.signInWithOAuth({
      provider: 'custom:orcid',
      options: { redirectTo: `${site}/auth/callback?next=%2Fprofile`, skipBrowserRedirect: true },
    });
    expect(started.error).toBeNull();
    const landing = await roundTrip(setup, started.data.url!, account, address);
    expect(landing.url.pathname).toBe('/auth/callback');
    expect(landing.query.get('next')).toBe('/profile');
    const code = landing.query.get('code')!;
    expect(code).toBeTruthy();

    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    const user = exchanged.data.user!;
    expect(user.email).toBe('');
    expect(user.app_metadata.providers).toEqual(['orcid']);
    expect(user.identities?.[0]).toMatchObject({ provider: 'orcid', id: account.orcid });
    const { data: verified } = await client.from('verified_orcid_ids').select('orcid_id, orcid_name');
    expect(verified).toEqual([{ orcid_id: account.orcid, orcid_name: 'Josiah Carberry' }]);
    const profile = await client.from('user_profiles').select('display_name').eq('id', user.id).single();
    expect(profile.data?.display_name).toBe('Josiah Carberry');

    // The code is spent: a replay is refused.
    const replay = await fetch(`${site}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: setup.backend.anonKey, 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ auth_code: code, code_verifier: 'a'.repeat(43) }),
    });
    expect(replay.status).toBe(404);
    expect(await replay.json()).toMatchObject({ error_code: 'flow_state_not_found' });
  });

  it('refuses a PKCE code with the wrong verifier, and leaves it to the right one', async () => {
    const { client, address } = browserClient(setup.backend, 'pkce');
    const started = await client.auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: `${site}/auth/callback`, skipBrowserRedirect: true },
    });
    const landing = await roundTrip(setup, started.data.url!, github(uniqueEmail('pkce')), address);
    const code = landing.query.get('code')!;
    const stranger = browserClient(setup.backend, 'pkce');
    // A client that did not start the flow has no verifier to give.
    await stranger.client.auth.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true } });
    const stolen = await stranger.client.auth.exchangeCodeForSession(code);
    expect(stolen.error).toMatchObject({ status: 400, code: 'bad_code_verifier' });
    const own = await client.auth.exchangeCodeForSession(code);
    expect(own.error).toBeNull();
    expect(own.data.session?.access_token).toBeTruthy();
  });

  it('brings a denied consent back to the app as GoTrue does, and spends the state', async () => {
    const address = visitorAddress();
    const landing = await roundTrip(setup, authorizeUrl('orcid', `${site}/auth/sign-in?x=1`), 'deny', address);
    expect(`${landing.url.origin}${landing.url.pathname}`).toBe(`${site}/auth/sign-in`);
    expect(landing.query.get('x')).toBe('1');
    for (const fields of [landing.query, landing.fragment]) {
      expect(fields.get('error')).toBe('access_denied');
      expect(fields.get('error_description')).toBe('The resource owner or authorization server denied the request.');
    }
    const again = await open(landing.callbackUrl, address, landing.jar);
    expect(again.query.get('error_code')).toBe('flow_state_already_used');
  });

  it('refuses an unknown or missing state, and a replayed callback, without spending the provider’s code again', async () => {
    const address = visitorAddress();
    const unknown = await open(`${site}/auth/v1/callback?code=abc&state=${crypto.randomUUID()}`, address);
    expect(`${unknown.url.origin}${unknown.url.pathname}`).toBe(`${site}/`);
    expect(unknown.query.get('error_code')).toBe('bad_oauth_state');
    expect(unknown.fragment.get('error_description')).toBe('OAuth state not found or expired');
    const missing = await open(`${site}/auth/v1/callback?code=abc`, address);
    expect(missing.query.get('error_code')).toBe('bad_oauth_callback');

    const landing = await roundTrip(setup, authorizeUrl('github'), github(uniqueEmail('replay')), address);
    expect(landing.fragment.get('access_token')).toBeTruthy();
    const spent = setup.providers.tokenRequests();
    // The implicit flow ends with the session: its state is gone.
    const replay = await open(landing.callbackUrl, address, landing.jar);
    expect(replay.query.get('error_code')).toBe('bad_oauth_state');
    expect(replay.fragment.has('access_token')).toBe(false);
    expect(setup.providers.tokenRequests()).toBe(spent);
  });

  it('finishes an implicit flow only in the browser that started it', async () => {
    const address = visitorAddress();
    const started = await fetch(authorizeUrl('github'), {
      redirect: 'manual',
      headers: { 'x-forwarded-for': address },
    });
    const [cookie] = started.headers.getSetCookie();
    expect(cookie).toMatch(
      /^sb-oauth-[0-9a-f-]{36}=1; Path=\/auth\/v1\/callback; Max-Age=300; HttpOnly; SameSite=Lax$/,
    );
    const callbackUrl = setup.providers.consent(started.headers.get('location')!, github(uniqueEmail('bound')));
    // Someone sends the callback link to another browser: it gets no session, and spends nothing.
    const elsewhere = await open(callbackUrl, visitorAddress());
    expect(elsewhere.query.get('error_description')).toBe(
      'This sign-in was started in another browser. Please start it again.',
    );
    expect(elsewhere.fragment.has('access_token')).toBe(false);
    const jar = new Map([[cookie!.split('=')[0]!, '1']]);
    const own = await open(callbackUrl, address, jar);
    expect(own.fragment.get('access_token')).toBeTruthy();
    expect(jar.size).toBe(0);
  });

  it('expires a flow left for more than five minutes', async () => {
    const address = visitorAddress();
    const jar = new Map<string, string>();
    const toProvider = await open(authorizeUrl('github'), address, jar);
    await db((connection) =>
      connection.query(`update auth.flow_state set created_at = now() - interval '6 minutes' where id = $1`, [
        toProvider.query.get('state'),
      ]),
    );
    const landing = await roundTrip(setup, toProvider.url.href, github(uniqueEmail('late')), address, jar);
    expect(landing.query.get('error_description')).toBe('OAuth state has expired');
  });

  describe('which account a provider’s sign-in opens', () => {
    it('joins a confirmed account when GitHub has verified the same address', async () => {
      const existing = await signedInAs('user', 'joined', setup.backend);
      const address = visitorAddress();
      const landing = await roundTrip(setup, authorizeUrl('github'), github(existing.email.toUpperCase()), address);
      const { data } = await visitor(address, site, setup.backend.anonKey).auth.setSession(sessionIn(landing));
      expect(data.user?.id).toBe(existing.userId);
      expect(data.user?.app_metadata.providers).toEqual(['email', 'github']);
      expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email', 'github']);
      // A second GitHub account with the same address does not join it too.
      const refused = await roundTrip(setup, authorizeUrl('github'), github(existing.email), visitorAddress());
      expect(refused.query.get('error_code')).toBe('identity_already_exists');
      // The password still works.
      const password = await visitor(visitorAddress(), site, setup.backend.anonKey).auth.signInWithPassword({
        email: existing.email,
        password: PASSWORD,
      });
      expect(password.error).toBeNull();
    });

    it('refuses an address GitHub has not verified when an account has it', async () => {
      const existing = await signedInAs('user', 'unverified-side', setup.backend);
      const landing = await roundTrip(setup, authorizeUrl('github'), github(existing.email, false), visitorAddress());
      expect(landing.query.get('error_code')).toBe('email_exists');
      expect(landing.query.get('error_description')).toBe(
        'An account with this email address already exists. Sign in with your email address and password.',
      );
      const identities = await db((connection) =>
        connection.query('select 1 from auth.identities where user_id = $1', [existing.userId]),
      );
      expect(identities.rowCount).toBe(0);
    });

    it('refuses to join an account whose owner has not confirmed the address', async () => {
      const email = uniqueEmail('unconfirmed');
      const signUp = await visitor(visitorAddress(), site, setup.backend.anonKey).auth.signUp({
        email,
        password: PASSWORD,
      });
      expect(signUp.error).toBeNull();
      const landing = await roundTrip(setup, authorizeUrl('github'), github(email), visitorAddress());
      expect(landing.query.get('error_code')).toBe('email_exists');
      const users = await db((connection) =>
        connection.query('select encrypted_password is not null as has_password from auth.users where email = $1', [
          email,
        ]),
      );
      expect(users.rows).toEqual([{ has_password: true }]);
    });

    it('makes no account from an unverified GitHub address', async () => {
      const email = uniqueEmail('unverified-new');
      const landing = await roundTrip(setup, authorizeUrl('github'), github(email, false), visitorAddress());
      expect(landing.query.get('error')).toBe('access_denied');
      expect(landing.query.get('error_code')).toBe('provider_email_needs_verification');
      const users = await db((connection) => connection.query('select 1 from auth.users where email = $1', [email]));
      expect(users.rowCount).toBe(0);
    });

    it('makes no new account while sign-up is closed, and still signs known identities in', async () => {
      const known = github(uniqueEmail('known'));
      const first = await roundTrip(setup, authorizeUrl('github'), known, visitorAddress());
      expect(first.fragment.get('access_token')).toBeTruthy();
      await setRegistrationOpen(false);
      try {
        const refused = await roundTrip(setup, authorizeUrl('github'), github(uniqueEmail('closed')), visitorAddress());
        expect(refused.query.get('error')).toBe('access_denied');
        expect(refused.query.get('error_description')).toBe('Signups not allowed for this instance');
        const again = await roundTrip(setup, authorizeUrl('github'), known, visitorAddress());
        expect(again.fragment.get('access_token')).toBeTruthy();
      } finally {
        await setRegistrationOpen(true);
      }
    });
  });

  describe('connecting ORCID to a profile', () => {
    it('verifies the iD, shows it on the public profile, refuses it to a second account, and disconnects', async () => {
      const owner = await signedInAs('user', 'orcid-owner', setup.backend);
      const handle = `orcid${randomInt(1_000_000)}`;
      await owner.client.from('user_profiles').update({ handle, is_public: true }).eq('id', owner.userId);
      const account = orcid();
      const { client, address, jar } = browserClient(setup.backend, 'implicit');
      await client.auth.setSession(owner.session);
      const link = await client.auth.linkIdentity({
        provider: 'custom:orcid',
        options: { redirectTo: `${site}/profile`, skipBrowserRedirect: true },
      });
      expect(link.error).toBeNull();
      const landing = await roundTrip(setup, link.data.url!, account, address, jar);
      expect(landing.url.pathname).toBe('/profile');
      const linked = await client.auth.setSession(sessionIn(landing));
      expect(linked.data.user?.id).toBe(owner.userId);
      expect(linked.data.user?.identities?.map((identity) => identity.provider)).toEqual(['email', 'orcid']);
      const anonymous = visitor(visitorAddress(), site, setup.backend.anonKey);
      const shown = await anonymous.rpc('public_profile_orcid', { _handle: handle });
      expect(shown.data).toEqual([{ orcid_id: account.orcid, orcid_name: 'Josiah Carberry' }]);
      // Nobody writes a verified iD through the Data API, the owner included.
      const forged = await client
        .from('verified_orcid_ids')
        .update({ orcid_id: '0000-0002-1825-0097' })
        .eq('user_id', owner.userId);
      expect(forged.error?.code).toBe('42501');
      const planted = await client
        .from('verified_orcid_ids')
        .insert({ user_id: owner.userId, orcid_id: '0000-0002-1825-0097' });
      expect(planted.error?.code).toBe('42501');

      const second = await signedInAs('user', 'orcid-second', setup.backend);
      const other = browserClient(setup.backend, 'implicit');
      await other.client.auth.setSession(second.session);
      const taken = await other.client.auth.linkIdentity({
        provider: 'custom:orcid',
        options: { redirectTo: `${site}/profile`, skipBrowserRedirect: true },
      });
      const refused = await roundTrip(setup, taken.data.url!, account, other.address, other.jar);
      expect(refused.query.get('error_code')).toBe('identity_already_exists');
      expect(refused.query.get('error_description')).toBe(
        'This ORCID iD is already connected to another SciAI account.',
      );
      // Administrators deciding a verification request see which iD ORCID has vouched for.
      await client.from('user_profiles').update({ verification_status: 'pending' }).eq('id', owner.userId);
      const admin = await anAdmin();
      const pending = await admin.client.rpc('admin_pending_verifications');
      expect(pending.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: owner.userId, orcid_id: account.orcid, orcid_verified: true }),
        ]),
      );

      // ORCID sign-in with that iD opens the account it is connected to.
      const signIn = await roundTrip(setup, authorizeUrl('orcid'), account, visitorAddress());
      const signedIn = await visitor(visitorAddress(), site, setup.backend.anonKey).auth.setSession(sessionIn(signIn));
      expect(signedIn.data.user?.id).toBe(owner.userId);

      const identities = await client.auth.getUserIdentities();
      const connected = identities.data!.identities.find((identity) => identity.provider === 'orcid')!;
      const unlinked = await client.auth.unlinkIdentity(connected);
      expect(unlinked.error).toBeNull();
      expect((await anonymous.rpc('public_profile_orcid', { _handle: handle })).data).toEqual([]);
      expect((await client.auth.getUser()).data.user?.app_metadata.providers).toEqual(['email']);
    });

    it('keeps the only way into an ORCID account, which has no address for codes', async () => {
      const { client, address } = browserClient(setup.backend, 'pkce');
      const started = await client.auth.signInWithOAuth({
        provider: 'custom:orcid',
        options: { redirectTo: `${site}/`, skipBrowserRedirect: true },
      });
      const landing = await roundTrip(setup, started.data.url!, orcid(), address);
      await client.auth.exchangeCodeForSession(landing.query.get('code')!);
      const identities = await client.auth.getUserIdentities();
      const only = identities.data!.identities[0]!;
      const unlinked = await client.auth.unlinkIdentity(only);
      expect(unlinked.error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
      // Administrators list and review the account, which has no address, like any other.
      const { data: me } = await client.auth.getUser();
      await client.from('user_profiles').update({ verification_status: 'pending' }).eq('id', me.user!.id);
      const { client: adminClient } = await anAdmin();
      const listed = await adminClient.rpc('admin_list_users', { search: 'Josiah' });
      expect(listed.error).toBeNull();
      expect(listed.data).toMatchObject({
        users: expect.arrayContaining([
          expect.objectContaining({ id: me.user!.id, email: '', display_name: 'Josiah Carberry' }),
        ]),
      });
      const pending = await adminClient.rpc('admin_pending_verifications');
      expect(pending.data).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: me.user!.id, email: '', orcid_verified: true })]),
      );
      // No address to mail a re-authentication code to.
      const reauthenticated = await client.auth.reauthenticate();
      expect(reauthenticated.error).toMatchObject({
        status: 400,
        message: 'Reauthentication requires the user to have an email or a phone number',
      });
    });
  });

  async function setRegistrationOpen(open: boolean): Promise<void> {
    await db((connection) =>
      connection.query(
        `insert into public.site_settings (key, value) values ('registration_open', $1::jsonb)
         on conflict (key) do update set value = excluded.value`,
        [JSON.stringify(open)],
      ),
    );
  }
});

/** A valid ORCID iD (its check character computed) in the 0000-0002 block. */
function randomOrcid(): string {
  const base = `00000002${String(randomInt(10_000_000)).padStart(7, '0')}`;
  return `${base}${orcidCheckCharacter(base)}`.match(/.{4}/g)!.join('-');
}
