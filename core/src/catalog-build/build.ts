import type { BuiltItem } from './built-item.ts';
import { itemOf, type Snapshots } from './item-of.ts';
import { identityKeys, mergeRecords, sameNameKey } from './merge.ts';
import { PARSERS } from './parse-all.ts';
import type { FloorReason } from './quality.ts';
import { unique } from './record-picks.ts';
import type { SourceRecord } from './record.ts';
import { SNAPSHOT_SOURCES, type SourceId } from './sources.ts';
import { slugify } from './slug.ts';

export type { Snapshots } from './item-of.ts';

export interface Overlap {
  keys: string[];
  sources: SourceId[];
  titles: string[];
  /**
   * The records' names share nothing (neither holds the other): a list may have linked the wrong
   * paper, or one repository may hold two projects. Kept merged, as the identifiers say; listed
   * for a person to look at.
   */
  titles_differ: boolean;
}

const folded = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Whether some two names of a group share nothing: neither contains the other once folded. */
export function titlesDiffer(titles: readonly string[]): boolean {
  const names = [...new Set(titles.map(folded))];
  return names.some((a) => names.some((b) => a !== b && !a.includes(b) && !b.includes(a)));
}

/** The same-name keys (merge.ts) that two or more of a group's records have: "name:<kind>:<name>". */
function sharedNameKeys(group: readonly SourceRecord[]): string[] {
  const counts = new Map<string, number>();
  for (const record of group) {
    const key = sameNameKey(record);
    if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1).map(([key]) => `name:${key}`);
}

export interface BuildResult {
  items: BuiltItem[];
  excluded: Record<string, Partial<Record<FloorReason | 'source share above a third', number>>>;
  overlaps: Overlap[];
  recordsBySource: Record<string, number>;
}

const SOURCE_ORDER = new Map(SNAPSHOT_SOURCES.map((source, index) => [source.id, index]));

/** The whole build: every snapshot's records, merged, held to the floor and the source cap. */
export function buildCatalog(snapshots: Snapshots): BuildResult {
  const records: SourceRecord[] = [];
  const recordsBySource: Record<string, number> = {};
  for (const config of SNAPSHOT_SOURCES) {
    const snapshot = snapshots[config.id];
    if (snapshot === undefined) continue;
    let parsed: SourceRecord[];
    try {
      parsed = PARSERS[config.id](snapshot);
    } catch (error) {
      throw new Error(
        `The ${config.name} snapshot could not be read: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    recordsBySource[config.id] = parsed.length;
    records.push(...parsed);
  }
  const groups = mergeRecords(records);
  const overlaps: Overlap[] = [];
  const excluded: BuildResult['excluded'] = {};
  const exclude = (source: SourceId, reason: FloorReason | 'source share above a third') => {
    const bySource = (excluded[source] ??= {});
    bySource[reason] = (bySource[reason] ?? 0) + 1;
  };
  const candidates: BuiltItem[] = [];
  for (const group of groups) {
    const ordered = [...group].sort((a, b) => SOURCE_ORDER.get(a.source)! - SOURCE_ORDER.get(b.source)!);
    if (group.length > 1) {
      overlaps.push({
        keys: [...new Set(group.flatMap((record) => identityKeys(record)).concat(sharedNameKeys(group)))].sort(),
        sources: ordered.map((record) => record.source),
        titles: ordered.map((record) => record.title),
        titles_differ: titlesDiffer(ordered.map((record) => record.title)),
      });
    }
    const { item, failure } = itemOf(ordered, snapshots);
    if (failure !== undefined) exclude(ordered[0]!.source, failure);
    else candidates.push(item);
  }
  const capped = capSourceShare(candidates, exclude);
  assignSlugs(capped);
  capped.sort((a, b) =>
    a.content_type < b.content_type ? -1 : a.content_type > b.content_type ? 1 : a.slug < b.slug ? -1 : 1,
  );
  overlaps.sort((a, b) => (a.keys[0]! < b.keys[0]! ? -1 : 1));
  return { items: capped, excluded, overlaps, recordsBySource };
}

/**
 * No source makes up more than a third of the catalog: while one does, its lowest-ranked items
 * that no other source lists leave (ties: the later slug-to-be, by title). A build from fewer
 * than three sources cannot meet the rule and is left whole.
 */
export function capSourceShare(
  items: BuiltItem[],
  exclude: (source: SourceId, reason: 'source share above a third') => void,
): BuiltItem[] {
  let kept = items;
  if (new Set(items.flatMap((item) => item.sources.map((source) => source.source))).size < 3) return kept;
  for (;;) {
    const counts = new Map<string, number>();
    for (const item of kept)
      for (const source of unique(item.sources.map((s) => s.source))) counts.set(source, (counts.get(source) ?? 0) + 1);
    const over = [...counts].filter(([, count]) => count * 3 > kept.length).sort((a, b) => b[1] - a[1])[0];
    if (over === undefined) return kept;
    const [source, count] = over;
    const toDrop = Math.ceil((3 * count - kept.length) / 2);
    const onlyThere = kept
      .filter((item) => item.sources.every((s) => s.source === source))
      .sort((a, b) => a.prior.score - b.prior.score || (a.title < b.title ? 1 : a.title > b.title ? -1 : 0));
    if (onlyThere.length === 0) return kept;
    const drop = new Set(onlyThere.slice(0, Math.max(1, toDrop)));
    for (let i = 0; i < drop.size; i++) exclude(source as SourceId, 'source share above a third');
    kept = kept.filter((item) => !drop.has(item));
  }
}

/** Slugs from titles; a taken slug gets the item's identifier, then a number, in a fixed order. */
function assignSlugs(items: BuiltItem[]): void {
  const keyOf = (item: BuiltItem) =>
    `${item.content_type}\u0000${item.title.toLowerCase()}\u0000${Object.values(item.identifiers).join('|')}\u0000${item.sources[0]!.record_id}`;
  const ordered = [...items].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const taken = new Set<string>();
  for (const item of ordered) {
    const base = slugify(item.title) || item.content_type;
    const id =
      item.identifiers.arxiv_id ?? item.identifiers.doi ?? item.identifiers.github_repo ?? item.identifiers.biotools_id;
    let slug = base;
    if (taken.has(slug) && id !== undefined) slug = `${base}-${slugify(id)}`.slice(0, 120).replace(/-+$/, '');
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    item.slug = slug;
  }
}
