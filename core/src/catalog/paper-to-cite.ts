/**
 * The papers to cite for a tool or agent (docs/product.md#paper-to-cite): each DOI or arXiv id a
 * source names for it, as a link to the paper's page when the catalog has the paper, otherwise to
 * the paper itself at doi.org or arxiv.org.
 */

export type PaperIdScheme = 'doi' | 'arxiv';

/** The paper behind an identifier: doi.org for a DOI, arXiv's abstract page for an arXiv id. */
export function paperIdUrl(scheme: PaperIdScheme, id: string): string {
  // each part escaped: a DOI may hold '#', '?' or '%', which would end or bend the path
  const path = id.split('/').map(encodeURIComponent).join('/');
  return scheme === 'doi' ? `https://doi.org/${path}` : `https://arxiv.org/abs/${path}`;
}

/** How an identifier reads where no catalog paper stands for it: 'doi:10.1093/…', 'arXiv:2401.07950'. */
export function paperIdLabel(scheme: PaperIdScheme, id: string): string {
  return scheme === 'doi' ? `doi:${id}` : `arXiv:${id}`;
}
