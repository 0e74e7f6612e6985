import type { BuiltItem, ItemSource } from './built-item.ts';
import { composedDescription, PAPER_FACET, shortDescription } from './compose.ts';
import { fdaCompanyFacts, paperFacts, softwareFacts } from './kind-facts.ts';
import { normaliseLicense } from './license.ts';
import { kindOf } from './merge.ts';
import { rankingPrior } from './prior.ts';
import { floorFailure, type FloorReason } from './quality.ts';
import { first, unique, uniqueBy } from './record-picks.ts';
import type { SnapshotText, SourceRecord } from './record.ts';
import { SOURCE_BY_ID, type SourceId } from './sources.ts';
import { fieldsOf } from './taxonomy.ts';

export type Snapshots = Readonly<Partial<Record<SourceId, SnapshotText>>>;

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

/** One catalog item from the records of one thing (lead source first), and why it misses the floor, if it does. */
export function itemOf(
  records: readonly SourceRecord[],
  snapshots: Snapshots,
): { item: BuiltItem; failure?: FloorReason } {
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
    item.software = softwareFacts(records, {
      githubRepo,
      stars,
      publicationDois,
      relatedArxiv,
      biotools: biotoolsRecords.length > 0 ? { validated } : undefined,
    });
  } else if (kind === 'paper') {
    item.paper = paperFacts(records, doi, arxivId);
  } else if (devices.length > 0) {
    item.company = fdaCompanyFacts(records, devices, snapshots['fda-aiml-devices']!.date);
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
