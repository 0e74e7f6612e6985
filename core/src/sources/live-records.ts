import type { ExternalId, HarvestItem, HarvestSource, LiveRecord, MappedRecord } from './harvest-item.ts';

/**
 * The record a harvested item came from, as its Sources card links it (docs/product.md#sources):
 * the source's own id for it and the page where anyone can read it. commit_harvest_page keeps it
 * in item_sources under the harvest's live source, so the item says where it was read and when.
 */

const MAX_RECORD_ID = 300;
const MAX_RECORD_URL = 2000;

const idOf = (ids: readonly ExternalId[], scheme: ExternalId['scheme']) =>
  ids.find((id) => id.scheme === scheme)?.value;

/** A path segment each, so a DOI keeps its slash and nothing else in it is read as URL syntax. */
const pathOf = (value: string) => value.split('/').map(encodeURIComponent).join('/');

function record(id: string | undefined, url: string | undefined): LiveRecord | undefined {
  if (!id || !url || id.length > MAX_RECORD_ID) return undefined;
  if (!/^https:\/\/\S+$/.test(url) || url.length > MAX_RECORD_URL) return undefined;
  return { id, url };
}

/** The source's record behind an item it mapped, or undefined when the item does not name it. */
export function liveRecordOf(source: HarvestSource, item: HarvestItem): LiveRecord | undefined {
  const { ids } = item;
  switch (source) {
    case 'biotools': {
      const id = idOf(ids, 'biotools');
      return record(id, id && `https://bio.tools/${encodeURIComponent(id)}`);
    }
    case 'openalex': {
      const id = idOf(ids, 'openalex');
      return record(id, id && `https://openalex.org/${encodeURIComponent(id)}`);
    }
    case 'arxiv': {
      const id = idOf(ids, 'arxiv');
      return record(id, id && `https://arxiv.org/abs/${pathOf(id)}`);
    }
    case 'crossref': {
      const doi = idOf(ids, 'doi');
      return record(doi, doi && `https://api.crossref.org/works/${pathOf(doi)}`);
    }
    case 'github': {
      // the numeric id, which a rename keeps: the same record, its URL following the new name
      const name = idOf(ids, 'github');
      const id = idOf(ids, 'github_id') ?? name;
      const url =
        item.software?.github_url?.replace(/^http:/, 'https:') ?? (name && `https://github.com/${pathOf(name)}`);
      return record(id, url);
    }
    case 'huggingface': {
      const id = idOf(ids, 'huggingface');
      return record(id, id && `https://huggingface.co/${pathOf(id)}`);
    }
  }
}

/** A mapped record with the live record it came from, unless it names one already. */
export function withLiveRecord(source: HarvestSource, mapped: MappedRecord): MappedRecord {
  if (!mapped.ok || mapped.item.records) return mapped;
  const found = liveRecordOf(source, mapped.item);
  return found ? { ok: true, item: { ...mapped.item, records: [found] } } : mapped;
}

/**
 * Items a record brings along (a bio.tools entry's publications) came from that record: they
 * keep it as theirs, so a paper harvested with a tool links the tool's entry.
 */
export function broughtBy(
  source: HarvestSource,
  parent: MappedRecord,
  brought: readonly MappedRecord[],
): MappedRecord[] {
  const found = parent.ok ? liveRecordOf(source, parent.item) : undefined;
  if (!found) return [...brought];
  return brought.map((one) => (one.ok ? { ok: true, item: { ...one.item, records: [found] } } : one));
}
