import type { Queryable } from './db.ts';
import { validationFailed } from './errors.ts';
import { identityJson, type IdentityRow } from './oauth/identities.ts';

/** A row of auth.users, as this service reads it. */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  banned_until: Date | null;
  /** When an administrator last invited the address (POST /invite, generate_link). */
  invited_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp';
  status: 'unverified' | 'verified';
  secret: string;
  last_time_step: string | null;
  created_at: Date;
  updated_at: Date;
}

// An account made with ORCID has no address: '' here, as GoTrue answers it.
export const USER_COLUMNS = `id, aud, role, coalesce(email, '') as email, encrypted_password, email_confirmed_at, confirmation_sent_at, recovery_sent_at,
  email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, banned_until,
  invited_at, created_at, updated_at`;

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

const MAX_EMAIL_LENGTH = 255;
/**
 * GoTrue's format check (the checkmail library): ASCII letters, digits and a few symbols before
 * the @, then dot-separated labels of letters, digits and inner hyphens, at most 63 long each.
 */
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * GoTrue's validateEmail, check for check: required, at most 255 bytes, its format; compared in
 * lower case. Nothing is trimmed, as GoTrue trims nothing (docs/product.md#e-mail-addresses).
 */
export function normalizeEmail(email: unknown): string {
  if (email === undefined || email === null || email === '') throw validationFailed('An email address is required');
  if (typeof email !== 'string') throw validationFailed('email must be a string');
  if (Buffer.byteLength(email, 'utf8') > MAX_EMAIL_LENGTH) throw validationFailed('An email address is too long');
  if (!EMAIL_FORMAT.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

export function isBanned(user: Pick<UserRow, 'banned_until'>, now = new Date()): boolean {
  return user.banned_until !== null && user.banned_until > now;
}

export async function findUserByEmail(
  db: Queryable,
  email: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null${options.forUpdate ? ' for update' : ''}`,
    [email],
  );
  return rows[0];
}

export async function findUserById(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null${options.forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function insertUser(
  db: Queryable,
  // No hash: the account has no password until its owner sets one (an invitation).
  user: { email: string; passwordHash: string | null; userMetadata: Record<string, unknown>; confirmed: boolean },
): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data, raw_app_meta_data, email_confirmed_at)
     values ($1, $2, $3, $4, case when $5::boolean then now() end)
     returning ${USER_COLUMNS}`,
    [user.email, user.passwordHash, user.userMetadata, EMAIL_APP_METADATA, user.confirmed],
  );
  return rows[0]!;
}

/**
 * An account made by signing in with a provider: no password; its address (when the provider gave
 * a verified one) is confirmed by the provider, and its metadata is the provider's identity data.
 */
export async function insertOAuthUser(
  db: Queryable,
  user: { email: string | undefined; provider: string; userMetadata: Record<string, unknown> },
): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (email, raw_user_meta_data, raw_app_meta_data, email_confirmed_at)
     values ($1, $2, $3, case when $1::text is not null then now() end)
     returning ${USER_COLUMNS}`,
    [user.email ?? null, user.userMetadata, { provider: user.provider, providers: [user.provider] }],
  );
  return rows[0]!;
}

/** The columns this service changes; names come from this list only, values are parameters. */
const UPDATABLE_COLUMNS = [
  'email',
  'encrypted_password',
  'email_confirmed_at',
  'confirmation_sent_at',
  'recovery_sent_at',
  'email_change',
  'email_change_sent_at',
  'last_sign_in_at',
  'raw_user_meta_data',
  'raw_app_meta_data',
  'banned_until',
  'invited_at',
] as const;
/** A column left undefined is not changed; null clears it (e.g. `banned_until: null` lifts a ban). */
export type UserChanges = Partial<{ [Column in (typeof UPDATABLE_COLUMNS)[number]]: UserRow[Column] }>;

export async function updateUser(db: Queryable, id: string, changes: UserChanges): Promise<UserRow> {
  const columns = UPDATABLE_COLUMNS.filter((column) => changes[column] !== undefined);
  const assignments = columns.map((column, index) => `${column} = $${index + 2}`);
  const { rows } = await db.query<UserRow>(
    `update auth.users set ${[...assignments, 'updated_at = now()'].join(', ')} where id = $1 returning ${USER_COLUMNS}`,
    [id, ...columns.map((column) => changes[column])],
  );
  if (!rows[0]) throw new Error(`auth user ${id} vanished during an update`);
  return rows[0];
}

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select id, user_id, friendly_name, factor_type, status, secret, last_time_step::text, created_at, updated_at
     from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

export function hasVerifiedFactor(factors: FactorRow[]): boolean {
  return factors.some((factor) => factor.status === 'verified');
}

const iso = (date: Date | null) => (date ? date.toISOString() : undefined);

/**
 * The user object as GoTrue serialises it (models/user.go): absent timestamps are left out. The
 * e-mail identity is derived (an account with a password has one); the others are auth.identities.
 */
export function userJson(user: UserRow, factors: FactorRow[], identities: IdentityRow[] = []): Record<string, unknown> {
  const emailConfirmedAt = iso(user.email_confirmed_at);
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: emailConfirmedAt,
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: emailConfirmedAt,
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change ?? undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: [...(hasEmailIdentity(user) ? [emailIdentity(user)] : []), ...identities.map(identityJson)],
    factors: factors.map(factorJson),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    banned_until: iso(user.banned_until),
    invited_at: iso(user.invited_at),
    is_anonymous: false,
  };
}

/** Accounts made with e-mail and password; GoTrue keeps their identity in auth.identities. */
export function hasEmailIdentity(user: Pick<UserRow, 'raw_app_meta_data'>): boolean {
  const providers = user.raw_app_meta_data.providers;
  return Array.isArray(providers) && providers.includes('email');
}

/** The e-mail identity of an account with a password, as GoTrue answers it. */
function emailIdentity(user: UserRow): Record<string, unknown> {
  return {
    identity_id: user.id,
    id: user.id,
    user_id: user.id,
    identity_data: {
      email: user.email,
      email_verified: user.email_confirmed_at !== null,
      phone_verified: false,
      sub: user.id,
    },
    provider: 'email',
    last_sign_in_at: iso(user.last_sign_in_at),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    email: user.email,
  };
}

export function factorJson(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? '',
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
  };
}
