import { z } from 'zod';
import { CONTENT_TYPES, t } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

/** The sources `sciai harvest` reads, as the moderation queue names them. */
export const HARVEST_SOURCE_NAMES: Record<string, string> = {
  openalex: 'OpenAlex',
  arxiv: 'arXiv',
  crossref: 'Crossref',
  github: 'GitHub',
  huggingface: 'Hugging Face',
  biotools: 'bio.tools',
};

const HarvestedItemSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  content_type: z.enum(CONTENT_TYPES),
  short_description: z.string(),
  url: z.string().nullable(),
  year: z.number().nullable(),
  created_at: z.string(),
  source: z.string().nullable(),
  run_id: z.string().nullable(),
  query: z.record(z.string(), z.unknown()).nullable(),
  run_started_at: z.string().nullable(),
  ids: z.array(z.object({ scheme: z.string(), value: z.string() })),
});
export type HarvestedItem = z.infer<typeof HarvestedItemSchema>;
const HarvestQueueSchema = z.object({ total: z.number(), items: z.array(HarvestedItemSchema) });
export type HarvestQueue = z.infer<typeof HarvestQueueSchema>;

/** SWR key of the harvested part of the moderation queue. */
export const harvestQueueKey = () => 'harvest-queue' as const;

/** Items a harvest added without publishing them, oldest first, with their source and run (harvest_queue). */
export async function fetchHarvestQueue(): Promise<HarvestQueue> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('harvest_queue', { max_items: 100 });
  if (error) throw new Error(error.message);
  return HarvestQueueSchema.parse(data);
}

/** "Harvested from OpenAlex": the source as people know it (an unknown one as stored). */
export function harvestedFrom(source: string | null): string {
  return source ? t('Harvested from {source}', { source: HARVEST_SOURCE_NAMES[source] ?? source }) : t('Harvested');
}

const QUERY_ORDER = ['search', 'filter', 'topic', 'repos', 'ids', 'author', 'tag', 'kind', 'since', 'perPage', 'input'];

/** What the run asked, as `sciai harvest` was given it: search "protein structure", since 2025-01-01. */
export function describeHarvestQuery(query: Record<string, unknown> | null): string {
  if (!query) return '';
  // In the order of the command's options (the database keeps JSON keys in an order of its own).
  const rank = (key: string) => (QUERY_ORDER.indexOf(key) + QUERY_ORDER.length + 1) % (QUERY_ORDER.length + 1);
  return Object.entries(query)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .flatMap(([key, value]) => {
      const name = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
      if (typeof value === 'string') return [`${name} "${value}"`];
      if (typeof value === 'number') return [`${name} ${value}`];
      if (Array.isArray(value)) return [`${name} ${value.map(String).join(', ')}`];
      return [];
    })
    .join(', ');
}
