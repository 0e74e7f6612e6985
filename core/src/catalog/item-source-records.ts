import { z } from 'zod';

/**
 * A source record behind an item as item_details() gives it (item_source_records,
 * 06_item_details.sql), the one shape the detail page, the public API, the MCP tools and the
 * open-data files read (docs/product.md#sources).
 */

/** 'snapshot': a list read at one commit; 'live': a source's API, read by `sciai harvest`. */
export const SOURCE_KINDS = ['snapshot', 'live'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const ItemSourceRecordSchema = z.object({
  source: z.string().describe('The source’s id'),
  name: z.string().describe('The source’s name'),
  kind: z.enum(SOURCE_KINDS).describe('snapshot: a list read at one commit; live: the source’s API, read by a harvest'),
  record_id: z.string().describe('The source’s id for the record'),
  record_url: z.string().describe('Where the record can be read'),
  repository: z.string().describe('The snapshot’s repository, or the live source’s home page'),
  commit: z.string().nullable().describe('The commit a snapshot was read at; null for a live record'),
  snapshot_date: z.string().nullable().describe('YYYY-MM-DD of the snapshot; null for a live record'),
  fetched_on: z.string().nullable().describe('YYYY-MM-DD (UTC) a live record was last fetched; null for a snapshot'),
  license: z
    .string()
    .describe('The source’s licence: an SPDX id, "public-domain", or "none" (facts only, never its prose)'),
  share_alike: z.boolean().describe('Text reused from the source keeps its licence'),
  copies_descriptions: z.boolean().describe('SciAI copies the source’s descriptions word for word'),
  credit: z.string().describe('The credit the source asks for'),
});
export type ItemSourceRecord = z.infer<typeof ItemSourceRecordSchema>;

/**
 * Whether reusing a source's records calls for its credit line: not for CC0, the public domain, or
 * a source without a licence (whose credit is a courtesy, not a condition).
 */
export function sourceAsksCredit(license: string): boolean {
  return !['CC0-1.0', 'public-domain', 'none'].includes(license);
}

/** What any record states of its date: a snapshot's, or a live record's last fetch. */
type Dated = Partial<Pick<ItemSourceRecord, 'kind' | 'snapshot_date' | 'fetched_on'>>;

/** 'snapshot of 2021-03-10', 'live record, fetched on 2026-12-07', or '' when no date is known. */
export function sourceRecordDate(record: Dated): string {
  if (record.kind === 'live') return record.fetched_on ? `live record, fetched on ${record.fetched_on}` : 'live record';
  return record.snapshot_date ? `snapshot of ${record.snapshot_date}` : '';
}
