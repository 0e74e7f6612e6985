import { field, listField } from '../harvest-item.ts';
import type { SourcePage } from '../openalex/client.ts';
import { requestJson, SourceError, type SourceRequestOptions } from '../source-fetch.ts';

export const GITHUB_BASE_URL = 'https://api.github.com';

export interface GithubOptions extends SourceRequestOptions {
  baseUrl?: string;
  /** GITHUB_TOKEN, sent as a bearer token. */
  token?: string;
}

export interface GithubQuery {
  /** Repository search syntax (docs.github.com, searching for repositories). */
  search?: string;
  topic?: string;
  /** owner/name pairs, fetched one by one. */
  repos?: string[];
  since?: string;
  perPage?: number;
}

function headersOf(options: GithubOptions): Record<string, string> {
  return {
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
}

/** owner/name as GitHub accepts it, or undefined. */
export function parseRepoName(value: string): { owner: string; name: string } | undefined {
  const match = value
    .trim()
    .replace(/^https?:\/\/github\.com\//i, '')
    .replace(/\.git$|\/+$/g, '')
    .match(/^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/);
  return match ? { owner: match[1]!, name: match[2]! } : undefined;
}

/** One repository; null when GitHub does not know it (a renamed one answers with its new name). */
export async function fetchRepo(owner: string, name: string, options: GithubOptions): Promise<unknown> {
  const url = new URL(
    `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`,
    options.baseUrl ?? GITHUB_BASE_URL,
  );
  return requestJson(url.toString(), { ...options, headers: headersOf(options) }, true);
}

/** The latest release of a repository, or null when it has none. */
export async function fetchLatestRelease(owner: string, name: string, options: GithubOptions): Promise<unknown> {
  const url = new URL(
    `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/releases/latest`,
    options.baseUrl ?? GITHUB_BASE_URL,
  );
  return requestJson(url.toString(), { ...options, headers: headersOf(options) }, true);
}

/**
 * One page of repositories: /search/repositories for a search or topic (page numbers as the
 * cursor; the search API stops at 1,000 results), or the listed repositories in pages of 30.
 */
export async function listGithubRepos(
  query: GithubQuery,
  cursor: string | null,
  options: GithubOptions,
): Promise<SourcePage> {
  const page = Math.max(1, Number(cursor ?? '1') || 1);
  const perPage = Math.min(Math.max(query.perPage ?? 100, 1), 100);
  if (query.repos && query.repos.length > 0) {
    const slice = query.repos.slice((page - 1) * 30, page * 30);
    const records: unknown[] = [];
    for (const full of slice) {
      const repo = parseRepoName(full);
      if (!repo) continue;
      const found = await fetchRepo(repo.owner, repo.name, options);
      if (found !== null) records.push(found);
    }
    return { records, nextCursor: page * 30 < query.repos.length ? String(page + 1) : null };
  }
  const terms = [
    query.search,
    query.topic ? `topic:${query.topic}` : undefined,
    query.since ? `pushed:>=${query.since}` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  if (terms === '') throw new SourceError('A GitHub harvest needs --search, --topic or --repos');
  const url = new URL('/search/repositories', options.baseUrl ?? GITHUB_BASE_URL);
  url.searchParams.set('q', terms);
  url.searchParams.set('per_page', String(perPage));
  url.searchParams.set('page', String(page));
  return readGithubSearchPage(
    await requestJson(url.toString(), { ...options, headers: headersOf(options) }),
    page,
    perPage,
  );
}

export function readGithubSearchPage(body: unknown, page: number, perPage: number): SourcePage {
  if (!Array.isArray(field(body, 'items'))) throw new SourceError('GitHub answered without items');
  const records = listField(body, 'items');
  const total = Number(field(body, 'total_count'));
  const more = records.length === perPage && page * perPage < Math.min(Number.isFinite(total) ? total : 0, 1000);
  return { records, nextCursor: more ? String(page + 1) : null };
}
