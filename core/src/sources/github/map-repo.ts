import { GITHUB_DOMAINS, mapToDomains } from '../domain-maps.ts';
import {
  field,
  finishItem,
  httpUrl,
  numberField,
  plainText,
  textField,
  textList,
  type ExternalId,
  type MappedRecord,
} from '../harvest-item.ts';

/**
 * One repository (docs.github.com, REST repos: get a repository / search repositories) as
 * software. A repository is identified by its numeric id as well as its name, so a renamed one
 * is still the same item; archived repositories are kept, marked archived.
 */
export function mapGithubRepo(repo: unknown, latestRelease?: unknown): MappedRecord {
  const fullName = textField(repo, 'full_name');
  const ref = fullName ?? 'a GitHub repository without name';
  if (field(repo, 'private') === true) return { ok: false, refused: { ref, reason: 'Private repository' } };
  const htmlUrl = httpUrl(textField(repo, 'html_url')) ?? (fullName ? `https://github.com/${fullName}` : undefined);
  const ids: ExternalId[] = [];
  if (fullName) ids.push({ scheme: 'github', value: fullName.toLowerCase() });
  const githubId = numberField(repo, 'id');
  if (githubId !== undefined && Number.isSafeInteger(githubId) && githubId > 0) {
    ids.push({ scheme: 'github_id', value: String(githubId) });
  }
  const topics = textList(repo, 'topics');
  const description = plainText(textField(repo, 'description'));
  const license = textField(repo, 'license', 'spdx_id');
  const language = textField(repo, 'language');
  const owner = textField(repo, 'owner', 'login');
  return finishItem(
    {
      content_type: 'software',
      title: textField(repo, 'name') ?? '',
      description,
      short_description: description,
      url: httpUrl(textField(repo, 'homepage')) ?? htmlUrl,
      tags: topics,
      domains: mapToDomains(GITHUB_DOMAINS, topics),
      authors: owner ? [owner] : [],
      ids,
      software: {
        github_url: htmlUrl,
        license: license && license !== 'NOASSERTION' ? license : undefined,
        programming_languages: language ? [language] : [],
        github_stars: numberField(repo, 'stargazers_count'),
        // the repository's creation date: GitHub gives no first release date of a project
        first_release: textField(repo, 'created_at')?.slice(0, 10),
      },
      metadata: {
        github_id: githubId,
        forks: numberField(repo, 'forks_count'),
        pushed_at: textField(repo, 'pushed_at'),
        archived: field(repo, 'archived') === true,
        latest_release: textField(latestRelease, 'tag_name'),
      },
    },
    ref,
  );
}
