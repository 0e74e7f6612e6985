/**
 * The zod schemas of follows.ts's answers, in a module of their own that follows.ts imports with
 * each call: the browse page shows 'Follow this search', and detail pages their Follow buttons,
 * before zod has loaded.
 */
import { z } from 'zod';
import { FOLLOW_TARGET_TYPES, ORGANIZATION_SIZES, ORGANIZATION_TYPES } from '@sciai/core';
import { ItemSummarySchema } from './item-detail-schemas.ts';

export const FollowStateSchema = z.object({ followers: z.number().nullable(), follow_id: z.string().nullable() });
export type FollowState = z.infer<typeof FollowStateSchema>;

export const FollowResultSchema = z.object({ id: z.string(), followers: z.number().nullable() });

export const FollowEntrySchema = z.object({
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

export const FieldPageSchema = z.object({
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

export const OrganizationPageSchema = z.object({
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
