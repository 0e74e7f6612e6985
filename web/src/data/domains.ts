import { getCatalogClient } from './supabase-client.ts';
import type { Database } from '@sciai/core';
import { embeddedDomainCounts, embeddedDomains, takeEmbedded } from './initial-data.ts';

export type ScientificDomain = Database['public']['Tables']['scientific_domains']['Row'];

export const domainsKey = () => 'scientific-domains' as const;

/** All scientific domains, ordered by name (docs/product.md#domains). */
export async function fetchDomains(): Promise<ScientificDomain[]> {
  // the landing and browse pages carry them in their HTML
  const embedded = takeEmbedded('domains', embeddedDomains);
  if (embedded) return embedded;
  const supabase = await getCatalogClient();
  const { data, error } = await supabase.from('scientific_domains').select('*').order('name');
  if (error) throw error;
  return data;
}

export const domainCountsKey = () => 'domain-counts' as const;

/** docs/product.md#landing-domains: published items per domain, as a map from domain id to count. */
export async function fetchDomainCounts(): Promise<Map<string, number>> {
  const embedded = takeEmbedded('domainCounts', embeddedDomainCounts);
  if (embedded) return embedded;
  const supabase = await getCatalogClient();
  const { data, error } = await supabase.from('domain_counts').select('domain_id, count');
  if (error) throw error;
  // A view's columns are typed nullable; this one's never are (a domain's id, a coalesced count).
  return new Map(
    data.flatMap((row): Array<[string, number]> =>
      row.domain_id !== null && row.count !== null ? [[row.domain_id, row.count]] : [],
    ),
  );
}
