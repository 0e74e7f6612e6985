import type pg from 'pg';
import { forbidden, unprocessable } from '../errors.ts';
import type { AuthSettings } from '../site-settings.ts';
import { findUserByEmail, findUserById, insertOAuthUser, isBanned, type UserRow } from '../users.ts';
import {
  findIdentity,
  insertIdentity,
  listIdentities,
  recordVerifiedOrcid,
  refreshProviders,
  storeProviderToken,
  touchIdentity,
} from './identities.ts';
import type { OAuthProviderName } from './provider-config.ts';
import type { ProviderAccount } from './providers.ts';

export const ORCID_TAKEN_MESSAGE = 'This ORCID iD is already connected to another SciAI account.';
export const EMAIL_TAKEN_MESSAGE =
  'An account with this email address already exists. Sign in with your email address and password.';

/**
 * Which account a provider's sign-in opens (GoTrue's DetermineAccountLinking, made stricter):
 * 1. the account that already has this identity;
 * 2. else the account with the same address, only when the provider says the address is verified
 *    AND that account has confirmed it: both sides proved it (ORCID gives no address: never);
 *    an account with the address that is not proven on both sides is refused, never joined;
 * 3. else a new account, when sign-up is open and the provider's address (if any) is verified.
 */
export async function accountForSignIn(
  client: pg.PoolClient,
  provider: OAuthProviderName,
  account: ProviderAccount,
  settings: AuthSettings,
): Promise<UserRow> {
  const identity = await findIdentity(client, provider, account.subject);
  if (identity) {
    const user = await findUserById(client, identity.user_id, { forUpdate: true });
    if (!user) throw new Error('an identity without its account');
    refuseBanned(user);
    await touchIdentity(client, identity, account);
    await afterIdentity(client, user.id, provider, account);
    return user;
  }
  const existing = account.email ? await findUserByEmail(client, account.email, { forUpdate: true }) : undefined;
  if (existing) {
    refuseBanned(existing);
    if (!account.emailVerified || !existing.email_confirmed_at)
      throw unprocessable('email_exists', EMAIL_TAKEN_MESSAGE);
    // One account per provider: an account already joined to another GitHub account keeps it.
    if ((await listIdentities(client, existing.id)).some((held) => held.provider === provider)) {
      throw unprocessable('identity_already_exists', EMAIL_TAKEN_MESSAGE);
    }
    return joinIdentity(client, existing, provider, account);
  }
  if (!settings.registrationOpen) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  if (account.email && !account.emailVerified) {
    throw unprocessable(
      'provider_email_needs_verification',
      `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`,
    );
  }
  const user = await insertOAuthUser(client, {
    email: account.email,
    provider,
    userMetadata: account.identityData,
  });
  await insertIdentity(client, user.id, provider, account);
  await afterIdentity(client, user.id, provider, account);
  return user;
}

/**
 * linkIdentity: the signed-in account gains the identity (ORCID: its verified iD). An identity
 * belongs to one account; an account holds one identity per provider.
 */
export async function linkIdentity(
  client: pg.PoolClient,
  targetUserId: string,
  provider: OAuthProviderName,
  account: ProviderAccount,
): Promise<UserRow> {
  const target = await findUserById(client, targetUserId, { forUpdate: true });
  if (!target) throw unprocessable('user_not_found', 'Linking target user not found');
  refuseBanned(target);
  const identity = await findIdentity(client, provider, account.subject);
  if (identity) {
    if (identity.user_id === target.id) throw unprocessable('identity_already_exists', 'Identity is already linked');
    throw unprocessable(
      'identity_already_exists',
      provider === 'orcid' ? ORCID_TAKEN_MESSAGE : 'Identity is already linked to another user',
    );
  }
  const held = (await listIdentities(client, target.id)).find((candidate) => candidate.provider === provider);
  if (held) {
    throw unprocessable(
      'identity_already_exists',
      provider === 'orcid'
        ? 'This account already has an ORCID iD connected. Disconnect it before connecting another.'
        : `This account already has a ${provider} identity.`,
    );
  }
  return joinIdentity(client, target, provider, account);
}

async function joinIdentity(
  client: pg.PoolClient,
  user: UserRow,
  provider: OAuthProviderName,
  account: ProviderAccount,
): Promise<UserRow> {
  await insertIdentity(client, user.id, provider, account);
  await afterIdentity(client, user.id, provider, account);
  return user;
}

async function afterIdentity(
  client: pg.PoolClient,
  userId: string,
  provider: OAuthProviderName,
  account: ProviderAccount,
): Promise<void> {
  await refreshProviders(client, userId);
  await storeProviderToken(client, userId, provider, account);
  if (provider === 'orcid') await recordVerifiedOrcid(client, userId, account);
}

function refuseBanned(user: UserRow): void {
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
}
