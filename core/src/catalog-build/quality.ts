/**
 * The quality floor: what an item needs to be published. Nothing is filled in to pass it; an
 * item missing one of these stays out, counted under the first reason it fails.
 */
export interface FloorInput {
  contentType: 'software' | 'paper' | 'company' | 'agent';
  title: string;
  description: string | undefined;
  url: string | undefined;
  domains: readonly string[];
  year: number | undefined;
  doi: string | undefined;
  arxivId: string | undefined;
  /** Every bio.tools record behind the item is an unreviewed automatic import. */
  unreviewedImportOnly: boolean;
  publicationDois: readonly string[];
  githubRepo: string | undefined;
}

export type FloorReason =
  | 'no name'
  | 'no description'
  | 'no link'
  | 'no field'
  | 'paper without year'
  | 'paper without DOI or arXiv id'
  | 'unreviewed import without publication or repository';

export function floorFailure(item: FloorInput): FloorReason | undefined {
  if (item.title.trim() === '') return 'no name';
  if (item.description === undefined || item.description.trim() === '') return 'no description';
  if (item.url === undefined) return 'no link';
  if (item.domains.length === 0) return 'no field';
  if (item.contentType === 'paper') {
    if (item.year === undefined) return 'paper without year';
    if (item.doi === undefined && item.arxivId === undefined) return 'paper without DOI or arXiv id';
  }
  if (item.unreviewedImportOnly && item.publicationDois.length === 0 && item.githubRepo === undefined) {
    return 'unreviewed import without publication or repository';
  }
  return undefined;
}
