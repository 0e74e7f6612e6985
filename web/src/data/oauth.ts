import { z } from 'zod';
import { attempt, failure, type AuthFailure } from './auth-session.ts';
import { getSupabase } from './supabase-client.ts';

/** The outside accounts SciAI signs in with (docs/product.md#sign-in-with-a-provider). */
export type SignInProvider = 'orcid' | 'github';

/**
 * supabase-js's name for each: ORCID is `custom:orcid`, the name a hosted Supabase project gives
 * it as a custom OpenID Connect provider, which the embedded auth service answers to as well.
 */
const CLIENT_PROVIDER = { orcid: 'custom:orcid', github: 'github' } as const;

const SettingsSchema = z.object({
  external: z.record(z.string(), z.unknown()).optional(),
});

export const authProvidersKey = () => 'auth-providers' as const;

/** Which providers the auth service has switched on: its /settings `external` map, as GoTrue reports it. */
export async function fetchEnabledProviders(): Promise<Record<SignInProvider, boolean>> {
  const config = window.__SCIAI_CONFIG__;
  if (!config) return { orcid: false, github: false };
  const base = config.supabaseUrl ?? window.location.origin;
  const response = await fetch(`${base}/auth/v1/settings`, { headers: { apikey: config.supabaseAnonKey } });
  if (!response.ok) throw new Error(`The auth settings answered ${response.status}`);
  const external = SettingsSchema.parse(await response.json()).external ?? {};
  return { orcid: external.orcid === true, github: external.github === true };
}

/**
 * Sends the browser to the provider; it comes back to the sign-in page, which finishes the
 * sign-in and goes on to `redirectPath` (a path from safeRedirectPath).
 */
export function signInWithProvider(provider: SignInProvider, redirectPath: string): Promise<AuthFailure | null> {
  const back = new URL('/auth/signin', window.location.origin);
  back.searchParams.set('redirect', redirectPath);
  return attempt((supabase) =>
    supabase.auth.signInWithOAuth({ provider: CLIENT_PROVIDER[provider], options: { redirectTo: back.href } }),
  );
}

/** Connect ORCID: ORCID's sign-in for the signed-in user, back to the profile page. */
export function connectOrcid(): Promise<AuthFailure | null> {
  return attempt((supabase) =>
    supabase.auth.linkIdentity({
      provider: CLIENT_PROVIDER.orcid,
      options: { redirectTo: new URL('/profile', window.location.origin).href },
    }),
  );
}

/** Disconnect ORCID: the identity goes, and with it the verified iD. */
export async function disconnectOrcid(): Promise<AuthFailure | null> {
  try {
    const supabase = await getSupabase();
    const { data, error } = await supabase.auth.getUserIdentities();
    if (error) return failure(error);
    const identity = data.identities.find((candidate) => candidate.provider === 'orcid');
    if (!identity) return null;
    const unlinked = await supabase.auth.unlinkIdentity(identity);
    if (unlinked.error) return failure(unlinked.error);
    // The session's user (and its identities) as they are now.
    await supabase.auth.refreshSession();
    return null;
  } catch (error) {
    return failure(error);
  }
}

export interface VerifiedOrcid {
  orcidId: string;
  /** The name on the ORCID record. */
  name: string | null;
}

const VerifiedOrcidRowSchema = z.object({ orcid_id: z.string(), orcid_name: z.string().nullable() });
const toVerified = (row: z.infer<typeof VerifiedOrcidRowSchema>): VerifiedOrcid => ({
  orcidId: row.orcid_id,
  name: row.orcid_name,
});

export const myVerifiedOrcidKey = (userId: string) => ['verified-orcid', userId] as const;

/** The signed-in user's ORCID-verified iD, or null. */
export async function fetchMyVerifiedOrcid(userId: string): Promise<VerifiedOrcid | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('verified_orcid_ids')
    .select('orcid_id, orcid_name')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw new Error(`verified ORCID iD: ${error.message}`);
  return data ? toVerified(VerifiedOrcidRowSchema.parse(data)) : null;
}

export const publicProfileOrcidKey = (handle: string) => ['public-profile-orcid', handle.toLowerCase()] as const;

/** The ORCID-verified iD of a public profile, or null. */
export async function fetchPublicProfileOrcid(handle: string): Promise<VerifiedOrcid | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('public_profile_orcid', { _handle: handle });
  if (error) throw new Error(`verified ORCID iD: ${error.message}`);
  const [row] = data;
  return row ? toVerified(VerifiedOrcidRowSchema.parse(row)) : null;
}

/** The iD a profile shows: the ORCID-verified one when there is one; else the typed one, not verified. */
export function shownOrcid(
  verified: string | undefined,
  typed: string | null | undefined,
): { id: string; verified: boolean } | null {
  if (verified) return { id: verified, verified: true };
  return typed ? { id: typed, verified: false } : null;
}

/** An account whose only way in is ORCID (app_metadata.providers), which cannot disconnect it. */
export function signsInWithOrcidOnly(appMetadata: { providers?: unknown }): boolean {
  const providers = Array.isArray(appMetadata.providers) ? appMetadata.providers : [];
  return providers.length > 0 && providers.every((provider) => provider === 'orcid');
}
