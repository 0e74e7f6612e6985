import type { SupabaseClient } from '@supabase/supabase-js';
import type { ContentType, OrganizationSize } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

/** The organisation behind an item, as the detail pages show it. */
export interface ItemOrganization {
  name: string;
  type: 'company' | 'academic' | 'research_institute' | 'nonprofit' | 'government' | null;
  size: OrganizationSize | null;
  website: string | null;
}

/** A scientific domain of an item; the primary one comes first. */
export interface ItemDomain {
  slug: string;
  name: string;
  icon: string;
  color: string;
  is_primary: boolean;
}

type PricingModel = 'free' | 'freemium' | 'subscription' | 'paid' | 'enterprise';

export interface SoftwareDetail {
  pricing_model: PricingModel | null;
  open_source: boolean;
  github_url: string | null;
  github_stars: number | null;
  api_available: boolean;
  license: string | null;
  programming_languages: string[];
}

export interface PaperDetail {
  abstract: string | null;
  journal_name: string | null;
  doi: string | null;
  arxiv_id: string | null;
  pubmed_id: string | null;
  publication_date: string | null;
  peer_reviewed: boolean;
  open_access: boolean;
  citation_count: number;
  key_findings: string[];
  research_goals: string[];
  keywords: string[];
  methodology: string | null;
  limitations: string | null;
  /** Author names in byline order. */
  authors: string[];
}

export interface CompanyDetail {
  funding_stage: string | null;
  employee_count: string | null;
  founded_year: number | null;
  headquarters: string | null;
  business_model: string | null;
  industry_focus: string[];
  target_customers: string[];
  partnerships: string[];
}

export interface AgentDetail {
  model_type: string | null;
  specialization: string | null;
  interaction_mode: 'chat' | 'autonomous' | 'api' | 'notebook' | 'cli' | null;
  capabilities: string[];
  integration_options: string[];
  open_source: boolean;
  pricing_model: PricingModel | null;
}

interface ItemDetailBase {
  id: string;
  slug: string;
  title: string;
  description: string;
  short_description: string;
  content_type: ContentType;
  url: string | null;
  status: string;
  verified: boolean;
  featured: boolean;
  view_count: number;
  save_count: number;
  trending_score: number;
  year: number | null;
  tags: string[];
  key_features: string[];
  competitive_advantages: string[];
  metadata: Record<string, unknown>;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  organization: ItemOrganization | null;
  domains: ItemDomain[];
  software: SoftwareDetail | null;
  paper: PaperDetail | null;
  company: CompanyDetail | null;
  agent: AgentDetail | null;
}

/**
 * Everything a detail page (or the compare table) shows about one item. Exactly one type block
 * is set, the one of its content type; the others are null, so `item.paper?.doi` works on any
 * item and narrowing on content_type makes the block non-null.
 */
export type ItemDetail =
  | (ItemDetailBase & { content_type: 'software'; software: SoftwareDetail })
  | (ItemDetailBase & { content_type: 'paper'; paper: PaperDetail })
  | (ItemDetailBase & { content_type: 'company'; company: CompanyDetail })
  | (ItemDetailBase & { content_type: 'agent'; agent: AgentDetail });

/** A small card of another item: related items and 404 suggestions. */
export interface ItemSummary {
  slug: string;
  title: string;
  content_type: ContentType;
  organization_name: string | null;
  /** The short description, else the full one. */
  summary: string;
  view_count: number;
  save_count: number;
}

/** The functions of the item_details migration; not (yet) in the generated database types. */
interface DetailRpc {
  item_details: { args: { slugs: string[] }; returns: ItemDetail[] };
  related_items: { args: { item_slug: string; max_items: number }; returns: ItemSummary[] };
  similar_items: { args: { query: string; max_items: number }; returns: ItemSummary[] };
  record_item_view: { args: { item_slug: string }; returns: boolean | null };
}

async function callRpc<Name extends keyof DetailRpc>(
  name: Name,
  args: DetailRpc[Name]['args'],
): Promise<DetailRpc[Name]['returns']> {
  // The typed client only knows the functions listed in database.types.ts.
  const client = (await getSupabase()) as unknown as SupabaseClient;
  const { data, error } = await client.rpc(name, args);
  if (error) throw error;
  return data as DetailRpc[Name]['returns'];
}

/**
 * The published items with these slugs, in the order asked (unknown or unpublished slugs are
 * left out). One round trip: the item_details SQL function, under the caller's row-level security.
 */
export async function fetchItemDetails(slugs: string[]): Promise<ItemDetail[]> {
  if (slugs.length === 0) return [];
  const rows = (await callRpc('item_details', { slugs })) ?? [];
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
}

/** The published item with this slug, or null when there is none. */
export async function fetchItemDetail(slug: string): Promise<ItemDetail | null> {
  const [item] = await fetchItemDetails([slug]);
  return item ?? null;
}

/** Up to `limit` other items sharing the most domains and tags with this one. */
export async function fetchRelatedItems(slug: string, limit = 4): Promise<ItemSummary[]> {
  return (await callRpc('related_items', { item_slug: slug, max_items: limit })) ?? [];
}

/** Items whose slug or title looks like the text, for the 404 page of an unknown slug. */
export async function fetchSimilarItems(text: string, limit = 3): Promise<ItemSummary[]> {
  return (await callRpc('similar_items', { query: text, max_items: limit })) ?? [];
}

/** Counts a view of the item: once per visitor per day, never for bots (gateway and SQL decide). */
export async function recordItemView(slug: string): Promise<void> {
  await callRpc('record_item_view', { item_slug: slug });
}
