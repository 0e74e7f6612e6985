import type { SourceKind } from '../catalog/item-source-records.ts';
import { sourceLicenseLabel } from '../catalog/source-labels.ts';
import { CATALOG_LICENSE, CATALOG_LICENSE_URL } from './catalog-item.ts';

/** A catalog source as the open-data manifest names it (catalog_data_summary()'s sources). */
export interface DataSource {
  id: string;
  name: string;
  /** 'live': a source's API read by `sciai harvest`, with no commit or snapshot; else a snapshot */
  kind?: SourceKind;
  repository: string;
  commit: string | null;
  snapshot_date: string | null;
  license: string;
  license_basis?: string;
  share_alike: boolean;
  copies_descriptions: boolean;
  credit: string;
  /** published items listing it */
  items: number;
}

/** The licences of the open-data files: the catalog's own text, and each source's records. */
export interface DataLicenses {
  catalog_text: { license: string; url: string };
  sources: Array<DataSource & { license_label: string }>;
  /** whether records of a share-alike source are in the files */
  share_alike_included: boolean;
  statement: string;
}

/**
 * What the open-data files say about their licences (docs/product.md#sources): SciAI's own text
 * under the catalog's licence, every source with items in the files under its own, and, when a
 * share-alike source's records are included, that text copied from it keeps its licence; a source
 * without a licence gives facts only, never prose (an item only such sources list has a
 * description SciAI composed, under SciAI's licence). Each item's `sources` in
 * catalog.jsonl (and its sources columns in catalog.csv) say which records it holds.
 */
export function dataLicenses(sources: readonly DataSource[]): DataLicenses {
  const used = sources.filter((source) => source.items > 0);
  const shareAlike = used.filter((source) => source.share_alike);
  const live = used.filter((source) => source.kind === 'live');
  const labelOf = (source: DataSource) => sourceLicenseLabel(source.license, source.share_alike);
  const listed = used.map((source) => `${source.name} (${labelOf(source)})`);
  const statement = [
    `Catalog text written by SciAI: ${CATALOG_LICENSE} (${CATALOG_LICENSE_URL}).`,
    listed.length ? `Records from these sources are included, each under its own licence: ${listed.join('; ')}.` : '',
    shareAlike.length
      ? `Share-alike records are included (${shareAlike.map((source) => source.name).join(', ')}): text copied from ` +
        'them keeps their licence when reused; an item’s `sources` in catalog.jsonl (and `sources` in catalog.csv) ' +
        'names its records.'
      : '',
    live.length
      ? `Records read live (${live.map((source) => source.name).join(', ')}) are dated by the day they were last fetched.`
      : '',
    'Sources marked "facts only" give facts (names, links, dates, identifiers), never their prose: where no ' +
      'other source’s licence allows copying, an item’s description is composed by SciAI from those facts.',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    catalog_text: { license: CATALOG_LICENSE, url: CATALOG_LICENSE_URL },
    sources: used.map((source) => ({
      ...source,
      license_label: labelOf(source),
    })),
    share_alike_included: shareAlike.length > 0,
    statement,
  };
}
