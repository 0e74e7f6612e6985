import { z } from 'zod';
import { FOLLOW_TARGET_TYPES, ORGANIZATION_SIZES, ORGANIZATION_TYPES, type FollowTargetType } from '@sciai/core';
import { ItemSummarySchema } from './item-detail-schemas.ts';
import { getSupabase } from './supabase-client.ts';

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

const FollowStateSchema = z.object({ followers: z.number().nullable(), follow_id: z.string().nullable() });
export type FollowState = z.infer<typeof FollowStateSchema>;

/** One SWR entry per thing and user, shared by every button and count showing it. */
export const followStateKey = ({ type, target }: FollowTarget, userId: string | null) =>
  ['follow-state', type, target, userId] as const;

/** The thing's follower count (null where none is shown) and the caller's follow of it. */
export async function fetchFollowState({ type, target }: FollowTarget): Promise<FollowState> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('follow_state', { target_type: type, target });
  if (error) throw refused(error);
  return FollowStateSchema.parse(data);
}

const FollowResultSchema = z.object({ id: z.string(), followers: z.number().nullable() });

/** Follows a thing (a saved search with its name); following it again changes nothing. */
export async function followTarget({ type, target }: FollowTarget, label?: string): Promise<FollowState> {
  const supabase = await getSupabase();
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

const FollowEntrySchema = z.object({
  id: z.string(),
  target_type: z.enum(FOLLOW_TARGET_TYPES),
  target: z.string().nullable(),
  label: z.string().nullable(),
  /** null: a person whose profile is no longer public */
  name: z.string().nullable(),
  path: z.string().nullable(),
  followers: z.number().nullable(),
  new_count: z.number(),
  last_seen_at: z.string(),
  created_at: z.string(),
});
export type FollowEntry = z.infer<typeof FollowEntrySchema>;

export const myFollowsKey = (userId: string) => ['my-follows', userId] as const;

/** Everything the signed-in user follows, newest first, with what is new since their last visit. */
export async function fetchMyFollows(): Promise<FollowEntry[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('my_follows');
  if (error) throw refused(error);
  return z.array(FollowEntrySchema).parse(data);
}

/** Opening a followed thing from the Following page: what it brought is no longer new. */
export async function markFollowSeen(followId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('mark_follow_seen', { follow_id: followId });
  if (error) throw refused(error);
}

const FieldPageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  icon: z.string(),
  color: z.string(),
  parent: z.object({ slug: z.string(), name: z.string() }).nullable(),
  subfields: z.array(z.object({ slug: z.string(), name: z.string(), item_count: z.number() })),
  item_count: z.number(),
  followers: z.number(),
  items: z.array(ItemSummarySchema),
});
export type FieldPage = z.infer<typeof FieldPageSchema>;

/** /field/:slug's data, or null for a field that does not exist. */
export async function fetchFieldPage(slug: string): Promise<FieldPage | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('field_page', { _slug: slug });
  if (error) throw refused(error);
  return data === null ? null : FieldPageSchema.parse(data);
}

const OrganizationPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES).nullable(),
  size: z.enum(ORGANIZATION_SIZES).nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  followers: z.number(),
  company: z.object({ slug: z.string(), title: z.string() }).nullable(),
  item_count: z.number(),
  items: z.array(ItemSummarySchema),
});
export type OrganizationPage = z.infer<typeof OrganizationPageSchema>;

/** /org/:id's data, or null for an organization that does not exist. */
export async function fetchOrganizationPage(id: string): Promise<OrganizationPage | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('organization_page', { _id: id });
  if (error) throw refused(error);
  return data === null ? null : OrganizationPageSchema.parse(data);
}
