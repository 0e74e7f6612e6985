import type { BuiltItem } from './built-item.ts';
import { githubUrlOf } from './identifiers.ts';
import { first, optionalField, optionalList, unique } from './record-picks.ts';
import type { DatedFact, EdamData, SourceRecord } from './record.ts';

/** What a tool's records state about it as software, merged across its sources. */
export function softwareFacts(
  records: readonly SourceRecord[],
  known: {
    githubRepo: string | undefined;
    stars: DatedFact | undefined;
    publicationDois: string[];
    relatedArxiv: string[];
    /** whether bio.tools lists it, and then whether bio.tools validated it */
    biotools: { validated: boolean } | undefined;
  },
): NonNullable<BuiltItem['software']> {
  const { githubRepo, stars } = known;
  const release = first(records, (record) => record.latestRelease);
  return {
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
    paper_dois: known.publicationDois,
    paper_arxiv_ids: known.relatedArxiv,
    ...(known.biotools === undefined ? {} : { validated_by_biotools: known.biotools.validated }),
  };
}

/** A paper's bibliographic facts: the authors from the first record that lists any. */
export function paperFacts(
  records: readonly SourceRecord[],
  doi: string | undefined,
  arxivId: string | undefined,
): NonNullable<BuiltItem['paper']> {
  const authored = records.find((record) => (record.authors?.length ?? 0) > 0);
  return {
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
}

/** A company's FDA-cleared devices, summarised and dated by the FDA list's snapshot. */
export function fdaCompanyFacts(
  records: readonly SourceRecord[],
  devices: NonNullable<SourceRecord['devices']>,
  asOf: string,
): NonNullable<BuiltItem['company']> {
  const dates = devices.map((device) => device.date).sort();
  return {
    fda_cleared_devices: {
      count: devices.length,
      first_decision: dates[0]!,
      latest_decision: dates[dates.length - 1]!,
      panels: unique(devices.map((device) => device.panel).filter(Boolean)).sort(),
      k_numbers: devices.map((device) => device.kNumber),
      source: 'fda-aiml-devices',
      as_of: asOf,
    },
    name_variants: unique(records.flatMap((record) => record.nameVariants ?? [])).sort(),
  };
}

/** One entry per data term across a tool's records, first seen first, with every format named for it. */
function mergedData(entries: readonly EdamData[]): EdamData[] {
  const byData = new Map<string, string[]>();
  for (const { data, formats } of entries) byData.set(data, unique([...(byData.get(data) ?? []), ...formats]));
  return [...byData].map(([data, formats]) => ({ data, formats }));
}
