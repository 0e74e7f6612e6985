import { z } from 'zod';
import type { HarvestItem, HarvestSource, MappedRecord, RefusedRecord } from '../harvest-item.ts';
import { broughtBy, withLiveRecord } from '../live-records.ts';
import { applyProseRule } from '../source-prose.ts';
import type { SourcePage } from '../openalex/client.ts';

/** The SQL functions a harvest calls (supabase/schemas/11_harvest.sql), through one RPC door. */
export type HarvestRpcName = 'begin_harvest' | 'commit_harvest_page' | 'fail_harvest' | 'preview_harvest_page';
export interface HarvestRpcAnswer {
  data: unknown;
  error: { message: string } | null;
}
export type CallHarvestRpc = (fn: HarvestRpcName, args: Record<string, unknown>) => PromiseLike<HarvestRpcAnswer>;

/** One source as the pipeline sees it: pages of raw records, and a mapper from record to item. */
export interface HarvestAdapter {
  source: HarvestSource;
  /** What was asked (search, filters, since): with the source, the key a rerun resumes by. */
  query: Record<string, string | number | string[]>;
  nextPage(cursor: string | null): Promise<SourcePage>;
  map(record: unknown): MappedRecord | Promise<MappedRecord>;
  /** Items a record brings along (a bio.tools entry's publications as papers), merged into its page. */
  related?(record: unknown): MappedRecord[];
}

export interface HarvestOptions {
  publish?: boolean;
  dryRun?: boolean;
  /** Records to take at most (the run is complete once it has them). */
  limit?: number;
  onPage?: (progress: HarvestProgress) => void;
}

/**
 * Counts add up: `records + related - merged` items and refused records, each of which was
 * added, updated or skipped.
 */
export interface HarvestProgress {
  pages: number;
  /** Records read from the source. */
  records: number;
  /** Items the records brought along (a bio.tools entry's publications). */
  related: number;
  /** Records and related items that were the same work as another of their page, merged into it. */
  merged: number;
  added: number;
  updated: number;
  skipped: number;
}

export interface PlannedItem {
  title: string;
  ids: string[];
  /** For a dry run: what committing would do. */
  action: 'add' | 'update';
}

export interface HarvestReport {
  source: HarvestSource;
  dryRun: boolean;
  runId?: string;
  resumed: boolean;
  pages: number;
  records: number;
  related: number;
  merged: number;
  added: number;
  updated: number;
  skipped: number;
  refused: RefusedRecord[];
  /** Dry runs only: the items and what would happen to each. */
  planned: PlannedItem[];
}

/** A harvest that stopped: what it had committed stays, and a rerun continues from there. */
export class HarvestError extends Error {
  readonly report: HarvestReport;
  constructor(message: string, report: HarvestReport) {
    super(message);
    this.name = 'HarvestError';
    this.report = report;
  }
}

const BeginSchema = z.object({
  run_id: z.uuid(),
  cursor: z.string().nullable(),
  resumed: z.boolean(),
  added: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  pages: z.number().int(),
});
const PageResultSchema = z.object({ added: z.number().int(), updated: z.number().int(), skipped: z.number().int() });
const PreviewSchema = z.array(z.object({ ordinal: z.number().int(), content_id: z.uuid() }));

/** Refused records of a page kept with its run (their reasons), so a bad page cannot bloat it. */
const REFUSED_RECORDED_PER_PAGE = 50;

const keyOf = (id: { scheme: string; value: string }) => `${id.scheme}:${id.value}`;

/**
 * Items of one page, repeats merged: a record sharing any identifier with an earlier one (the
 * same work listed twice, a preprint and its DOI) adds its identifiers and its source records to
 * that one instead of becoming a second item. Refused records are kept for the report.
 */
export function mergePage(mapped: readonly MappedRecord[]): { items: HarvestItem[]; refused: RefusedRecord[] } {
  const items: HarvestItem[] = [];
  const refused: RefusedRecord[] = [];
  const owner = new Map<string, HarvestItem>();
  for (const record of mapped) {
    if (!record.ok) {
      refused.push(record.refused);
      continue;
    }
    const earlier = record.item.ids.map((id) => owner.get(keyOf(id))).find((item) => item !== undefined);
    const target = earlier ?? record.item;
    if (earlier) {
      for (const id of record.item.ids) if (!owner.has(keyOf(id))) earlier.ids.push(id);
      for (const source of record.item.records ?? []) {
        earlier.records ??= [];
        if (!earlier.records.some((known) => known.id === source.id)) earlier.records.push(source);
      }
    } else {
      items.push(record.item);
    }
    for (const id of target.ids) owner.set(keyOf(id), target);
  }
  return { items, refused };
}

/**
 * The whole harvest: pages from the source, each mapped, merged and committed with its cursor in
 * one transaction (commit_harvest_page), so a run that stops resumes from its last page and
 * never writes an item twice. A dry run maps and matches the same pages and writes nothing.
 */
export async function runHarvest(
  adapter: HarvestAdapter,
  call: CallHarvestRpc,
  options: HarvestOptions = {},
): Promise<HarvestReport> {
  const report: HarvestReport = {
    source: adapter.source,
    dryRun: Boolean(options.dryRun),
    resumed: false,
    pages: 0,
    records: 0,
    related: 0,
    merged: 0,
    added: 0,
    updated: 0,
    skipped: 0,
    refused: [],
    planned: [],
  };
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let cursor: string | null = null;
  let taken = 0;
  if (!options.dryRun) {
    const begun = BeginSchema.parse(
      await expectData(
        call('begin_harvest', { source: adapter.source, query: adapter.query, publish: Boolean(options.publish) }),
      ),
    );
    report.runId = begun.run_id;
    report.resumed = begun.resumed;
    cursor = begun.cursor;
    taken = begun.added + begun.updated + begun.skipped;
  }
  // The next page is fetched while the current one is mapped and committed: the source's
  // latency and the database's work overlap instead of adding up.
  let upcoming: Promise<SourcePage> | undefined;
  try {
    for (;;) {
      const page = await (upcoming ?? adapter.nextPage(cursor));
      upcoming = undefined;
      const records = page.records.slice(0, Math.max(0, limit - taken));
      taken += records.length;
      const finished = page.nextCursor === null || taken >= limit;
      if (!finished && page.nextCursor !== null) {
        upcoming = adapter.nextPage(page.nextCursor);
        // A failure is met when the page is awaited; until then it must not count as unhandled.
        upcoming.catch(() => undefined);
      }
      // each item with the record it came from, and prose only where the source's licence
      // allows it (docs/product.md#sources)
      const mapped = (await Promise.all(records.map((record) => adapter.map(record)))).map((one) =>
        applyProseRule(adapter.source, withLiveRecord(adapter.source, one)),
      );
      const relate = adapter.related?.bind(adapter);
      const related = relate
        ? records.flatMap((record, index) => {
            const parent = mapped[index]!;
            const context = { brought: { by: parent.ok ? parent.item.title : undefined } };
            return broughtBy(adapter.source, parent, relate(record)).map((one) =>
              applyProseRule(adapter.source, one, context),
            );
          })
        : [];
      const { items, refused } = mergePage([...mapped, ...related]);
      report.pages += 1;
      report.records += records.length;
      report.related += related.length;
      report.merged += mapped.length + related.length - items.length - refused.length;
      report.refused.push(...refused);
      if (options.dryRun) {
        await planPage(call, items, report);
        report.skipped += refused.length;
      } else {
        const result = PageResultSchema.parse(
          await expectData(
            call('commit_harvest_page', {
              run_id: report.runId,
              items,
              next_cursor: page.nextCursor,
              finished,
              refused: refused.slice(0, REFUSED_RECORDED_PER_PAGE),
            }),
          ),
        );
        report.added += result.added;
        report.updated += result.updated;
        // the database counts the refused records it was shown; the rest were skipped all the same
        report.skipped += result.skipped + Math.max(0, refused.length - REFUSED_RECORDED_PER_PAGE);
      }
      options.onPage?.({ ...report });
      if (finished) return report;
      cursor = page.nextCursor;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (report.runId) {
      await Promise.resolve(call('fail_harvest', { run_id: report.runId, error: message })).then(
        () => undefined,
        () => undefined,
      );
    }
    throw new HarvestError(message, report);
  }
}

async function planPage(call: CallHarvestRpc, items: readonly HarvestItem[], report: HarvestReport): Promise<void> {
  if (items.length === 0) return;
  const matches = PreviewSchema.parse((await expectData(call('preview_harvest_page', { items }))) ?? []);
  const matched = new Set(matches.map((match) => match.ordinal));
  items.forEach((item, index) => {
    const action = matched.has(index + 1) ? 'update' : 'add';
    if (action === 'add') report.added += 1;
    else report.updated += 1;
    report.planned.push({ title: item.title, ids: item.ids.map(keyOf), action });
  });
}

async function expectData(answer: PromiseLike<HarvestRpcAnswer>): Promise<unknown> {
  const result = await answer;
  if (result.error) throw new Error(`The database refused the harvest: ${result.error.message}`);
  return result.data;
}
