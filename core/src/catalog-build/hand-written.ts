import type { CatalogItem } from '../catalog/catalog-item.ts';
import type { BuiltItem } from './built-item.ts';
import { githubRepoFromUrl, normaliseArxivId, normaliseDoi, arxivIdFromUrl } from './identifiers.ts';
import { companyKey, kindOf } from './merge.ts';

/**
 * The hand-written sample items (fixtures/catalog) that a source also lists, found by the merge
 * rule's identifiers. Loading the built catalog merges each pair into one item; here they are
 * only reported.
 */
export interface HandWrittenMatch {
  hand_written_slug: string;
  built_slug: string;
  key: string;
}

function handWrittenKeys(item: CatalogItem): string[] {
  const kind = kindOf(item.content_type);
  if (kind === 'paper' && item.content_type === 'paper') {
    const doi = normaliseDoi(item.paper.doi);
    const arxiv = normaliseArxivId(item.paper.arxiv_id) ?? arxivIdFromUrl(item.url);
    return [...(doi ? [`doi:${doi}`] : []), ...(arxiv ? [`arxiv:${arxiv}`] : [])];
  }
  if (kind === 'company') return [`company:${companyKey(item.title)}`];
  const github = item.content_type === 'software' ? item.software.github_url : undefined;
  const keys = [githubRepoFromUrl(item.url), githubRepoFromUrl(github)].filter((key) => key !== undefined);
  // The more specific of the two: a repository folder names a project in a many-project repository.
  const repo = keys.sort((a, b) => b.length - a.length)[0];
  return repo ? [`github:${repo}`] : [];
}

function builtKeys(item: BuiltItem): string[] {
  const ids = item.identifiers;
  if (item.content_type === 'paper') {
    return [...(ids.doi ? [`doi:${ids.doi}`] : []), ...(ids.arxiv_id ? [`arxiv:${ids.arxiv_id}`] : [])];
  }
  if (item.content_type === 'company') return ids.company_key ? [`company:${ids.company_key}`] : [];
  // a repository is found under its former names too (a hand-written item may name it so)
  const repos = [...(ids.github_repo ? [ids.github_repo] : []), ...(ids.former_github_repos ?? [])];
  return repos.map((repo) => `github:${repo}`);
}

export function handWrittenMatches(
  handWritten: readonly CatalogItem[],
  built: readonly BuiltItem[],
): HandWrittenMatch[] {
  const byKey = new Map<string, string>();
  for (const item of built) for (const key of builtKeys(item)) if (!byKey.has(key)) byKey.set(key, item.slug);
  const matches: HandWrittenMatch[] = [];
  for (const item of handWritten) {
    const key = handWrittenKeys(item).find((k) => byKey.has(k));
    if (key !== undefined) matches.push({ hand_written_slug: item.slug, built_slug: byKey.get(key)!, key });
  }
  return matches.sort((a, b) => (a.hand_written_slug < b.hand_written_slug ? -1 : 1));
}
