import { t } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

export interface TotpEnrollment {
  factorId: string;
  /** An SVG data URI from the auth service. */
  qrCode: string;
  secret: string;
}

export const twoFactorKey = (userId: string) => ['two-factor', userId] as const;

/** The id of the user's verified authenticator app, or null when 2FA is off. */
export async function fetchVerifiedTotpFactor(): Promise<string | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw new Error(error.message);
  return data.totp.find((factor) => factor.status === 'verified')?.id ?? null;
}

/**
 * supabase-js puts the auth service's raw SVG behind `data:image/svg+xml;utf-8,` without
 * escaping it, and the `#` of the SVG's colours would end the URI there. Re-encoded, the
 * browser reads the whole image.
 */
export function qrCodeImageSource(qrCode: string): string {
  const svgStart = qrCode.indexOf('<svg');
  if (svgStart === -1) return qrCode; // already a well-formed (e.g. base64) data URI
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode.slice(svgStart))}`;
}

/** Starts enrolling an authenticator app; enrolments left unfinished earlier are dropped first. */
export async function startTotpEnrollment(): Promise<TotpEnrollment> {
  const supabase = await getSupabase();
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) throw new Error(listed.error.message);
  for (const factor of listed.data.all) {
    if (factor.factor_type === 'totp' && factor.status === 'unverified')
      await supabase.auth.mfa.unenroll({ factorId: factor.id });
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
  if (error) throw new Error(error.message);
  return { factorId: data.id, qrCode: qrCodeImageSource(data.totp.qr_code), secret: data.totp.secret };
}

/** Confirms the enrolment with a code from the app; the session becomes aal2. */
export async function confirmTotpEnrollment(factorId: string, code: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
  if (error) throw new Error(error.message);
}

interface BackupCodesResponse {
  codes?: unknown;
  msg?: unknown;
  message?: unknown;
}

/**
 * Ten single-use backup codes (SciAI's addition to GoTrue's API, so supabase-js has no call
 * for it): the auth service needs this session's aal2 token; earlier codes stop working.
 */
export async function createBackupCodes(factorId: string): Promise<string[]> {
  const config = window.__SCIAI_CONFIG__;
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!config || !token) throw new Error('No user logged in');
  const base = config.supabaseUrl ?? window.location.origin;
  const response = await fetch(`${base}/auth/v1/factors/${encodeURIComponent(factorId)}/backup-codes`, {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const body: BackupCodesResponse = await response.json().catch(() => ({}));
  if (!response.ok) {
    const message =
      typeof body.msg === 'string'
        ? body.msg
        : typeof body.message === 'string'
          ? body.message
          : t('Could not create backup codes');
    throw new Error(message);
  }
  const codes = Array.isArray(body.codes) ? body.codes.filter((code): code is string => typeof code === 'string') : [];
  if (codes.length === 0) throw new Error('Could not create backup codes');
  return codes;
}

/** Turns 2FA off (needs this session at aal2), then refreshes so the token says aal1 again. */
export async function disableTotp(factorId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw new Error(error.message);
  await supabase.auth.refreshSession();
}
