import type { FollowTargetType } from '@sciai/core';
import type { FieldPage, FollowEntry, FollowState, OrganizationPage } from './follow-schemas.ts';
import { getSupabase } from './supabase-client.ts';

export type { FieldPage, FollowEntry, FollowState, OrganizationPage };

/** The client, and the schemas (zod) to read its answers with, loaded side by side. */
async function loadClientAndSchemas() {
  const [supabase, schemas] = await Promise.all([getSupabase(), import('./follow-schemas.ts')]);
  return { supabase, ...schemas };
}

/** A follow, unfollow or read the database refused; the message is the database's, for people. */
export class FollowError extends Error {
  readonly code: string | undefined;

  constructor(message: string, code?: string) {
    super(message);
    this.name = 'FollowError';
    this.code = code;
  }
}

function refused(error: { message: string; code?: string }): FollowError {
  return new FollowError(error.message, error.code);
}

/** What a Follow button names: the kind of thing and its slug, id, handle or saved query. */
export interface FollowTarget {
  type: FollowTargetType;
  target: string;
}

/** One SWR entry per thing and user, shared by every button and count showing it. */
export const followStateKey = ({ type, target }: FollowTarget, userId: string | null) =>
  ['follow-state', type, target, userId] as const;

/** The thing's follower count (null where none is shown) and the caller's follow of it. */
export async function fetchFollowState({ type, target }: FollowTarget): Promise<FollowState> {
  const { supabase, FollowStateSchema } = await loadClientAndSchemas();
  const { data, error } = await supabase.rpc('follow_state', { target_type: type, target });
  if (error) throw refused(error);
  return FollowStateSchema.parse(data);
}

/** Follows a thing (a saved search with its name); following it again changes nothing. */
export async function followTarget({ type, target }: FollowTarget, label?: string): Promise<FollowState> {
  const { supabase, FollowResultSchema } = await loadClientAndSchemas();
  const { data, error } = await supabase.rpc('follow', { target_type: type, target, ...(label ? { label } : {}) });
  if (error) throw refused(error);
  const result = FollowResultSchema.parse(data);
  return { followers: result.followers, follow_id: result.id };
}

export async function unfollow(followId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('unfollow', { follow_id: followId });
  if (error) throw refused(error);
}

export const myFollowsKey = (userId: string) => ['my-follows', userId] as const;

/** Everything the signed-in user follows, newest first, with what is new since their last visit. */
export async function fetchMyFollows(): Promise<FollowEntry[]> {
  const { supabase, FollowEntrySchema } = await loadClientAndSchemas();
  const { data, error } = await supabase.rpc('my_follows');
  if (error) throw refused(error);
  return FollowEntrySchema.array().parse(data);
}

/** Opening a followed thing from the Following page: what it brought is no longer new. */
export async function markFollowSeen(followId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('mark_follow_seen', { follow_id: followId });
  if (error) throw refused(error);
}

/** /field/:slug's data, or null for a field that does not exist. */
export async function fetchFieldPage(slug: string): Promise<FieldPage | null> {
  const { supabase, FieldPageSchema } = await loadClientAndSchemas();
  const { data, error } = await supabase.rpc('field_page', { _slug: slug });
  if (error) throw refused(error);
  return data === null ? null : FieldPageSchema.parse(data);
}

/** /org/:id's data, or null for an organization that does not exist. */
export async function fetchOrganizationPage(id: string): Promise<OrganizationPage | null> {
  const { supabase, OrganizationPageSchema } = await loadClientAndSchemas();
  const { data, error } = await supabase.rpc('organization_page', { _id: id });
  if (error) throw refused(error);
  return data === null ? null : OrganizationPageSchema.parse(data);
}
