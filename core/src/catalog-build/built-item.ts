import { z } from 'zod';
import { PartialDateSchema } from '../catalog/catalog-item.ts';

/**
 * One item of the built catalog (fixtures/catalog/built). Field names follow CatalogItem
 * (catalog-item.ts) where the sources state the same fact; what no source states is absent, not
 * filled in (no organization size, funding stage, view counts or illustrative figures). Every item
 * lists its sources with the record's link, the snapshot's commit and date, and its licence.
 */
const text = z.string().trim().min(1);

export const ItemSourceSchema = z.object({
  source: text,
  name: text,
  record_id: text,
  record_url: z.url({ protocol: /^https$/ }),
  repository: z.url({ protocol: /^https$/ }),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  snapshot_date: z.iso.date(),
  license: text,
  share_alike: z.boolean(),
});

const EdamDataSchema = z.object({ data: text, formats: z.array(text) });

const DatedFactSchema = z.object({ value: z.number().int().nonnegative(), as_of: z.iso.date(), source: text });

export const BuiltItemSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: text,
  content_type: z.enum(['software', 'paper', 'company', 'agent']),
  url: z.url({ protocol: /^https?$/ }),
  short_description: text.max(150),
  description: text,
  /** Whose words the description is: a source's (copied under its licence, credited) or the catalog's, composed of the facts below. */
  description_origin: z.object({ kind: z.enum(['source', 'composed from facts']), source: text.optional() }),
  tags: z.array(text),
  domains: z.array(text).min(1),
  year: z.number().int().min(1900).max(2100).optional(),
  identifiers: z.object({
    doi: z
      .string()
      .regex(/^10\.\d{4,9}\/\S+$/)
      .optional(),
    arxiv_id: text.optional(),
    biotools_id: text.optional(),
    github_repo: z
      .string()
      .regex(/^[a-z0-9-]+\/[a-z0-9._-]+(\/[^\s?#]+)?$/)
      .optional(),
    company_key: text.optional(),
    /** the repository's former names, as a source states them (it was renamed or moved) */
    former_github_repos: z.array(z.string().regex(/^[a-z0-9-]+\/[a-z0-9._-]+$/)).optional(),
  }),
  license: z.object({ spdx: text.optional(), label: text, osi_family: z.boolean(), source: text }).optional(),
  software: z
    .object({
      github_url: z.url().optional(),
      github_stars: DatedFactSchema.optional(),
      programming_languages: z.array(text),
      first_release: PartialDateSchema.optional(),
      latest_release: z.object({ version: text.optional(), date: z.iso.date().optional() }).optional(),
      pypi_id: text.optional(),
      conda_id: text.optional(),
      edam_operations: z.array(text),
      /** EDAM data terms a tool reads and writes, each with the formats named for it. */
      edam_inputs: z.array(EdamDataSchema).optional(),
      edam_outputs: z.array(EdamDataSchema).optional(),
      tool_types: z.array(text),
      paper_dois: z.array(text),
      paper_arxiv_ids: z.array(text),
      validated_by_biotools: z.boolean().optional(),
    })
    .optional(),
  paper: z
    .object({
      doi: z.string().optional(),
      arxiv_id: text.optional(),
      authors: z.array(text),
      authors_complete: z.boolean().optional(),
      venue: text.optional(),
      code_repo: text.optional(),
    })
    .optional(),
  company: z
    .object({
      fda_cleared_devices: z.object({
        count: z.number().int().positive(),
        first_decision: z.iso.date(),
        latest_decision: z.iso.date(),
        panels: z.array(text),
        k_numbers: z.array(z.string().regex(/^[A-Z]{1,3}\d{5,6}(\/S\d{3})?$/)),
        source: text,
        as_of: z.iso.date(),
      }),
      name_variants: z.array(text),
    })
    .optional(),
  prior: z.object({
    score: z.number().min(0),
    components: z.array(
      z.object({
        fact: text,
        value: z.number(),
        contribution: z.number(),
        sources: z.array(text),
        as_of: z.iso.date().optional(),
      }),
    ),
  }),
  sources: z.array(ItemSourceSchema).min(1),
});

export type BuiltItem = z.infer<typeof BuiltItemSchema>;
export type ItemSource = z.infer<typeof ItemSourceSchema>;
