import { z } from 'zod';
import { CLAIM_METHODS, CLAIM_STATUSES, type ClaimStatus } from '@sciai/core';
import { FACT_FIELDS } from './item-maintenance.ts';
import { getSupabase } from './supabase-client.ts';

/** Claims for admins to decide, and maintainers' changes for moderators (docs/product.md#claims). */

const ContentTypeSchema = z.enum(['software', 'paper', 'company', 'agent']);

export const AdminClaimSchema = z.object({
  id: z.string(),
  status: z.enum(CLAIM_STATUSES),
  method: z.enum(CLAIM_METHODS),
  evidence: z.string().nullable(),
  proof: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  content_id: z.string(),
  title: z.string(),
  slug: z.string(),
  content_type: ContentTypeSchema,
  claimant_email: z.string(),
  claimant_name: z.string().nullable(),
});
export type AdminClaim = z.infer<typeof AdminClaimSchema>;
export type ClaimDecision = 'approve' | 'reject' | 'revoke';

export const PendingFactChangeSchema = z.object({
  id: z.string(),
  field: z.enum(FACT_FIELDS),
  old_value: z.unknown(),
  new_value: z.unknown(),
  created_at: z.string(),
  content_id: z.string(),
  title: z.string(),
  slug: z.string(),
  content_type: ContentTypeSchema,
  changed_by_email: z.string().nullable(),
});
export type PendingFactChange = z.infer<typeof PendingFactChangeSchema>;

export const adminClaimsKey = (status: ClaimStatus) => ['admin-item-claims', status] as const;
export const pendingFactChangesKey = () => 'pending-fact-changes' as const;

export async function listAdminClaims(status: ClaimStatus): Promise<AdminClaim[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_list_item_claims', { _status: status });
  if (error) throw error;
  return z.array(AdminClaimSchema).parse(data);
}

export async function decideClaim(claimId: string, decision: ClaimDecision, reason?: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_decide_item_claim', {
    _claim_id: claimId,
    _decision: decision,
    ...(reason ? { _reason: reason } : {}),
  });
  if (error) throw error;
}

export async function listPendingFactChanges(): Promise<PendingFactChange[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('pending_item_fact_changes');
  if (error) throw error;
  return z.array(PendingFactChangeSchema).parse(data);
}

export async function decideFactChange(changeId: string, approve: boolean, reason?: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('decide_item_fact_change', {
    _change_id: changeId,
    _approve: approve,
    ...(reason ? { _reason: reason } : {}),
  });
  if (error) throw error;
}
