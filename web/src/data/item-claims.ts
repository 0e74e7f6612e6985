import { z } from 'zod';
import { CLAIM_METHODS, CLAIM_STATUSES } from '@sciai/core';
import { getSupabase, pageLanguageHeader } from './supabase-client.ts';
import { t } from '../i18n/index.ts';

/** Claims (docs/product.md#claims): what the item page, the claim dialog and the settings call. */

const MethodSchema = z.enum(CLAIM_METHODS);
const StatusSchema = z.enum(CLAIM_STATUSES);

export const ItemClaimSummarySchema = z.object({
  maintainer: z
    .object({
      name: z.string().nullable(),
      handle: z.string().nullable(),
      since: z.string().nullable(),
      method: MethodSchema,
    })
    .nullable(),
  is_maintainer: z.boolean(),
  methods: z.array(MethodSchema),
  github_url: z.string().nullable(),
  website: z.string().nullable(),
  /** How many of the maintainers' changes the item's record shows. */
  changes: z.number().int().nonnegative(),
  my_claim: z
    .object({
      id: z.string(),
      status: StatusSchema,
      method: MethodSchema,
      reason: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
});
export type ItemClaimSummary = z.infer<typeof ItemClaimSummarySchema>;

export const MyClaimSchema = z.object({
  id: z.string(),
  status: StatusSchema,
  method: MethodSchema,
  reason: z.string().nullable(),
  created_at: z.string(),
  mine: z.boolean(),
  transfer_pending: z.boolean(),
  offered_to_me: z.boolean(),
  content_id: z.string(),
  title: z.string(),
  slug: z.string(),
  content_type: z.enum(['software', 'paper', 'company', 'agent']),
});
export type MyClaim = z.infer<typeof MyClaimSchema>;

export const itemClaimSummaryKey = (contentId: string) => ['item-claim-summary', contentId] as const;
export const myClaimsKey = () => 'my-item-claims' as const;

/** Who maintains the item, how it can be claimed, and the signed-in user's own claim; null when not published. */
export async function getItemClaimSummary(contentId: string): Promise<ItemClaimSummary | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('item_claim_summary', { _content_id: contentId });
  if (error) throw error;
  return data === null ? null : ItemClaimSummarySchema.parse(data);
}

export async function listMyClaims(): Promise<MyClaim[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('my_item_claims');
  if (error) throw error;
  return z.array(MyClaimSchema).parse(data);
}

export async function submitEvidenceClaim(contentId: string, evidence: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('submit_item_claim', { _content_id: contentId, _evidence: evidence });
  if (error) throw error;
}

export async function claimByOrcid(contentId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('claim_item_by_orcid', { _content_id: contentId });
  if (error) throw error;
}

export async function withdrawClaim(claimId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('withdraw_item_claim', { _claim_id: claimId });
  if (error) throw error;
}

/** Offers the item to a user by handle or e-mail; an empty recipient takes the offer back. */
export async function offerClaimTransfer(claimId: string, recipient: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('offer_item_claim_transfer', { _claim_id: claimId, _recipient: recipient });
  if (error) throw error;
}

export async function answerClaimTransfer(claimId: string, accept: boolean): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('answer_item_claim_transfer', { _claim_id: claimId, _accept: accept });
  if (error) throw error;
}

/** A refusal of the claims endpoint, with the sentence it gave. */
export class ClaimRefusedError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ClaimRefusedError';
    this.status = status;
  }
}

/**
 * POST /claims/v1/<path>: the proofs the server checks (the repository with the user's GitHub
 * connection, the e-mail code), with the API key and the session.
 */
async function postClaimProof(path: 'github' | 'email/code' | 'email/verify', body: object): Promise<unknown> {
  const config = window.__SCIAI_CONFIG__;
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  if (!config?.supabaseAnonKey || !data.session) throw new ClaimRefusedError(401, t('Sign in to claim an item.'));
  const response = await fetch(`/claims/v1/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: config.supabaseAnonKey,
      authorization: `Bearer ${data.session.access_token}`,
      // the code's mail is written in the page's language
      ...pageLanguageHeader(),
    },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok) return answer;
  const message = z.object({ message: z.string() }).safeParse(answer);
  throw new ClaimRefusedError(
    response.status,
    message.success ? message.data.message : t('The claim could not be checked. Please try again.'),
  );
}

export async function claimByGithub(contentId: string): Promise<void> {
  await postClaimProof('github', { content_id: contentId });
}

export async function sendClaimCode(contentId: string, email: string): Promise<void> {
  await postClaimProof('email/code', { content_id: contentId, email });
}

export async function verifyClaimCode(contentId: string, code: string): Promise<void> {
  await postClaimProof('email/verify', { content_id: contentId, code });
}
