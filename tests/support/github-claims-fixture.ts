import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for GitHub's REST API as the claims' repository proof reads it (GET
 * /repos/{owner}/{repo} with a user's token): a small fixed world of repositories and of users,
 * each user known by their token. It runs on loopback for the shared test backend
 * (global-backend.ts), which is given its address as its GitHub API.
 *
 * - claims-lab/claimable-tool: ada (admin), grace (maintain), linus (read only); forker has
 *   only a fork of it, forker/claimable-tool, where they are admin.
 * - claims-lab/moved-tool was transferred: GitHub redirects it to new-home/moved-tool, where ada
 *   is admin.
 * - claims-lab/private-tool: only ada sees it; to everyone else it does not exist (404).
 * - The token of a user over GitHub's rate limit is answered 403 with no requests left.
 */
export const GITHUB_FIXTURE_TOKENS = {
  ada: 'gho_fixture_ada',
  grace: 'gho_fixture_grace',
  linus: 'gho_fixture_linus',
  forker: 'gho_fixture_forker',
  limited: 'gho_fixture_limited',
} as const;
type FixtureUser = keyof typeof GITHUB_FIXTURE_TOKENS;

interface FixtureRepository {
  id: number;
  fullName: string;
  fork: boolean;
  /** Each user's role; a user without one reads a public repository and nothing more. */
  roles: Partial<Record<FixtureUser, 'admin' | 'maintain' | 'pull'>>;
  private?: boolean;
}

const REPOSITORIES: FixtureRepository[] = [
  {
    id: 1001,
    fullName: 'claims-lab/claimable-tool',
    fork: false,
    roles: { ada: 'admin', grace: 'maintain', linus: 'pull' },
  },
  { id: 1002, fullName: 'forker/claimable-tool', fork: true, roles: { forker: 'admin' } },
  { id: 1003, fullName: 'new-home/moved-tool', fork: false, roles: { ada: 'admin' } },
  { id: 1004, fullName: 'claims-lab/private-tool', fork: false, roles: { ada: 'admin' }, private: true },
];
/** Old names GitHub redirects, as it does after a rename or a transfer. */
const MOVED: Record<string, number> = { 'claims-lab/moved-tool': 1003 };

function answer(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

function repositoryAnswer(repository: FixtureRepository, user: FixtureUser) {
  const role = repository.roles[user];
  return {
    id: repository.id,
    full_name: repository.fullName,
    private: repository.private ?? false,
    fork: repository.fork,
    permissions: {
      admin: role === 'admin',
      maintain: role === 'admin' || role === 'maintain',
      push: role === 'admin' || role === 'maintain',
      triage: role !== undefined,
      pull: true,
    },
  };
}

export interface GithubClaimsFixture {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startGithubClaimsFixture(): Promise<GithubClaimsFixture> {
  const server = http.createServer((request, response) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const user = (Object.keys(GITHUB_FIXTURE_TOKENS) as FixtureUser[]).find(
      (name) => GITHUB_FIXTURE_TOKENS[name] === token,
    );
    if (!user) return answer(response, 401, { message: 'Bad credentials' });
    if (user === 'limited')
      return answer(response, 403, { message: 'API rate limit exceeded' }, { 'x-ratelimit-remaining': '0' });
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    const byName = /^\/repos\/([^/]+)\/([^/]+)$/.exec(path);
    const byId = /^\/repositories\/(\d+)$/.exec(path);
    const name = byName ? `${decodeURIComponent(byName[1]!)}/${decodeURIComponent(byName[2]!)}`.toLowerCase() : '';
    const moved = MOVED[name];
    if (moved !== undefined)
      return answer(response, 301, { message: 'Moved Permanently' }, { location: `/repositories/${moved}` });
    const repository = REPOSITORIES.find((candidate) =>
      byId ? candidate.id === Number(byId[1]) : candidate.fullName.toLowerCase() === name,
    );
    if (!repository || (repository.private && !repository.roles[user]))
      return answer(response, 404, { message: 'Not Found' });
    return answer(response, 200, repositoryAnswer(repository, user));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
