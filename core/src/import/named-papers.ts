import { normaliseArxivId, normaliseDoi } from '../catalog-build/identifiers.ts';
import type { RowReader } from './row-reader.ts';
import { t } from '../i18n/translate.ts';

/**
 * The papers a tool or agent names (docs/product.md#paper-to-cite), from an import's
 * `paper_dois` and `paper_arxiv_ids` columns: DOIs in their bare lower-case form (as the catalog
 * keeps them, so the link to a paper is found whatever its letter case), arXiv ids without their
 * version. commit_import (supabase/schemas/09_import.sql) checks the same rules again.
 */

/** The page cites at most this many papers of an item (item_papers_to_cite). */
export const NAMED_PAPERS_MAX = 50;
/** Longer than any DOI a registry hands out; keeps a hostile cell out of the metadata. */
export const DOI_MAX_LENGTH = 300;

/**
 * Who names an imported item's papers, in its metadata's publication_sources: the import itself.
 * The link to a catalog paper carries it (item_relations.source), as a harvest's carries the
 * harvest's; it is no source of the catalog (catalog_sources), so the page names none.
 */
export const IMPORT_PAPER_SOURCE = 'csv-import';

export const NAMED_PAPER_MESSAGES = {
  doi: (value: string) => t('paper_dois: "{value}" is not a DOI (10.NNNN/…)', { value: clip(value) }),
  get doiLength() {
    return t('Each of paper_dois must be at most {max} characters', { max: DOI_MAX_LENGTH });
  },
  arxiv: (value: string) =>
    t('paper_arxiv_ids: "{value}" is not an arXiv id (e.g. 2401.07950 or hep-th/9901001)', { value: clip(value) }),
  get tooMany() {
    return t('paper_dois and paper_arxiv_ids may name at most {max} papers together', { max: NAMED_PAPERS_MAX });
  },
};

function clip(value: string): string {
  return value.length > 60 ? `${value.slice(0, 60)}…` : value;
}

export interface NamedPapers {
  paper_dois: string[];
  paper_arxiv_ids: string[];
}

/** Both columns read, each identifier once, in the file's order. */
export function readNamedPapers(reader: RowReader): NamedPapers {
  const paperDois = distinct(readIds(reader, 'paper_dois', readDoiEntry));
  const paperArxivIds = distinct(readIds(reader, 'paper_arxiv_ids', readArxivEntry));
  if (paperDois.length + paperArxivIds.length > NAMED_PAPERS_MAX) reader.error(NAMED_PAPER_MESSAGES.tooMany);
  return { paper_dois: paperDois, paper_arxiv_ids: paperArxivIds };
}

type EntryReader = (value: string) => { ok: true; value: string } | { ok: false; error: string };

function readIds(reader: RowReader, column: string, read: EntryReader): string[] {
  const ids: string[] = [];
  for (const entry of reader.list(column)) {
    const result = read(entry);
    if (result.ok) ids.push(result.value);
    else reader.error(result.error);
  }
  return ids;
}

function readDoiEntry(value: string): { ok: true; value: string } | { ok: false; error: string } {
  if (value.length > DOI_MAX_LENGTH) return { ok: false, error: NAMED_PAPER_MESSAGES.doiLength };
  const doi = normaliseDoi(value);
  if (doi === undefined) return { ok: false, error: NAMED_PAPER_MESSAGES.doi(value) };
  return doi.length > DOI_MAX_LENGTH ? { ok: false, error: NAMED_PAPER_MESSAGES.doiLength } : { ok: true, value: doi };
}

function readArxivEntry(value: string): { ok: true; value: string } | { ok: false; error: string } {
  const id = normaliseArxivId(value);
  return id === undefined ? { ok: false, error: NAMED_PAPER_MESSAGES.arxiv(value) } : { ok: true, value: id };
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}
