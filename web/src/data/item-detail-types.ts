import type { z } from 'zod';
import type {
  AgentSchema,
  CompanySchema,
  DomainSchema,
  ItemDetailSchema,
  ItemLinkSchema,
  ItemSourceSchema,
  ItemSummarySchema,
  OrganizationSchema,
  PaperSchema,
  PaperToCiteSchema,
  SoftwareSchema,
} from './item-detail-schemas.ts';

/*
 * What the detail pages and the compare table show of an item, as item_details(),
 * related_items() and similar_items() answer it: the types of the schemas the answers are read
 * with. Type-only imports, so no page that uses them loads zod for them.
 */

/** The organisation behind an item, as the detail pages show it. */
export type ItemOrganization = z.infer<typeof OrganizationSchema>;

/** A scientific domain of an item; the primary one comes first. */
export type ItemDomain = z.infer<typeof DomainSchema>;

export type SoftwareDetail = z.infer<typeof SoftwareSchema>;
export type PaperDetail = z.infer<typeof PaperSchema>;
export type CompanyDetail = z.infer<typeof CompanySchema>;
export type AgentDetail = z.infer<typeof AgentSchema>;

/**
 * Everything a detail page (or the compare table) shows about one item. Exactly one type block
 * is set, the one of its content type; the others are null, so `item.paper?.doi` works on any
 * item and narrowing on content_type makes the block non-null.
 */
export type ItemDetail = z.infer<typeof ItemDetailSchema>;

/** A small card of another item: related items and 404 suggestions. */
export type ItemSummary = z.infer<typeof ItemSummarySchema>;

/** Another item a source links an item to: a tool's paper, or a paper's tool. */
export type ItemLink = z.infer<typeof ItemLinkSchema>;

/** A source record behind an item, with its source's licence and snapshot. */
export type ItemSource = z.infer<typeof ItemSourceSchema>;

/** A paper a tool or agent names, with the catalog paper standing for it and the sources naming it. */
export type PaperToCite = z.infer<typeof PaperToCiteSchema>;
