import { isValidOrcid } from '@sciai/core';
import type { OAuthClientSettings, OAuthProviderName, OAuthSettings } from './provider-config.ts';
import { asRecord, ProviderFailure, providerJson, shortString } from './provider-http.ts';

/** The account a provider vouched for, with what it says about its e-mail address. */
export interface ProviderAccount {
  /** The provider's id of the account: GitHub's numeric user id, the ORCID iD. */
  subject: string;
  /** The primary address, lower case; ORCID gives none. */
  email: string | undefined;
  emailVerified: boolean;
  /** GoTrue's identity_data (provider.Claims): also merged into the user's metadata. */
  identityData: Record<string, unknown>;
  accessToken: string;
  refreshToken: string | undefined;
  scopes: string | undefined;
}

export interface OAuthProvider {
  name: OAuthProviderName;
  /** The provider's consent page for this flow. */
  authorizeUrl(state: string, callbackUrl: string): string;
  /** Exchanges the code the provider sent back and reads the account it belongs to. */
  fetchAccount(code: string, callbackUrl: string): Promise<ProviderAccount>;
}

/** Repository permissions are later read from GitHub's public API with this token (decision 0083). */
export const GITHUB_SCOPES = 'read:user user:email';
/** OpenID Connect: ORCID's token answer names the iD and the name on the record. */
export const ORCID_SCOPES = 'openid';

export function oauthProvider(settings: OAuthSettings, name: OAuthProviderName): OAuthProvider | undefined {
  const client = settings[name];
  if (!client) return undefined;
  return name === 'github' ? githubProvider(client, settings.timeoutMs) : orcidProvider(client, settings.timeoutMs);
}

function authorizeUrl(endpoint: string, client: OAuthClientSettings, scope: string, state: string, callback: string) {
  const url = new URL(endpoint);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: callback,
    response_type: 'code',
    scope,
    state,
  }).toString();
  return url.href;
}

async function exchangeCode(
  endpoint: string,
  client: OAuthClientSettings,
  code: string,
  callbackUrl: string,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const answer = asRecord(
    await providerJson(
      endpoint,
      {
        method: 'POST',
        form: {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          grant_type: 'authorization_code',
          code,
          redirect_uri: callbackUrl,
        },
      },
      timeoutMs,
    ),
  );
  // GitHub refuses a code with 200 and an `error` field.
  if (!answer || typeof answer.error === 'string') {
    throw new ProviderFailure(
      `the code was refused: ${typeof answer?.error === 'string' ? answer.error : 'no answer'}`,
    );
  }
  if (!shortString(answer, 'access_token', 4096)) throw new ProviderFailure('the token answer has no access token');
  return answer;
}

function githubProvider(client: OAuthClientSettings, timeoutMs: number): OAuthProvider {
  return {
    name: 'github',
    authorizeUrl: (state, callback) =>
      authorizeUrl(`${client.baseUrl}/login/oauth/authorize`, client, GITHUB_SCOPES, state, callback),
    async fetchAccount(code, callbackUrl) {
      const token = await exchangeCode(
        `${client.baseUrl}/login/oauth/access_token`,
        client,
        code,
        callbackUrl,
        timeoutMs,
      );
      const accessToken = String(token.access_token);
      const headers = { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json' };
      const user = asRecord(await providerJson(`${client.apiUrl}/user`, { headers }, timeoutMs));
      const id = user?.id;
      if (!user || typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
        throw new ProviderFailure('the GitHub user has no id');
      }
      const emails = await providerJson(`${client.apiUrl}/user/emails`, { headers }, timeoutMs);
      const primary = (Array.isArray(emails) ? emails : [])
        .map((entry) => asRecord(entry))
        .find((entry) => entry?.primary === true && typeof entry.email === 'string' && entry.email.length <= 255);
      const email = primary ? String(primary.email).toLowerCase() : undefined;
      const emailVerified = primary?.verified === true;
      const name = shortString(user, 'name', 200);
      const login = shortString(user, 'login', 100);
      const subject = String(id);
      return {
        subject,
        email,
        emailVerified,
        identityData: compact({
          iss: client.apiUrl,
          sub: subject,
          provider_id: subject,
          email,
          email_verified: emailVerified,
          phone_verified: false,
          name,
          full_name: name,
          user_name: login,
          preferred_username: login,
          avatar_url: shortString(user, 'avatar_url', 1000),
        }),
        accessToken,
        refreshToken: shortString(token, 'refresh_token', 4096),
        scopes: shortString(token, 'scope', 500),
      };
    },
  };
}

function orcidProvider(client: OAuthClientSettings, timeoutMs: number): OAuthProvider {
  return {
    name: 'orcid',
    authorizeUrl: (state, callback) =>
      authorizeUrl(`${client.baseUrl}/oauth/authorize`, client, ORCID_SCOPES, state, callback),
    async fetchAccount(code, callbackUrl) {
      // The iD comes from ORCID's token endpoint over TLS, in answer to this service's own secret:
      // that channel vouches for it, as OpenID Connect allows for the code flow.
      const token = await exchangeCode(`${client.baseUrl}/oauth/token`, client, code, callbackUrl, timeoutMs);
      const orcid = shortString(token, 'orcid', 19);
      if (!orcid || !isValidOrcid(orcid)) throw new ProviderFailure('the ORCID answer names no valid iD');
      const name = shortString(token, 'name', 200)?.trim() || undefined;
      return {
        subject: orcid,
        email: undefined,
        emailVerified: false,
        identityData: compact({
          iss: client.baseUrl,
          sub: orcid,
          provider_id: orcid,
          email_verified: false,
          phone_verified: false,
          name,
          full_name: name,
        }),
        accessToken: String(token.access_token),
        refreshToken: shortString(token, 'refresh_token', 4096),
        scopes: shortString(token, 'scope', 500),
      };
    },
  };
}

function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
