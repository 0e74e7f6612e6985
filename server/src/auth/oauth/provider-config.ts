/** The outside sign-in providers this service offers, as GoTrue names them. */
export type OAuthProviderName = 'github' | 'orcid';
export const OAUTH_PROVIDER_NAMES: readonly OAuthProviderName[] = ['github', 'orcid'];

export interface OAuthClientSettings {
  clientId: string;
  clientSecret: string;
  /** Where the browser is sent to consent and where the code is exchanged (no trailing slash). */
  baseUrl: string;
  /** GitHub's REST API (no trailing slash); the same as baseUrl for ORCID. */
  apiUrl: string;
}

export interface OAuthSettings {
  github: OAuthClientSettings | undefined;
  orcid: OAuthClientSettings | undefined;
  /** How long one call to a provider may take before the sign-in is refused. */
  timeoutMs: number;
}

export const DEFAULT_ORCID_BASE_URL = 'https://orcid.org';
export const DEFAULT_GITHUB_BASE_URL = 'https://github.com';
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';
const DEFAULT_TIMEOUT_SECONDS = 10;

/**
 * ORCID_CLIENT_ID/_SECRET/_BASE_URL, GITHUB_CLIENT_ID/_SECRET/_BASE_URL, GITHUB_API_URL (shared
 * with the harvester: the same API) and OAUTH_TIMEOUT_SECONDS, checked once at start. A provider
 * is on when both its client id and secret are set; one without the other is a mistake to stop on.
 */
export function readOAuthSettings(env: NodeJS.ProcessEnv): OAuthSettings {
  return {
    github: clientSettings(
      env,
      'GITHUB',
      DEFAULT_GITHUB_BASE_URL,
      env.GITHUB_API_URL?.trim() || DEFAULT_GITHUB_API_URL,
    ),
    orcid: clientSettings(env, 'ORCID', DEFAULT_ORCID_BASE_URL, undefined),
    timeoutMs: timeoutSeconds(env.OAUTH_TIMEOUT_SECONDS) * 1000,
  };
}

function clientSettings(
  env: NodeJS.ProcessEnv,
  prefix: 'GITHUB' | 'ORCID',
  defaultBaseUrl: string,
  apiUrl: string | undefined,
): OAuthClientSettings | undefined {
  const clientId = env[`${prefix}_CLIENT_ID`]?.trim();
  const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim();
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret) {
    throw new Error(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET are set together, or neither`);
  }
  const baseUrl = httpUrl(`${prefix}_BASE_URL`, env[`${prefix}_BASE_URL`]?.trim() || defaultBaseUrl);
  return { clientId, clientSecret, baseUrl, apiUrl: apiUrl ? httpUrl('GITHUB_API_URL', apiUrl) : baseUrl };
}

function httpUrl(name: string, value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

function timeoutSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_TIMEOUT_SECONDS;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 120) {
    throw new Error(`OAUTH_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 120, got "${value}"`);
  }
  return seconds;
}
