import { z } from 'zod';
import { getSupabase } from './supabase-client.ts';

/** What a maintainer changes on their item (docs/product.md#claims); everyone reads the changes in its history. */

export const FACT_FIELDS = [
  'title',
  'url',
  'github_url',
  'short_description',
  'description',
  'key_features',
  'pricing_model',
] as const;
export type FactField = (typeof FACT_FIELDS)[number];

/** Fields whose change waits for a moderator. */
export const SENSITIVE_FACT_FIELDS: ReadonlySet<FactField> = new Set(['title', 'url', 'github_url']);

export const FACT_FIELD_LABELS: Record<FactField, string> = {
  title: 'Name',
  url: 'Website',
  github_url: 'Repository',
  short_description: 'Short description',
  description: 'Description',
  key_features: 'Key features',
  pricing_model: 'Pricing',
};

export type FactChanges = Partial<Record<FactField, string | string[]>>;

/** Applies what may change at once; the rest waits for a moderator. Returns both lists of fields. */
export async function updateMaintainedItem(
  contentId: string,
  changes: FactChanges,
): Promise<{ applied: FactField[]; pending: FactField[] }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('maintainer_update_item', { _content_id: contentId, _changes: changes });
  if (error) throw error;
  return z.object({ applied: z.array(z.enum(FACT_FIELDS)), pending: z.array(z.enum(FACT_FIELDS)) }).parse(data);
}

/** A fact's value as the record writes it. */
export function factText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(' · ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}
