import type { BuiltItem } from './built-item.ts';
import type { BuildResult, Snapshots } from './build.ts';
import type { CatalogItem } from '../catalog/catalog-item.ts';
import { handWrittenMatches } from './hand-written.ts';
import { SNAPSHOT_SOURCES } from './sources.ts';
import { FIELD_TREE, REQUIRED_FIELDS, isUnder } from './taxonomy.ts';

/**
 * The built catalog's files, as text: one file per content type (one item a line, sorted by
 * slug), the field tree with counts, the sources with their licences and credits, the overlaps
 * the merge found, and a summary. Same build, same bytes.
 */
export const CONTENT_FILES = {
  software: 'software.json',
  paper: 'papers.json',
  company: 'companies.json',
  agent: 'agents.json',
} as const;

function itemsFile(items: readonly BuiltItem[]): string {
  return items.length === 0 ? '[]\n' : `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]\n`;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function countBy<T>(values: readonly T[], key: (value: T) => string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) for (const k of key(value)) counts[k] = (counts[k] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function catalogFiles(
  result: BuildResult,
  snapshots: Snapshots,
  handWritten: readonly CatalogItem[] = [],
): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [type, file] of Object.entries(CONTENT_FILES)) {
    files[file] = itemsFile(result.items.filter((item) => item.content_type === type));
  }
  const sourcesOf = (item: BuiltItem) => [...new Set(item.sources.map((source) => source.source))];
  const fields = FIELD_TREE.map((node) => ({
    slug: node.slug,
    name: node.name,
    parent: node.parent,
    required: REQUIRED_FIELDS.includes(node.slug),
    items: result.items.filter((item) => item.domains.includes(node.slug)).length,
    items_with_children: result.items.filter((item) => isUnder(item.domains, node.slug)).length,
  }));
  files['fields.json'] = json(fields);
  const itemsBySource = countBy(result.items, sourcesOf);
  files['sources.json'] = json(
    SNAPSHOT_SOURCES.filter((config) => snapshots[config.id] !== undefined).map((config) => ({
      id: config.id,
      name: config.name,
      repository: snapshots[config.id]!.repository,
      commit: snapshots[config.id]!.commit,
      snapshot_date: snapshots[config.id]!.date,
      license: config.license,
      license_basis: config.licenseBasis,
      copies_descriptions: config.copyProse,
      share_alike: config.shareAlike,
      credit: config.credit,
      records: result.recordsBySource[config.id] ?? 0,
      items: itemsBySource[config.id] ?? 0,
      excluded: result.excluded[config.id] ?? {},
    })),
  );
  const pairs = countBy(result.overlaps, (overlap) => {
    const distinct = [...new Set(overlap.sources)].sort();
    return [distinct.length === 1 ? `${distinct[0]} (listed twice)` : distinct.join(' + ')];
  });
  const handWrittenAlso = handWrittenMatches(handWritten, result.items);
  files['overlaps.json'] = json({
    by_sources: pairs,
    hand_written_also_in_sources: handWrittenAlso,
    overlaps: result.overlaps,
  });
  files['summary.json'] = json({
    items: result.items.length,
    by_type: countBy(result.items, (item) => [item.content_type]),
    by_field_with_children: Object.fromEntries(fields.map((field) => [field.slug, field.items_with_children])),
    by_source: itemsBySource,
    by_description_origin: countBy(result.items, (item) => [item.description_origin.kind]),
    by_number_of_sources: countBy(result.items, (item) => [String(sourcesOf(item).length)]),
    share_alike_items: result.items.filter((item) => item.sources.some((source) => source.share_alike)).length,
    merged_groups: result.overlaps.length,
    merged_groups_with_differing_names: result.overlaps.filter((overlap) => overlap.titles_differ).length,
    hand_written_items_also_in_sources: handWrittenAlso.length,
  });
  return files;
}
