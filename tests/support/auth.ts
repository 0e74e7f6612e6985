import { randomInt, randomUUID } from 'node:crypto';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { generate } from 'otplib';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestBackend } from './backend.ts';
import { linkIn, waitForMail } from './mailbox.ts';

/**
 * supabase-js's auth client as a browser uses it against the embedded backend. Each simulated
 * visitor has an address of its own (198.18.0.0/15, the benchmarking range), passed as a reverse
 * proxy would: the auth rate limits count per address, and test files run in parallel.
 */
export function visitorAddress(): string {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

export function visitor(
  address = visitorAddress(),
  url = inject('backend').url,
  anonKey = inject('backend').anonKey,
): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'x-forwarded-for': address } },
  });
}

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.org`;

/** A password that passes the service's rules. */
export const PASSWORD = 'correct horse battery';

export interface FollowedLink {
  status: number;
  /** Where the browser is sent, without the fragment. */
  target: string;
  /** The fragment's fields: the session (access_token, refresh_token, …, type) or an error. */
  fragment: URLSearchParams;
}

/** Opens a link from a mail as a browser would, without following the redirect. */
export async function followLink(link: string, address = visitorAddress()): Promise<FollowedLink> {
  const response = await fetch(link, { redirect: 'manual', headers: { 'x-forwarded-for': address } });
  const location = response.headers.get('location') ?? '';
  const hash = location.indexOf('#');
  return {
    status: response.status,
    target: hash === -1 ? location : location.slice(0, hash),
    fragment: new URLSearchParams(hash === -1 ? '' : location.slice(hash + 1)),
  };
}

/** Signs up, opens the confirmation link from the mail and adopts the session it carries. */
export async function signUpAndConfirm(
  client: SupabaseClient,
  email: string,
  options: { password?: string; data?: Record<string, unknown>; dataDir?: string; url?: string } = {},
): Promise<Session> {
  const url = options.url ?? inject('backend').url;
  const signUp = await client.auth.signUp({
    email,
    password: options.password ?? PASSWORD,
    options: { data: options.data ?? {}, emailRedirectTo: `${url}/` },
  });
  if (signUp.error) throw signUp.error;
  const mail = await waitForMail(options.dataDir ?? inject('backend').dataDir, email, { kind: 'signup' });
  const followed = await followLink(linkIn(mail));
  const accessToken = followed.fragment.get('access_token');
  const refreshToken = followed.fragment.get('refresh_token');
  if (!accessToken || !refreshToken)
    throw new Error(`the confirmation link gave no session: ${followed.fragment.toString()}`);
  const { data, error } = await client.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
  if (error || !data.session) throw error ?? new Error('setSession gave no session');
  return data.session;
}

/** The database as its owner, for what no API offers yet (banning a user). */
export async function withDatabase<T>(
  work: (client: pg.Client) => Promise<T>,
  connectionString = inject('backend').connectionString,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export type TestRole = 'user' | 'moderator' | 'admin' | 'verified_researcher';

export interface SignedInUser {
  client: SupabaseClient;
  userId: string;
  email: string;
  session: Session;
}

/** A backend other than the run's shared one (a test that starts its own). */
export type BackendTarget = Pick<TestBackend, 'url' | 'anonKey' | 'dataDir' | 'connectionString'>;

/**
 * A confirmed account signed in through supabase-js, holding `role` besides the default 'user'.
 * Admins enrol TOTP and verify it, so their session is aal2, as the admin area requires.
 */
export async function signedInAs(
  role: TestRole = 'user',
  label: string = role,
  backend: BackendTarget = inject('backend'),
): Promise<SignedInUser> {
  const email = uniqueEmail(label);
  const client = visitor(visitorAddress(), backend.url, backend.anonKey);
  let session = await signUpAndConfirm(client, email, { url: backend.url, dataDir: backend.dataDir });
  const userId = session.user.id;
  if (role !== 'user') {
    await withDatabase(
      (db) =>
        db.query('insert into public.user_roles (user_id, role) values ($1, $2) on conflict do nothing', [
          userId,
          role,
        ]),
      backend.connectionString,
    );
  }
  if (role === 'admin') {
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Test authenticator' });
    if (enrolled.error) throw enrolled.error;
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: await generate({ secret: enrolled.data.totp.secret }),
    });
    if (verified.error) throw verified.error;
    const current = await client.auth.getSession();
    if (!current.data.session) throw new Error('no session after the second factor');
    session = current.data.session;
  }
  return { client, userId, email, session };
}
