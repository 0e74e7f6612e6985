import { z } from 'zod';
import { getSupabase } from './supabase-client.ts';
import { t } from '../i18n/index.ts';

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

/** Each field's name in the page's language (read when shown: the language's messages load after modules). */
export const FACT_FIELD_LABELS: Readonly<Record<FactField, string>> = {
  get title() {
    return t('Name');
  },
  get url() {
    return t('Website');
  },
  get github_url() {
    return t('Repository');
  },
  get short_description() {
    return t('Short description');
  },
  get description() {
    return t('Description');
  },
  get key_features() {
    return t('Key features');
  },
  get pricing_model() {
    return t('Pricing');
  },
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
