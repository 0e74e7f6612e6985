/** Identifier forms the merge rule compares: DOIs, arXiv ids, GitHub repositories. */

const DOI = /^10\.\d{4,9}\/\S+$/;

/** A DOI in its bare lower-case form, from a bare DOI, 'doi:…' or a doi.org URL; undefined if none. */
export function normaliseDoi(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const bare = value
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '')
    .replace(/[.,;]+$/, '');
  const decoded = safeDecode(bare).toLowerCase();
  return DOI.test(decoded) ? decoded : undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const NEW_ARXIV = /^(\d{4}\.\d{4,5})(v\d+)?$/;
const OLD_ARXIV = /^([a-z-]+(\.[A-Z]{2})?\/\d{7})(v\d+)?$/;

/** An arXiv id without its version ('2401.07950', 'hep-th/9901001'); undefined if the text is not one. */
export function normaliseArxivId(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const bare = value
    .trim()
    .replace(/^arxiv:/i, '')
    .replace(/\.pdf$/i, '');
  return NEW_ARXIV.exec(bare)?.[1] ?? OLD_ARXIV.exec(bare)?.[1];
}

/** The arXiv id in an arxiv.org abs/pdf/html URL. */
export function arxivIdFromUrl(url: string): string | undefined {
  const match = /^https?:\/\/(www\.)?(export\.)?arxiv\.org\/(abs|pdf|html)\/([^?#\s]+?)\/?(?:[?#].*)?$/i.exec(
    url.trim(),
  );
  return match === null ? undefined : normaliseArxivId(match[4]);
}

/** The DOI in a doi.org URL. */
export function doiFromUrl(url: string): string | undefined {
  return /^https?:\/\/(dx\.)?doi\.org\//i.test(url.trim()) ? normaliseDoi(url) : undefined;
}

/**
 * 'owner/name' lower-case from a github.com repository URL. A folder of a repository
 * (…/tree/<ref>/<path>) is its own thing ('owner/name/path'): one repository can hold many
 * projects (google-deepmind/deepmind-research); other deeper paths are the repository itself.
 */
export function githubRepoFromUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const match =
    /^https?:\/\/(www\.)?github\.com\/([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(\.git)?(\/[^?#]*)?([?#].*)?$/i.exec(
      url.trim(),
    );
  if (match === null) return undefined;
  const owner = match[2]!.toLowerCase();
  const name = match[3]!.toLowerCase();
  if (['topics', 'orgs', 'sponsors', 'features', 'about', 'marketplace', 'collections'].includes(owner))
    return undefined;
  const folder = /^\/tree\/[^/]+\/(.+?)\/?$/.exec(match[5] ?? '')?.[1];
  return folder === undefined ? `${owner}/${name}` : `${owner}/${name}/${folder.toLowerCase()}`;
}

/** The github.com address of a repository or repository folder key. */
export function githubUrlOf(repo: string): string {
  const [owner, name, ...folder] = repo.split('/');
  return folder.length === 0
    ? `https://github.com/${owner}/${name}`
    : `https://github.com/${owner}/${name}/tree/HEAD/${folder.join('/')}`;
}

/** The year of a new-style arXiv id (2401.07950 → 2024); undefined for old-style ids. */
export function yearOfArxivId(id: string): number | undefined {
  const match = /^(\d\d)(\d\d)\./.exec(id);
  return match === null ? undefined : 2000 + Number(match[1]);
}

/** An http(s) URL as given, or undefined when the text is not one. */
export function httpUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(trimmed)) return undefined;
  try {
    return new URL(trimmed).protocol.startsWith('http') ? trimmed : undefined;
  } catch {
    return undefined;
  }
}
