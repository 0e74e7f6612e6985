import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  BuiltItemSchema,
  companyKey,
  FIELD_TREE,
  normaliseLicense,
  PARSERS,
  SOURCE_BY_ID,
  type BuiltItem,
  type SourceId,
  type SourceRecord,
} from '@sciai/core/catalog-build';
import { DEFAULT_BUILT, DEFAULT_SNAPSHOTS } from '../commands/catalog.ts';
import { readSnapshots } from './read-snapshots.ts';

/**
 * Every fact of every committed item, held against the source records re-derived from the
 * snapshots; every link and identifier checked for form. Problems are collected and compared
 * with none at the end, so a failure lists every item at fault.
 */
const snapshots = readSnapshots(DEFAULT_SNAPSHOTS);
const items: BuiltItem[] = ['software.json', 'papers.json', 'companies.json', 'agents.json'].flatMap(
  (file) => JSON.parse(readFileSync(join(DEFAULT_BUILT, file), 'utf8')) as BuiltItem[],
);
const records = new Map<string, SourceRecord[]>();
for (const [source, snapshot] of Object.entries(snapshots)) {
  for (const record of PARSERS[source as SourceId](snapshot)) {
    const key = `${record.source}\u0000${record.recordId}`;
    records.set(key, [...(records.get(key) ?? []), record]);
  }
}
const recordsOf = (item: BuiltItem) =>
  item.sources.flatMap((source) => records.get(`${source.source}\u0000${source.record_id}`) ?? []);

const DOI = /^10\.\d{4,9}\/\S+$/;
const ARXIV = /^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?\/\d{7})$/;
const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol) && !/\s/.test(value);
  } catch {
    return false;
  }
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function problems(check: (item: BuiltItem, fail: (what: string) => void) => void): string[] {
  const found: string[] = [];
  for (const item of items) check(item, (what) => found.push(`${item.slug}: ${what}`));
  return found;
}

describe('the built catalog, traced to its sources', () => {
  it('holds every item in the built-item shape, with a unique slug', () => {
    expect(items.length).toBeGreaterThan(3000);
    expect(
      problems((item, fail) => void (BuiltItemSchema.safeParse(item).success || fail('not a built item'))),
    ).toEqual([]);
    expect(new Set(items.map((item) => item.slug)).size).toBe(items.length);
  });

  it('names for each source the record, the snapshot’s repository, commit, date and licence', () => {
    const found = problems((item, fail) => {
      for (const source of item.sources) {
        const snapshot = snapshots[source.source as SourceId];
        const config = SOURCE_BY_ID.get(source.source as SourceId);
        if (snapshot === undefined || config === undefined) return fail(`unknown source ${source.source}`);
        if (source.repository !== snapshot.repository || source.commit !== snapshot.commit) fail('snapshot');
        if (source.snapshot_date !== snapshot.date) fail('snapshot date');
        if (source.license !== config.license || source.share_alike !== config.shareAlike) fail('licence');
        const matching = records.get(`${source.source}\u0000${source.record_id}`) ?? [];
        if (!matching.some((record) => record.recordUrl === source.record_url))
          fail(`no record at ${source.record_url}`);
        if (
          !source.record_url.startsWith(`${snapshot.repository}/blob/${snapshot.commit}/`) &&
          !source.record_url.startsWith('https://bio.tools/')
        ) {
          fail(`record link outside the snapshot: ${source.record_url}`);
        }
      }
    });
    expect(found).toEqual([]);
  });

  it('states each fact as one of its records does', () => {
    const found = problems((item, fail) => {
      const own = recordsOf(item);
      if (own.length === 0) return fail('no records');
      const has = <T>(pick: (record: SourceRecord) => T, value: T) => own.some((record) => same(pick(record), value));
      if (!has((r) => r.title, item.title)) fail('title');
      if (!has((r) => r.url, item.url)) fail('url');
      const { doi, arxiv_id, biotools_id, github_repo, company_key } = item.identifiers;
      if (doi && !has((r) => r.doi, doi)) fail('doi');
      if (arxiv_id && !has((r) => r.arxivId, arxiv_id)) fail('arxiv id');
      if (biotools_id && !has((r) => r.biotoolsId, biotools_id)) fail('bio.tools id');
      if (github_repo && !has((r) => r.githubRepo, github_repo)) fail('repository');
      if (company_key && !has((r) => r.companyKey, company_key)) fail('company');
      if (item.year !== undefined && !has((r) => r.year, item.year)) fail('year');
      const stars = item.software?.github_stars;
      if (stars && !has((r) => r.stars, { value: stars.value, asOf: stars.as_of, source: stars.source })) fail('stars');
      const license = item.license;
      if (
        license &&
        !own.some((r) => r.source === license.source && normaliseLicense(r.licenseRaw)?.label === license.label)
      ) {
        fail('licence');
      }
      if (item.paper && item.paper.authors.length > 0 && !has((r) => r.authors, item.paper.authors)) fail('authors');
    });
    expect(found).toEqual([]);
  });

  it('copies a description only from a source whose licence allows it, word for word', () => {
    const found = problems((item, fail) => {
      const own = recordsOf(item);
      if (item.description_origin.kind === 'source') {
        const source = item.description_origin.source as SourceId;
        if (!SOURCE_BY_ID.get(source)?.copyProse) fail(`copied from ${source}, whose licence does not allow it`);
        if (!own.some((record) => record.source === source && record.description === item.description))
          fail('not the source’s words');
      } else if (own.some((record) => record.description !== undefined && SOURCE_BY_ID.get(record.source)!.copyProse)) {
        fail('composed although a source’s description could be copied');
      }
      for (const record of own)
        if (!SOURCE_BY_ID.get(record.source)!.copyProse && record.description !== undefined) fail('prose kept');
    });
    expect(found).toEqual([]);
  });

  it('counts each company’s FDA decisions as the FDA list has them', () => {
    const csv = Papa.parse<Record<string, string>>(snapshots['fda-aiml-devices']!.files['aiml-devices.csv']!, {
      header: true,
      skipEmptyLines: true,
    }).data;
    const byCompany = new Map<string, string[]>();
    for (const row of csv) {
      // one company whatever the spaces in its name ("Body Vision" and "BodyVision"), as the merge rule has it
      const key = companyKey(row['Company']!.replace(/\s+/g, ' ').replace(/\s+,/g, ',').trim()).replace(/ /g, '');
      byCompany.set(key, [...(byCompany.get(key) ?? []), row['Submission Number']!.trim()]);
    }
    const companies = items.filter((item) => item.company);
    expect(companies.length).toBeGreaterThan(150);
    expect([...byCompany.values()].flat().length).toBe(csv.length);
    const found = problems((item, fail) => {
      const devices = item.company?.fda_cleared_devices;
      if (devices === undefined) return;
      const key = item.identifiers.company_key!.replace(/ /g, '');
      if (!same([...devices.k_numbers].sort(), [...(byCompany.get(key) ?? [])].sort())) fail('devices');
      if (devices.count !== devices.k_numbers.length) fail('count');
    });
    expect(found).toEqual([]);
  });

  it('has well-formed links and identifiers, and fields from the tree', () => {
    const fields = new Set(FIELD_TREE.map((node) => node.slug));
    const found = problems((item, fail) => {
      if (!isHttpUrl(item.url)) fail(`link ${item.url}`);
      for (const source of item.sources) if (!isHttpUrl(source.record_url)) fail(`record link ${source.record_url}`);
      if (item.identifiers.doi && !DOI.test(item.identifiers.doi)) fail('doi form');
      if (item.identifiers.arxiv_id && !ARXIV.test(item.identifiers.arxiv_id)) fail('arxiv form');
      for (const doi of item.software?.paper_dois ?? []) if (!DOI.test(doi)) fail(`paper doi ${doi}`);
      for (const id of item.software?.paper_arxiv_ids ?? []) if (!ARXIV.test(id)) fail(`paper arxiv ${id}`);
      const github = item.software?.github_url;
      if (github && !/^https:\/\/github\.com\/[^/\s]+\/[^/\s]+(\/tree\/HEAD\/\S+)?$/.test(github))
        fail(`github ${github}`);
      for (const field of item.domains) if (!fields.has(field)) fail(`field ${field}`);
      if (
        item.content_type === 'paper' &&
        (item.year === undefined || !(item.identifiers.doi ?? item.identifiers.arxiv_id))
      ) {
        fail('paper below the floor');
      }
    });
    expect(found).toEqual([]);
  });

  it('credits each tool’s papers to the one source whose records name them all', () => {
    // a tool's page cites each paper with the source that names it (docs/product.md#paper-to-cite),
    // read from the publications fact's sources: exact only while one source names them all
    let named = 0;
    const found = problems((item, fail) => {
      const dois = item.software?.paper_dois ?? [];
      const arxivIds = item.software?.paper_arxiv_ids ?? [];
      if (dois.length + arxivIds.length === 0) return;
      named += 1;
      const sources = item.prior.components.find((component) => component.fact === 'publications')?.sources ?? [];
      if (sources.length !== 1) return fail(`papers credited to ${sources.length} sources`);
      const stated = recordsOf(item).filter((record) => record.source === sources[0]);
      const statedDois = new Set(stated.flatMap((record) => record.publicationDois ?? []));
      const statedArxiv = new Set(stated.flatMap((record) => record.relatedArxivIds ?? []));
      for (const doi of dois) if (!statedDois.has(doi)) fail(`paper ${doi} not named by ${sources[0]}`);
      for (const id of arxivIds) if (!statedArxiv.has(id)) fail(`paper ${id} not named by ${sources[0]}`);
    });
    expect(found).toEqual([]);
    expect(named).toBeGreaterThan(1500);
  });

  it('meets the sizes the default catalog needs, with no source above a third', () => {
    const byType = (type: string) => items.filter((item) => item.content_type === type).length;
    expect(byType('software')).toBeGreaterThanOrEqual(1500);
    expect(byType('paper')).toBeGreaterThanOrEqual(1000);
    expect(byType('company')).toBeGreaterThanOrEqual(150);
    const perSource = new Map<string, number>();
    for (const item of items) {
      for (const source of new Set(item.sources.map((s) => s.source)))
        perSource.set(source, (perSource.get(source) ?? 0) + 1);
    }
    for (const [source, count] of perSource) expect(count * 3, source).toBeLessThanOrEqual(items.length);
  });
});
