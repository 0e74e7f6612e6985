import type { BuiltItem, ItemSource } from './built-item.ts';
import { composedDescription, PAPER_FACET, shortDescription } from './compose.ts';
import { normaliseLicense } from './license.ts';
import { githubUrlOf } from './identifiers.ts';
import { identityKeys, kindOf, mergeRecords, sameNameKey } from './merge.ts';
import { PARSERS } from './parse-all.ts';
import { rankingPrior } from './prior.ts';
import { floorFailure, type FloorReason } from './quality.ts';
import type { EdamData, SnapshotText, SourceRecord } from './record.ts';
import { SNAPSHOT_SOURCES, SOURCE_BY_ID, type SourceId } from './sources.ts';
import { fieldsOf } from './taxonomy.ts';
import { slugify } from './slug.ts';

export type Snapshots = Readonly<Partial<Record<SourceId, SnapshotText>>>;

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

function itemSource(record: SourceRecord, snapshots: Snapshots): ItemSource {
  const config = SOURCE_BY_ID.get(record.source)!;
  const snapshot = snapshots[record.source]!;
  return {
    source: record.source,
    name: config.name,
    record_id: record.recordId,
    record_url: record.recordUrl,
    repository: snapshot.repository,
    commit: snapshot.commit,
    snapshot_date: snapshot.date,
    license: config.license,
    share_alike: config.shareAlike,
  };
}

const first = <T>(records: readonly SourceRecord[], pick: (record: SourceRecord) => T | undefined): T | undefined => {
  for (const record of records) {
    const value = pick(record);
    if (value !== undefined) return value;
  }
  return undefined;
};

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

function itemOf(records: readonly SourceRecord[], snapshots: Snapshots): { item: BuiltItem; failure?: FloorReason } {
  const lead = records[0]!;
  const kind = kindOf(lead.type);
  const type = kind === 'tool' ? (records.some((record) => record.type === 'agent') ? 'agent' : 'software') : lead.type;
  const sources = unique(records.map((record) => record.source));
  const copied = records.find(
    (record) => record.description !== undefined && SOURCE_BY_ID.get(record.source)!.copyProse,
  );
  const composed = copied === undefined ? composedDescription(type, records) : undefined;
  const description = copied?.description ?? composed?.description;
  const terms = records.flatMap((record) => record.terms);
  const domains = fieldsOf(terms, sources);
  const doi = first(records, (record) => record.doi);
  const arxivId = first(records, (record) => record.arxivId);
  const githubRepo = first(records, (record) => record.githubRepo);
  const formerRepos = unique(records.flatMap((record) => record.formerGithubRepos ?? [])).sort();
  const biotoolsRecords = records.filter((record) => record.source === 'biotools');
  const publicationDois = unique(records.flatMap((record) => record.publicationDois ?? [])).sort();
  const relatedArxiv = unique(records.flatMap((record) => record.relatedArxivIds ?? [])).sort();
  const licensed = records.find((record) => normaliseLicense(record.licenseRaw) !== undefined);
  const license = licensed === undefined ? undefined : normaliseLicense(licensed.licenseRaw)!;
  const stars = first(records, (record) => record.stars);
  const devices = records.flatMap((record) => record.devices ?? []);
  const year = type === 'paper' ? first(records, (record) => record.year) : undefined;
  const validated = biotoolsRecords.some((record) => record.validated === true);
  const itemSources = uniqueBy(
    records.map((record) => itemSource(record, snapshots)),
    (s) => `${s.source}\u0000${s.record_id}`,
  );
  const tags = unique(
    records
      .flatMap((record) => (record.source === 'biotools' ? record.terms : record.facets))
      .filter((tag) => !tag.startsWith(PAPER_FACET) && tag.length <= 60)
      .map((tag) => tag.toLowerCase()),
  ).slice(0, 8);
  const item: BuiltItem = {
    slug: '',
    title: lead.title,
    content_type: type,
    url: first(records, (record) => record.url) ?? '',
    short_description: composed?.short ?? (description === undefined ? '' : shortDescription(description)),
    description: description ?? '',
    description_origin:
      copied === undefined ? { kind: 'composed from facts' } : { kind: 'source', source: copied.source },
    tags,
    domains,
    ...(year === undefined ? {} : { year }),
    identifiers: {
      ...(doi === undefined ? {} : { doi }),
      ...(arxivId === undefined ? {} : { arxiv_id: arxivId }),
      ...(biotoolsRecords[0]?.biotoolsId === undefined ? {} : { biotools_id: biotoolsRecords[0].biotoolsId }),
      ...(githubRepo === undefined || kind === 'paper' ? {} : { github_repo: githubRepo }),
      ...(lead.companyKey === undefined ? {} : { company_key: lead.companyKey }),
      ...(formerRepos.length === 0 || kind === 'paper' ? {} : { former_github_repos: formerRepos }),
    },
    ...(license === undefined
      ? {}
      : {
          license: {
            ...(license.spdx === undefined ? {} : { spdx: license.spdx }),
            label: license.label,
            osi_family: license.osiFamily,
            source: licensed!.source,
          },
        }),
    prior: rankingPrior({
      ...(stars === undefined ? {} : { stars }),
      sources,
      validated,
      publications: publicationDois.length + relatedArxiv.length,
      publicationSources: records
        .filter((record) => (record.publicationDois?.length ?? 0) + (record.relatedArxivIds?.length ?? 0) > 0)
        .map((record) => record.source),
      devices: devices.length,
    }),
    sources: itemSources,
  };
  if (kind === 'tool') {
    const release = first(records, (record) => record.latestRelease);
    item.software = {
      ...(githubRepo === undefined ? {} : { github_url: githubUrlOf(githubRepo) }),
      ...(stars === undefined ? {} : { github_stars: { value: stars.value, as_of: stars.asOf, source: stars.source } }),
      programming_languages: unique(records.flatMap((record) => record.languages ?? [])),
      ...(release === undefined ? {} : { latest_release: release }),
      ...optionalField(
        'pypi_id',
        first(records, (record) => record.pypiId),
      ),
      ...optionalField(
        'conda_id',
        first(records, (record) => record.condaId),
      ),
      edam_operations: unique(records.flatMap((record) => record.edamOperations ?? [])),
      ...optionalList('edam_inputs', mergedData(records.flatMap((record) => record.edamInputs ?? []))),
      ...optionalList('edam_outputs', mergedData(records.flatMap((record) => record.edamOutputs ?? []))),
      tool_types: unique(records.flatMap((record) => record.toolTypes ?? [])),
      paper_dois: publicationDois,
      paper_arxiv_ids: relatedArxiv,
      ...(biotoolsRecords.length > 0 ? { validated_by_biotools: validated } : {}),
    };
  } else if (kind === 'paper') {
    const authored = records.find((record) => (record.authors?.length ?? 0) > 0);
    item.paper = {
      ...optionalField('doi', doi),
      ...optionalField('arxiv_id', arxivId),
      authors: authored?.authors ?? [],
      ...(authored?.authorsComplete === undefined ? {} : { authors_complete: authored.authorsComplete }),
      ...optionalField(
        'venue',
        first(records, (record) => record.venue),
      ),
      ...optionalField(
        'code_repo',
        first(records, (record) => record.codeRepo),
      ),
    };
  } else if (devices.length > 0) {
    const dates = devices.map((device) => device.date).sort();
    item.company = {
      fda_cleared_devices: {
        count: devices.length,
        first_decision: dates[0]!,
        latest_decision: dates[dates.length - 1]!,
        panels: unique(devices.map((device) => device.panel).filter(Boolean)).sort(),
        k_numbers: devices.map((device) => device.kNumber),
        source: 'fda-aiml-devices',
        as_of: snapshots['fda-aiml-devices']!.date,
      },
      name_variants: unique(records.flatMap((record) => record.nameVariants ?? [])).sort(),
    };
  }
  const failure = floorFailure({
    contentType: type,
    title: item.title,
    description,
    url: item.url === '' ? undefined : item.url,
    domains,
    year,
    doi,
    arxivId,
    unreviewedImportOnly:
      biotoolsRecords.length > 0 &&
      records.length === biotoolsRecords.length &&
      biotoolsRecords.every((r) => r.automaticImport && !r.validated),
    publicationDois,
    githubRepo,
  });
  return failure === undefined ? { item } : { item, failure };
}

function optionalField<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function uniqueBy<T>(values: readonly T[], key: (value: T) => string): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
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

/** A list field, left out when empty: most tools state no data. */
function optionalList<K extends string, V>(key: K, values: V[]): { [P in K]?: V[] } {
  return (values.length === 0 ? {} : { [key]: values }) as { [P in K]?: V[] };
}

/** One entry per data term across a tool's records, first seen first, with every format named for it. */
function mergedData(entries: readonly EdamData[]): EdamData[] {
  const byData = new Map<string, string[]>();
  for (const { data, formats } of entries) byData.set(data, unique([...(byData.get(data) ?? []), ...formats]));
  return [...byData].map(([data, formats]) => ({ data, formats }));
}
