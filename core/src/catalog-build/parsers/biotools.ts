import { githubRepoFromUrl, httpUrl, normaliseDoi } from '../identifiers.ts';
import { record, type EdamData, type SnapshotText, type SourceRecord } from '../record.ts';
import { isMachineLearningTool } from './biotools-selection.ts';

interface Term {
  term?: string;
  uri?: string;
}
/** An EDAM data term and the formats bio.tools names for it. */
interface DataAndFormats {
  data?: Term;
  format?: Term[];
}
interface BiotoolsRecord {
  biotoolsID: string;
  name: string;
  description?: string;
  homepage?: string;
  additionDate?: string;
  lastUpdate?: string;
  owner?: string;
  validated?: number;
  confidence_flag?: string;
  topic?: Term[];
  function?: { operation?: Term[]; input?: DataAndFormats[]; output?: DataAndFormats[] }[];
  toolType?: string[];
  language?: string[];
  license?: string;
  publication?: { doi?: string | null }[];
  link?: { type?: string | string[]; url?: string }[];
  download?: { type?: string; url?: string }[];
  version?: string[];
}

/** Owners under which bio.tools loaded records in bulk from other registries, unreviewed. */
const IMPORT_OWNERS = new Set(['pub2tools', 'mbs_import', 'seqwiki_import', 'bioconductor_import', 'biotools_import']);

export function isAutomaticImport(tool: Pick<BiotoolsRecord, 'owner' | 'confidence_flag'>): boolean {
  const owner = (tool.owner ?? '').toLowerCase();
  return tool.confidence_flag !== undefined || IMPORT_OWNERS.has(owner) || owner.endsWith('_import');
}

/** tools.jsonl: one bio.tools record a line. */
export function parseBiotools(snapshot: SnapshotText): SourceRecord[] {
  const text = snapshot.files['tools.jsonl'] ?? '';
  const records: SourceRecord[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const tool = JSON.parse(line) as BiotoolsRecord;
    if (!isMachineLearningTool(tool)) continue;
    records.push(toRecord(tool));
  }
  return records;
}

function toRecord(tool: BiotoolsRecord): SourceRecord {
  const links = [
    tool.homepage,
    ...(tool.link ?? []).map((link) => link.url),
    ...(tool.download ?? []).map((link) => link.url),
  ];
  const githubRepo = links.map((url) => githubRepoFromUrl(url)).find((repo) => repo !== undefined);
  const dois = [...new Set((tool.publication ?? []).map((p) => normaliseDoi(p.doi ?? undefined)).filter(isDefined))];
  const operations = [
    ...new Set((tool.function ?? []).flatMap((f) => (f.operation ?? []).map((o) => o.term)).filter(isDefined)),
  ];
  const topics = (tool.topic ?? []).map((topic) => topic.term).filter(isDefined);
  const functions = tool.function ?? [];
  return record({
    source: 'biotools',
    recordId: tool.biotoolsID,
    recordUrl: `https://bio.tools/${encodeURIComponent(tool.biotoolsID)}`,
    type: 'software',
    title: tool.name.trim(),
    ...(tool.description?.trim() ? { description: tool.description.trim() } : {}),
    ...optional('url', httpUrl(tool.homepage)),
    biotoolsId: tool.biotoolsID.toLowerCase(),
    ...optional('githubRepo', githubRepo),
    ...optional('licenseRaw', tool.license),
    languages: tool.language ?? [],
    terms: topics,
    facets: topics.filter((topic) => topic !== 'Machine learning').slice(0, 3),
    validated: tool.validated === 1,
    automaticImport: isAutomaticImport(tool),
    publicationDois: dois,
    edamOperations: operations,
    edamInputs: dataTerms(functions.flatMap((f) => f.input ?? [])),
    edamOutputs: dataTerms(functions.flatMap((f) => f.output ?? [])),
    toolTypes: tool.toolType ?? [],
  });
}

/**
 * The data a tool reads or writes, one entry per EDAM data term in the order bio.tools lists them,
 * with the formats every function names for that term.
 */
function dataTerms(entries: DataAndFormats[]): EdamData[] {
  const byData = new Map<string, Set<string>>();
  for (const entry of entries) {
    const data = entry.data?.term?.trim();
    if (!data) continue;
    const formats = byData.get(data) ?? new Set<string>();
    for (const format of entry.format ?? []) if (format.term?.trim()) formats.add(format.term.trim());
    byData.set(data, formats);
  }
  return [...byData].map(([data, formats]) => ({ data, formats: [...formats] }));
}

function isDefined<T>(value: T | undefined | null): value is T {
  return value !== undefined && value !== null && value !== '';
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
export { optional, isDefined };
