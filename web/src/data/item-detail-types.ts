import type { ContentType, OrganizationSize } from '@sciai/core';

/*
 * What the detail pages and the compare table show of an item, as item_details(),
 * related_items() and similar_items() answer it. Types only, so that code outside the browser
 * (the schemas' tests) can use them without the web app's client.
 */

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
