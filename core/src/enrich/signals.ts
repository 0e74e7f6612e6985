/**
 * The facts enrich keeps about an item, read from each source's documented answer. A reader
 * throws MalformedAnswer when the answer lacks what the documentation promises: that item fails
 * with the reason, the run goes on.
 */

export type SignalName =
  | 'github_stars'
  | 'github_forks'
  | 'github_open_issues'
  | 'github_pushed_at'
  | 'github_release'
  | 'github_license'
  | 'github_archived'
  | 'citations'
  | 'hf_downloads'
  | 'hf_likes';

export type SignalSource = 'github' | 'openalex' | 'crossref' | 'huggingface';
export type EnrichSource = SignalSource | 'links';
export const ENRICH_SOURCES: readonly EnrichSource[] = ['github', 'openalex', 'crossref', 'huggingface', 'links'];

export interface Signal {
  signal: SignalName;
  num?: number;
  text?: string;
  detail?: Record<string, string | number | boolean | null>;
}

export class MalformedAnswer extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedAnswer';
  }
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MalformedAnswer(`${what} is not an object`);
  }
  return value as Record<string, unknown>;
}

function count(body: Record<string, unknown>, key: string, what: string): number {
  const value = body[key];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new MalformedAnswer(`${what} has no ${key}`);
  }
  return Math.floor(value);
}

function optionalText(value: unknown, max = 200): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
}

function isoDate(value: unknown): string | undefined {
  const text = optionalText(value, 40);
  return text && !Number.isNaN(Date.parse(text)) ? new Date(text).toISOString() : undefined;
}

/** GET /repos/{owner}/{repo} (docs.github.com, REST repositories). */
export function readGithubRepo(body: unknown): Signal[] {
  const repo = record(body, 'The GitHub repository');
  const name = optionalText(repo.full_name) ?? '';
  const id = repositoryId(repo.id);
  const signals: Signal[] = [
    // The name and numeric id GitHub answered with: under a renamed repository's old name it
    // answers with the new one, and the store follows the rename (record_enrich_batch).
    {
      signal: 'github_stars',
      num: count(repo, 'stargazers_count', 'The GitHub repository'),
      detail: { repo: name, ...(id ? { id } : {}) },
    },
    { signal: 'github_forks', num: count(repo, 'forks_count', 'The GitHub repository') },
    { signal: 'github_open_issues', num: count(repo, 'open_issues_count', 'The GitHub repository') },
    { signal: 'github_archived', num: repo.archived === true ? 1 : 0 },
  ];
  const pushed = isoDate(repo.pushed_at);
  if (pushed) signals.push({ signal: 'github_pushed_at', text: pushed });
  const license = repo.license === null || repo.license === undefined ? undefined : record(repo.license, 'license');
  const spdx = optionalText(license?.spdx_id, 100);
  if (spdx && spdx !== 'NOASSERTION') signals.push({ signal: 'github_license', text: spdx });
  return signals;
}

function repositoryId(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? String(value) : undefined;
}

/** GET /repos/{owner}/{repo}/releases/latest; null (404) means no release. */
export function readGithubRelease(body: unknown): Signal[] {
  if (body === null) return [];
  const release = record(body, 'The GitHub release');
  const tag = optionalText(release.tag_name, 200) ?? optionalText(release.name, 200);
  if (!tag) throw new MalformedAnswer('The GitHub release has no tag_name');
  const published = isoDate(release.published_at) ?? isoDate(release.created_at) ?? null;
  return [{ signal: 'github_release', text: tag, detail: { published_at: published } }];
}

/** An OpenAlex work's cited_by_count (docs.openalex.org, Work object). */
export function readOpenAlexCitations(body: unknown): Signal[] {
  const work = record(body, 'The OpenAlex work');
  return [
    {
      signal: 'citations',
      num: count(work, 'cited_by_count', 'The OpenAlex work'),
      detail: { work: optionalText(work.id) ?? null },
    },
  ];
}

/** A Crossref work's is-referenced-by-count (the `message` of /works/{doi}). */
export function readCrossrefCitations(message: unknown): Signal[] {
  const work = record(message, 'The Crossref work');
  return [
    {
      signal: 'citations',
      num: count(work, 'is-referenced-by-count', 'The Crossref work'),
      detail: { doi: optionalText(work.DOI) ?? null },
    },
  ];
}

/** A Hugging Face model, dataset or space (/api/models/{id}): downloads (last 30 days) and likes. */
export function readHuggingfaceRepo(body: unknown): Signal[] {
  const repo = record(body, 'The Hugging Face repository');
  const signals: Signal[] = [{ signal: 'hf_likes', num: count(repo, 'likes', 'The Hugging Face repository') }];
  if (repo.downloads !== undefined) {
    signals.push({ signal: 'hf_downloads', num: count(repo, 'downloads', 'The Hugging Face repository') });
  }
  return signals;
}

/** owner/name of a GitHub repository URL, or undefined. */
export function githubRepoOf(url: string | null | undefined): { owner: string; name: string } | undefined {
  if (!url) return undefined;
  const match = url
    .trim()
    .match(/^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})/i);
  if (!match) return undefined;
  const name = match[2]!.replace(/\.git$/i, '');
  return name === '' ? undefined : { owner: match[1]!, name };
}

/** A Hugging Face id (author/name, or datasets/… and spaces/…) as its API kind and id. */
export function huggingfaceRepoOf(
  id: string | null | undefined,
): { kind: 'models' | 'datasets' | 'spaces'; id: string } | undefined {
  if (!id) return undefined;
  const match = id.trim().match(/^(?:(datasets|spaces|models)\/)?([A-Za-z0-9][\w.-]{0,95}\/[\w.-]{1,96})$/);
  if (!match) return undefined;
  return { kind: (match[1] as 'models' | 'datasets' | 'spaces' | undefined) ?? 'models', id: match[2]! };
}
