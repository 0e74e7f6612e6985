import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, signUpAndConfirm, uniqueEmail, visitor, withDatabase } from '../support/auth.ts';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { runSciai } from '../support/sciai.ts';

/** The shared test backend, reached as a hosted project is: URL and keys. */
const hosted = () => {
  const backend = inject('backend');
  return {
    SUPABASE_URL: backend.url,
    SUPABASE_ANON_KEY: backend.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
  };
};

async function rolesOf(email: string): Promise<string[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ role: string }>(
      'select r.role from public.user_roles r join auth.users u on u.id = r.user_id where lower(u.email) = lower($1) order by r.role',
      [email],
    );
    return rows.map((row) => row.role);
  });
}

describe('sciai users create-admin: arguments', () => {
  it('exits with code 2 without --email, with a malformed address, or a short password', async () => {
    const missing = await runSciai(['users', 'create-admin'], hosted());
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--email <address>' not specified");

    const malformed = await runSciai(['users', 'create-admin', '--email', 'not-an-address'], hosted());
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('Expected an e-mail address');

    const short = await runSciai(
      ['users', 'create-admin', '--email', uniqueEmail('short'), '--password', 'abc'],
      hosted(),
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('Password must be at least 8 characters long');
  });

  it('exits with code 1 when the backend cannot be reached', async () => {
    const run = await runSciai(['users', 'create-admin', '--email', uniqueEmail('offline')], {
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_SERVICE_ROLE_KEY: inject('backend').serviceRoleKey,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error:');
  });
});

describe('sciai users create-admin on a project reached by URL and service key', () => {
  it('promotes an existing account (any letter case of the address), idempotently', async () => {
    const email = uniqueEmail('promote');
    await signUpAndConfirm(visitor(), email);
    expect(await rolesOf(email)).toEqual(['user']);

    const run = await runSciai(['users', 'create-admin', '--email', email.toUpperCase()], hosted());
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${email} is now an administrator (existing account).`);
    expect(await rolesOf(email)).toEqual(['admin', 'user']);

    // Again: nothing changes, still fine.
    const again = await runSciai(['users', 'create-admin', '--email', email], hosted());
    expect(again.code).toBe(0);
    expect(await rolesOf(email)).toEqual(['admin', 'user']);
  });

  it('creates a confirmed admin account with the given password, who can sign in at once', async () => {
    const email = uniqueEmail('new-admin');
    const run = await runSciai(['users', 'create-admin', '--email', email, '--password', PASSWORD], hosted());
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Created ${email} as an administrator (e-mail confirmed).`);
    expect(await rolesOf(email)).toEqual(['admin', 'user']);

    const client = visitor();
    const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const roles = await client.rpc('get_user_roles', { _user_id: signIn.data.user?.id });
    expect(roles.data).toEqual(['admin', 'user']);
  });

  it('without a password, creates the account and mails a one-time password reset link that works', async () => {
    const email = uniqueEmail('reset-admin');
    const run = await runSciai(['users', 'create-admin', '--email', email], hosted());
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`A password reset e-mail was sent to ${email}`);

    const mail = await waitForMail(inject('backend').dataDir, email, { kind: 'recovery' });
    const response = await fetch(linkIn(mail), { redirect: 'manual' });
    expect(response.status).toBe(303);
    const fragment = new URLSearchParams((response.headers.get('location') ?? '').split('#')[1] ?? '');
    expect(fragment.get('type')).toBe('recovery');
    const client = visitor();
    const session = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(session.error).toBeNull();
    expect((await client.auth.updateUser({ password: 'a brand new password' })).error).toBeNull();
    const signIn = await visitor().auth.signInWithPassword({ email, password: 'a brand new password' });
    expect(signIn.error).toBeNull();
  });

  it('refuses the admin API to anyone without the service role', async () => {
    const anon = await visitor().auth.admin.createUser({ email: uniqueEmail('sneaky'), email_confirm: true });
    expect(anon.error?.status).toBe(403);
  });
});

describe('sciai users create-admin on a fresh local database', () => {
  const engine = inject('engine');
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(engine, 'migrated', `sciai-cli-users-${engine}-`);
  });
  afterAll(async () => {
    await database?.remove();
  });

  it('creates the first admin and prints the reset link from the local mailbox, addressed to the site', async () => {
    const email = uniqueEmail('first-admin');
    const run = await runSciai(['users', 'create-admin', '--email', email], {
      DATA_DIR: database?.dataDir,
      DATABASE_URL: database?.databaseUrl,
      PORT: '4321',
    });
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Created ${email} as an administrator (e-mail confirmed).`);
    const link = /^\s+(http\S+)$/m.exec(run.stdout)?.[1] ?? '';
    const url = new URL(link);
    expect(url.origin).toBe('http://localhost:4321');
    expect(url.pathname).toBe('/auth/v1/verify');
    expect(url.searchParams.get('type')).toBe('recovery');
    expect(url.searchParams.get('redirect_to')).toBe('http://localhost:4321/auth/reset-password');
  });
});
