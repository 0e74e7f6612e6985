import { githubRepoOf } from '@sciai/core/enrich';
import { isRateLimitAnswer, type RawFetch } from '@sciai/core/sources';

/** A repository's answer is a few kilobytes; more is not one. */
const MAX_ANSWER_BYTES = 256 * 1024;
const TIMEOUT_MS = 10_000;

export type GithubProof =
  | { ok: true; proof: { repository: string; permission: 'admin' | 'maintain'; github_id: number | null } }
  | { ok: false; status: number; message: string };

export interface GithubProofInput {
  fetch: RawFetch;
  /** GITHUB_API_URL or https://api.github.com, without a trailing slash. */
  baseUrl: string;
  token: string;
  /** The item's repository as the catalog has it. */
  repositoryUrl: string;
  userAgent: string;
}

/**
 * Whether the token's user may administer or maintain the item's repository. GitHub answers for
 * the repository the catalog names: a renamed or transferred one answers with its new name (it
 * redirects), which is refused until the item is corrected, and a fork of it is another
 * repository, whose permissions say nothing of this one.
 */
export async function checkGithubRepository(input: GithubProofInput): Promise<GithubProof> {
  const repo = githubRepoOf(input.repositoryUrl);
  if (!repo) return { ok: false, status: 422, message: 'This item’s repository is not a GitHub repository.' };
  const named = `${repo.owner}/${repo.name}`;
  const url = `${input.baseUrl}/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.name)}`;
  let status: number;
  let text: string;
  let rateLimited: boolean;
  try {
    const response = await input.fetch(url, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${input.token}`,
        'user-agent': input.userAgent,
        'x-github-api-version': '2022-11-28',
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'follow',
    });
    status = response.status;
    rateLimited = isRateLimitAnswer(status, response.headers);
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > MAX_ANSWER_BYTES) throw new Error('answer too large');
    text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) throw new Error('answer too large');
  } catch {
    return { ok: false, status: 502, message: 'GitHub could not be reached. Please try again in a few minutes.' };
  }
  // GitHub's limits answer 403 or 429 too: not a refusal of the user
  if (rateLimited)
    return { ok: false, status: 503, message: 'GitHub is limiting requests just now. Please try again in an hour.' };
  if (status === 401)
    return { ok: false, status: 409, message: 'GitHub no longer accepts your connection: connect GitHub again.' };
  if (status === 404 || status === 403)
    return {
      ok: false,
      status: 403,
      message: `GitHub does not show your account the repository ${named}: sign in to GitHub with an account that maintains it.`,
    };
  if (status !== 200) return { ok: false, status: 502, message: `GitHub answered ${status}. Please try again later.` };
  const answer = parseRepository(text);
  if (!answer) return { ok: false, status: 502, message: 'GitHub sent an answer SciAI could not read.' };
  if (answer.fullName.toLowerCase() !== named.toLowerCase())
    return {
      ok: false,
      status: 409,
      message: `The repository ${named} is now ${answer.fullName} on GitHub. Suggest the new address for this item first; it can be claimed once a moderator has updated it.`,
    };
  const permission = answer.admin ? 'admin' : answer.maintain ? 'maintain' : undefined;
  if (!permission)
    return {
      ok: false,
      status: 403,
      message: `Your GitHub account cannot administer or maintain ${answer.fullName}. Only its admins and maintainers can claim it this way (a fork of it does not count).`,
    };
  return { ok: true, proof: { repository: answer.fullName, permission, github_id: answer.id } };
}

interface RepositoryAnswer {
  fullName: string;
  id: number | null;
  admin: boolean;
  maintain: boolean;
}

function parseRepository(text: string): RepositoryAnswer | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = new Map<string, unknown>(Object.entries(value));
  const fullName = fields.get('full_name');
  if (typeof fullName !== 'string' || !/^[\w.-]+\/[\w.-]+$/.test(fullName)) return undefined;
  const id = fields.get('id');
  const permissions = fields.get('permissions');
  const granted = new Map<string, unknown>(
    typeof permissions === 'object' && permissions !== null ? Object.entries(permissions) : [],
  );
  return {
    fullName,
    id: typeof id === 'number' ? id : null,
    admin: granted.get('admin') === true,
    maintain: granted.get('maintain') === true,
  };
}
