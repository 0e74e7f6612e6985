import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stand-ins for GitHub and ORCID on one loopback port: GitHub's authorize page, token endpoint
 * and REST API (under /api, as GITHUB_API_URL names it), ORCID's under /orcid. The consent step
 * is the test's: `consent` reads the authorize URL the auth service sent the browser to, checks
 * it, and answers with the callback URL the provider would send the browser back to; a real
 * browser opening the consent page gets the answer queued with `answerNextBrowser`. Each code
 * works once, like the real ones; an account can be told to misbehave at the token endpoint.
 */

export const CLIENT_ID = 'sciai-test-client';
export const CLIENT_SECRET = 'sciai-test-secret';

export interface GitHubAccount {
  provider: 'github';
  id: number;
  login: string;
  name?: string;
  /** [address, primary, verified] */
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}
export interface OrcidAccount {
  provider: 'orcid';
  orcid: string;
  name: string;
}
export type FixtureAccount = (GitHubAccount | OrcidAccount) & {
  /** How the token endpoint answers this account's code: properly by default. */
  misbehave?: 'garbage' | 'hang' | 'huge' | 'no-identity';
};

interface IssuedCode {
  account: FixtureAccount;
  redirectUri: string;
  used: boolean;
}

export interface OAuthProviderFixture {
  origin: string;
  /** The environment the auth service is started with. */
  env: Record<string, string>;
  /** The provider's consent: the callback URL (code and state) for the authorize URL given. */
  consent(authorizeUrl: string, account: FixtureAccount): string;
  /** A denied consent: the callback URL with error=access_denied. */
  deny(authorizeUrl: string): string;
  /** How many token requests were made, for "the code was not spent" checks. */
  tokenRequests(): number;
  /** What the consent page answers the next browser that opens it: consent as `account`, or deny. */
  answerNextBrowser(answer: FixtureAccount | 'deny'): void;
  close(): Promise<void>;
}

export async function startOAuthProviderFixture(): Promise<OAuthProviderFixture> {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, FixtureAccount>();
  let tokenRequestCount = 0;
  const hanging = new Set<http.ServerResponse>();
  const browserAnswers: Array<FixtureAccount | 'deny'> = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const send = (status: number, body: unknown, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (
      request.method === 'POST' &&
      (url.pathname === '/login/oauth/access_token' || url.pathname === '/orcid/oauth/token')
    ) {
      tokenRequestCount += 1;
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      request.on('end', () => {
        const form = new URLSearchParams(raw);
        const issued = codes.get(form.get('code') ?? '');
        const github = url.pathname.startsWith('/login');
        const refuse = () =>
          github ? send(200, { error: 'bad_verification_code' }) : send(400, { error: 'invalid_grant' });
        if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) return refuse();
        if (!issued || issued.used || issued.redirectUri !== form.get('redirect_uri')) return refuse();
        if ((issued.account.provider === 'github') !== github) return refuse();
        issued.used = true;
        const { account } = issued;
        if (account.misbehave === 'garbage') return send(200, '<html>Service unavailable</html>', 'text/html');
        if (account.misbehave === 'hang') return void hanging.add(response);
        if (account.misbehave === 'huge') return send(200, JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }));
        const token = `token-${randomBytes(12).toString('hex')}`;
        tokens.set(token, account);
        if (account.provider === 'github') {
          return send(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
        }
        return send(200, {
          access_token: token,
          token_type: 'bearer',
          refresh_token: `refresh-${token}`,
          expires_in: 631138518,
          scope: 'openid',
          name: account.name,
          orcid: account.misbehave === 'no-identity' ? 'not-an-orcid' : account.orcid,
        });
      });
      return;
    }
    if (
      request.method === 'GET' &&
      (url.pathname === '/login/oauth/authorize' || url.pathname === '/orcid/oauth/authorize')
    ) {
      // A browser at the consent page: the answer the test queued, or none (404).
      const answer = browserAnswers.shift();
      if (!answer) return send(404, { message: 'No consent queued' });
      const here = `${origin}${url.pathname}${url.search}`;
      response.writeHead(302, { location: answer === 'deny' ? fixture.deny(here) : fixture.consent(here, answer) });
      return void response.end();
    }
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const account = bearer ? tokens.get(bearer) : undefined;
    if (request.method === 'GET' && url.pathname === '/api/user') {
      if (account?.provider !== 'github') return send(401, { message: 'Bad credentials' });
      if (account.misbehave === 'no-identity') return send(200, { login: account.login });
      return send(200, { id: account.id, login: account.login, name: account.name ?? null, avatar_url: null });
    }
    if (request.method === 'GET' && url.pathname === '/api/user/emails') {
      if (account?.provider !== 'github') return send(401, { message: 'Bad credentials' });
      return send(
        200,
        account.emails.map((entry) => ({ ...entry, visibility: null })),
      );
    }
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const authorizeParams = (authorizeUrl: string) => {
    const url = new URL(authorizeUrl);
    const expectedPath = url.pathname === '/login/oauth/authorize' || url.pathname === '/orcid/oauth/authorize';
    if (url.origin !== origin || !expectedPath) throw new Error(`not this fixture's authorize URL: ${authorizeUrl}`);
    if (url.searchParams.get('client_id') !== CLIENT_ID) throw new Error('authorize URL without the client id');
    const redirectUri = url.searchParams.get('redirect_uri');
    const state = url.searchParams.get('state');
    if (!redirectUri || !state) throw new Error(`authorize URL without redirect_uri or state: ${authorizeUrl}`);
    return { redirectUri, state };
  };

  const fixture: OAuthProviderFixture = {
    origin,
    env: {
      GITHUB_CLIENT_ID: CLIENT_ID,
      GITHUB_CLIENT_SECRET: CLIENT_SECRET,
      GITHUB_BASE_URL: origin,
      GITHUB_API_URL: `${origin}/api`,
      ORCID_CLIENT_ID: CLIENT_ID,
      ORCID_CLIENT_SECRET: CLIENT_SECRET,
      ORCID_BASE_URL: `${origin}/orcid`,
      OAUTH_TIMEOUT_SECONDS: '2',
    },
    consent(authorizeUrl, account) {
      const { redirectUri, state } = authorizeParams(authorizeUrl);
      const code = randomBytes(10).toString('hex');
      codes.set(code, { account, redirectUri, used: false });
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      return callback.href;
    },
    deny(authorizeUrl) {
      const { redirectUri, state } = authorizeParams(authorizeUrl);
      const callback = new URL(redirectUri);
      callback.searchParams.set('error', 'access_denied');
      callback.searchParams.set('error_description', 'The resource owner or authorization server denied the request.');
      callback.searchParams.set('state', state);
      return callback.href;
    },
    tokenRequests: () => tokenRequestCount,
    answerNextBrowser(answer) {
      browserAnswers.push(answer);
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fixture;
}
