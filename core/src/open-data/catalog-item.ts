import type { ItemFigures } from '../catalog/item-figure-schemas.ts';
import type { ItemSourceRecord } from '../catalog/item-source-records.ts';
import type { ItemSeoInput } from '../item-seo.ts';
import type { Availability, ContentType } from '../content.ts';
import type { PaperIdScheme } from '../catalog/paper-to-cite.ts';

/** A tool's or agent's weights licence and availability, apart from its code licence (docs/product.md#facts). */
interface ModelTerms {
  weights_license?: string | null;
  availability?: Availability | null;
}

/**
 * A published item as public.item_details() returns it: what anyone may read about it. The
 * machine-readable pages, the dumps and llms-full.txt are all made from this one shape, so they
 * say the same things as the detail page.
 */
export interface PublicItem extends ItemSeoInput {
  id: string;
  verified: boolean;
  featured?: boolean;
  view_count?: number;
  save_count?: number;
  key_features?: readonly string[] | null;
  competitive_advantages?: readonly string[] | null;
  metadata?: Record<string, unknown> | null;
  created_at?: string;
  organization: { name: string; website: string | null; type?: string | null; size?: string | null } | null;
  domains: ReadonlyArray<{ slug: string; name: string; is_primary?: boolean }>;
  /** Stars and citations, each with its source and date (docs/product.md#facts); absent: none read. */
  figures?: ItemFigures;
  /**
   * The source records behind the item, with their source's licence and date
   * (docs/product.md#sources); a copy made before records had a kind holds a snapshot's.
   */
  sources?: ReadonlyArray<
    Pick<ItemSourceRecord, 'source' | 'name' | 'record_url' | 'license' | 'share_alike'> &
      Partial<Pick<ItemSourceRecord, 'kind' | 'snapshot_date' | 'fetched_on' | 'copies_descriptions' | 'credit'>>
  >;
  software?:
    | (NonNullable<ItemSeoInput['software']> & {
        open_source?: boolean;
        api_available?: boolean;
        /** YYYY, YYYY-MM or YYYY-MM-DD: what the item's year is the year of (docs/product.md#facts). */
        first_release?: string | null;
      } & ModelTerms)
    | null;
  /** The papers a tool or agent names, with the catalog paper and the sources naming them (docs/product.md#paper-to-cite). */
  papers_to_cite?: ReadonlyArray<{
    scheme: PaperIdScheme;
    id: string;
    paper: { slug: string; title: string; content_type: ContentType; year: number | null } | null;
    sources: ReadonlyArray<{ source: string; name: string; record_url: string | null }>;
  }>;
  paper?:
    | (NonNullable<ItemSeoInput['paper']> & {
        arxiv_id?: string | null;
        pubmed_id?: string | null;
        peer_reviewed?: boolean;
        open_access?: boolean;
        key_findings?: readonly string[];
        research_goals?: readonly string[];
        methodology?: string | null;
        limitations?: string | null;
        /** false: the author list stops short ('et al.'). */
        authors_complete?: boolean;
      })
    | null;
  company?:
    | (NonNullable<ItemSeoInput['company']> & {
        /** Null unless its date and source are known (docs/product.md#facts). */
        funding_stage?: string | null;
        funding_stage_as_of?: string | null;
        funding_stage_source?: string | null;
        employee_count?: string | null;
        employee_count_as_of?: string | null;
        employee_count_source?: string | null;
        business_model?: string | null;
        target_customers?: readonly string[];
        partnerships?: readonly string[];
      })
    | null;
  agent?:
    | (NonNullable<ItemSeoInput['agent']> & {
        specialization?: string | null;
        interaction_mode?: string | null;
        capabilities?: readonly string[];
        integration_options?: readonly string[];
        open_source?: boolean;
        license?: string | null;
        first_release?: string | null;
      } & ModelTerms)
    | null;
}

/** The licence of the catalog's own text (descriptions, summaries), unless an item says otherwise. */
export const CATALOG_LICENSE = 'CC-BY-4.0';
export const CATALOG_LICENSE_NAME = 'Creative Commons Attribution 4.0 International';
export const CATALOG_LICENSE_URL = 'https://creativecommons.org/licenses/by/4.0/';

/** An item's own licence for its catalog text (metadata.content_license), else the catalog's. */
export function contentLicenseOf(item: Pick<PublicItem, 'metadata'>): string {
  const own = item.metadata?.content_license;
  return typeof own === 'string' && own.trim() ? own.trim().slice(0, 100) : CATALOG_LICENSE;
}

/** The item's identifiers outside SciAI: DOI, arXiv, PubMed, its repository. */
export function externalIdentifiers(item: PublicItem): Record<string, string> {
  const ids: Record<string, string> = {};
  if (item.paper?.doi) ids.doi = item.paper.doi;
  if (item.paper?.arxiv_id) ids.arxiv = item.paper.arxiv_id;
  if (item.paper?.pubmed_id) ids.pubmed = item.paper.pubmed_id;
  if (item.software?.github_url) ids.github = item.software.github_url;
  return ids;
}
