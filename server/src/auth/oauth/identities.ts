import type { Queryable } from '../db.ts';
import type { OAuthProviderName } from './provider-config.ts';
import type { ProviderAccount } from './providers.ts';

/** A row of auth.identities: an account at an outside provider, joined to a SciAI account. */
export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: OAuthProviderName;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export const IDENTITY_COLUMNS =
  'id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email';

export async function listIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export async function findIdentity(
  db: Queryable,
  provider: OAuthProviderName,
  subject: string,
): Promise<IdentityRow | undefined> {
  const { rows } = await db.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where provider = $1 and provider_id = $2 for update`,
    [provider, subject],
  );
  return rows[0];
}

export async function insertIdentity(
  db: Queryable,
  userId: string,
  provider: OAuthProviderName,
  account: ProviderAccount,
): Promise<IdentityRow> {
  const { rows } = await db.query<IdentityRow>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1, $2, $3, $4, now()) returning ${IDENTITY_COLUMNS}`,
    [account.subject, userId, account.identityData, provider],
  );
  return rows[0]!;
}

/** A sign-in with an identity already known: the provider's latest data replaces the old. */
export async function touchIdentity(db: Queryable, identity: IdentityRow, account: ProviderAccount): Promise<void> {
  await db.query(
    `update auth.identities set identity_data = $2, last_sign_in_at = now(), updated_at = now() where id = $1`,
    [identity.id, account.identityData],
  );
}

/**
 * GoTrue's UpdateAppMetaDataProviders: app_metadata.providers lists the ways into the account,
 * "email" first when it has a password, then each provider of its identities; app_metadata.provider
 * keeps the first way the account was made.
 */
export async function refreshProviders(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users u set raw_app_meta_data = u.raw_app_meta_data || jsonb_build_object(
       'providers', to_jsonb(array(
         select p from (
           select 'email' as p, 0 as o where u.encrypted_password is not null
           union
           select i.provider, 1 from auth.identities i where i.user_id = u.id
         ) ways order by o, p)),
       'provider', coalesce(u.raw_app_meta_data ->> 'provider',
         (select i.provider from auth.identities i where i.user_id = u.id order by i.created_at limit 1), 'email')),
       updated_at = now()
     where u.id = $1`,
    [userId],
  );
}

/** The provider's token of the latest sign-in, kept for calls made on the user's behalf. */
export async function storeProviderToken(
  db: Queryable,
  userId: string,
  provider: OAuthProviderName,
  account: ProviderAccount,
): Promise<void> {
  await db.query(
    `insert into auth.provider_tokens (user_id, provider, access_token, refresh_token, scopes)
     values ($1, $2, $3, $4, $5)
     on conflict (user_id, provider) do update set access_token = excluded.access_token,
       refresh_token = excluded.refresh_token, scopes = excluded.scopes, updated_at = now()`,
    [userId, provider, account.accessToken, account.refreshToken ?? null, account.scopes ?? null],
  );
}

/**
 * An ORCID identity is the proof of its iD: the iD (and the name on the ORCID record) becomes the
 * account's verified ORCID iD, which users cannot write through the Data API.
 */
export async function recordVerifiedOrcid(db: Queryable, userId: string, account: ProviderAccount): Promise<void> {
  const name = typeof account.identityData.name === 'string' ? account.identityData.name : null;
  await db.query(
    `insert into public.verified_orcid_ids (user_id, orcid_id, orcid_name) values ($1, $2, $3)
     on conflict (user_id) do update set orcid_id = excluded.orcid_id, orcid_name = excluded.orcid_name,
       verified_at = now()`,
    [userId, account.subject, name],
  );
}

/** Removes an identity and what it proved or held: the verified iD, the provider's token. */
export async function deleteIdentity(db: Queryable, identity: IdentityRow): Promise<void> {
  await db.query(`delete from auth.identities where id = $1`, [identity.id]);
  await db.query(`delete from auth.provider_tokens where user_id = $1 and provider = $2`, [
    identity.user_id,
    identity.provider,
  ]);
  if (identity.provider === 'orcid') {
    await db.query(`delete from public.verified_orcid_ids where user_id = $1 and orcid_id = $2`, [
      identity.user_id,
      identity.provider_id,
    ]);
  }
  await refreshProviders(db, identity.user_id);
}

const iso = (date: Date | null) => (date ? date.toISOString() : undefined);

/** An identity as GoTrue serialises it (models/identity.go). */
export function identityJson(identity: IdentityRow): Record<string, unknown> {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    email: identity.email ?? undefined,
  };
}
