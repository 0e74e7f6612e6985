import { z } from 'zod';
import { CONTENT_TYPES, StoredSubmissionSchema, type StoredSubmission, type SubmissionRow } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

/** An item or open submission that may describe the same thing (find_possible_duplicates). */
export const PossibleDuplicateSchema = z.object({
  kind: z.enum(['item', 'submission']),
  id: z.string(),
  title: z.string(),
  content_type: z.enum(CONTENT_TYPES),
  slug: z.string().nullable(),
  status: z.string(),
  reason: z.enum(['doi', 'url', 'title']),
  similarity: z.number(),
});
export type PossibleDuplicate = z.infer<typeof PossibleDuplicateSchema>;

const SUBMISSION_COLUMNS =
  'id, submitter_id, title, description, short_description, content_type, url, domains, key_features, relationship_to_content, metadata, status, review_reason, reviewed_at, content_id, created_at, updated_at';

/** A submission with, once approved, where its item lives. */
export interface SubmissionWithItem extends StoredSubmission {
  item: { slug: string; content_type: StoredSubmission['content_type'] } | null;
}

function parseSubmissions(rows: unknown): StoredSubmission[] {
  return z.array(StoredSubmissionSchema).parse(rows);
}

/** docs/product.md#contribute: insert into content_submissions as the signed-in user; status starts pending. */
export async function submitContribution(submitterId: string, row: SubmissionRow): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('content_submissions').insert({ ...row, submitter_id: submitterId });
  if (error) throw new Error(error.message);
}

/** Sends a submission that came back with 'changes requested' again, edited. */
export async function resubmitContribution(submissionId: string, row: SubmissionRow): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('resubmit_submission', { submission_id: submissionId, submission: row });
  if (error) throw new Error(error.message);
}

export interface DuplicateQuery {
  title: string;
  url?: string | null;
  doi?: string | null;
  excludeSubmission?: string | null;
}

export const possibleDuplicatesKey = (query: DuplicateQuery) =>
  ['possible-duplicates', query.title.trim(), query.url ?? '', query.doi ?? '', query.excludeSubmission ?? ''] as const;

export async function findPossibleDuplicates(query: DuplicateQuery): Promise<PossibleDuplicate[]> {
  const supabase = await getSupabase();
  // An argument left out takes the function's default, NULL: no URL, no DOI, nothing excluded.
  const { data, error } = await supabase.rpc('find_possible_duplicates', {
    candidate_title: query.title,
    candidate_url: query.url || undefined,
    candidate_doi: query.doi || undefined,
    exclude_submission: query.excludeSubmission ?? undefined,
  });
  if (error) throw new Error(error.message);
  return z.array(PossibleDuplicateSchema).parse(data);
}

const ItemLinkSchema = z.object({ id: z.string(), slug: z.string(), content_type: z.enum(CONTENT_TYPES) });

/** Where approved submissions' items live (published items are public). */
async function withItems(submissions: StoredSubmission[]): Promise<SubmissionWithItem[]> {
  const ids = submissions.flatMap((s) => (s.content_id ? [s.content_id] : []));
  const items = new Map<string, SubmissionWithItem['item']>();
  if (ids.length > 0) {
    const supabase = await getSupabase();
    const { data, error } = await supabase.from('content_items').select('id, slug, content_type').in('id', ids);
    if (error) throw new Error(error.message);
    for (const row of z.array(ItemLinkSchema).parse(data))
      items.set(row.id, { slug: row.slug, content_type: row.content_type });
  }
  return submissions.map((s) => ({ ...s, item: s.content_id ? (items.get(s.content_id) ?? null) : null }));
}

export const mySubmissionsKey = (userId: string) => ['my-submissions', userId] as const;

/** The signed-in user's submissions, newest first. */
export async function fetchMySubmissions(userId: string): Promise<SubmissionWithItem[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('content_submissions')
    .select(SUBMISSION_COLUMNS)
    .eq('submitter_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  return withItems(parseSubmissions(data));
}

/** One of the user's own submissions (to edit it after changes were requested). */
export async function fetchMySubmission(submissionId: string): Promise<StoredSubmission | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('content_submissions').select(SUBMISSION_COLUMNS).eq('id', submissionId);
  if (error) throw new Error(error.message);
  return parseSubmissions(data)[0] ?? null;
}

export interface QueuedSubmission extends StoredSubmission {
  submitterName: string | null;
}

/** SWR key of the moderation queue. */
export const pendingSubmissionsKey = () => 'pending-submissions' as const;

/** The moderation queue: pending submissions, oldest first, with who sent them. */
export async function fetchPendingSubmissions(): Promise<QueuedSubmission[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('content_submissions')
    .select(SUBMISSION_COLUMNS)
    .eq('status', 'pending')
    .order('created_at', { ascending: true })
    .limit(100);
  if (error) throw new Error(error.message);
  const submissions = parseSubmissions(data);
  const submitters = [...new Set(submissions.map((s) => s.submitter_id))];
  const names = new Map<string, string | null>();
  if (submitters.length > 0) {
    const profiles = await supabase.from('user_profiles').select('id, display_name').in('id', submitters);
    if (profiles.error) throw new Error(profiles.error.message);
    for (const p of profiles.data) names.set(p.id, p.display_name);
  }
  return submissions.map((s) => ({ ...s, submitterName: names.get(s.submitter_id) ?? null }));
}

const ApprovedSchema = z.object({ content_id: z.string(), slug: z.string(), content_type: z.enum(CONTENT_TYPES) });

export async function approveSubmission(submissionId: string): Promise<z.infer<typeof ApprovedSchema>> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('approve_submission', { submission_id: submissionId });
  if (error) throw new Error(error.message);
  return ApprovedSchema.parse(data);
}

export async function requestChanges(submissionId: string, reason: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('request_changes', { submission_id: submissionId, reason });
  if (error) throw new Error(error.message);
}

export async function rejectSubmission(submissionId: string, reason: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('reject_submission', { submission_id: submissionId, reason });
  if (error) throw new Error(error.message);
}
