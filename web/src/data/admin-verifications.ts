import { z } from 'zod';
import { getSupabase } from './supabase-client.ts';
import { VerificationRequestSchema, type VerificationRequest } from './admin-schemas.ts';

export { VerificationRequestSchema };
export type { VerificationRequest };

export const adminVerificationsKey = () => 'admin-verifications' as const;

/** Profiles waiting for a decision, oldest request first. */
export async function listPendingVerifications(): Promise<VerificationRequest[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_pending_verifications');
  if (error) throw error;
  return z.array(VerificationRequestSchema).parse(data);
}

export async function approveVerification(userId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_decide_verification', { target: userId, approve: true });
  if (error) throw error;
}

/** The reason is stored on the profile, where the user reads it. */
export async function rejectVerification(userId: string, reason: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_decide_verification', { target: userId, approve: false, reason });
  if (error) throw error;
}
