import { createClient, type SupabaseClient, type SupportedStorage } from '@supabase/supabase-js';
import { startTestBackend, type Engine, type TestBackend } from './backend.ts';
import { visitorAddress } from './auth.ts';
import { startOAuthProviderFixture, type FixtureAccount, type OAuthProviderFixture } from './oauth-provider-fixture.ts';

/** A backend of its own with GitHub and ORCID sign-in pointed at the fixture providers. */
export interface OAuthTestSetup {
  backend: TestBackend;
  providers: OAuthProviderFixture;
  stop(): Promise<void>;
}

export async function startOAuthTestSetup(engine: Engine): Promise<OAuthTestSetup> {
  const providers = await startOAuthProviderFixture();
  try {
    const backend = await startTestBackend({ engine, seed: false, env: providers.env });
    return {
      backend,
      providers,
      async stop() {
        await backend.stop();
        await providers.close();
      },
    };
  } catch (error) {
    await providers.close();
    throw error;
  }
}

/** A browser's cookies for the backend (the auth service binds an implicit flow to one). */
export type CookieJar = Map<string, string>;

function remember(jar: CookieJar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    if (/max-age=0(;|$)/i.test(line)) jar.delete(name);
    else jar.set(name, pair.slice(separator + 1));
  }
}

function withCookies(jar: CookieJar | undefined, headers: Record<string, string>): Record<string, string> {
  if (!jar || jar.size === 0) return headers;
  return { ...headers, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };
}

/** Where a redirect sends the browser, split into its parts. */
export interface Landing {
  status: number;
  url: URL;
  query: URLSearchParams;
  fragment: URLSearchParams;
}

/**
 * Opens `url` as a browser would, from `address` and with the cookies of `jar` (which keeps what
 * the answer sets), without following the redirect.
 */
export async function open(
  url: string,
  address: string,
  jar?: CookieJar,
  headers: Record<string, string> = {},
): Promise<Landing> {
  const response = await fetch(url, {
    redirect: 'manual',
    headers: withCookies(jar, { 'x-forwarded-for': address, ...headers }),
  });
  await response.body?.cancel();
  if (jar) remember(jar, response);
  const location = response.headers.get('location') ?? '';
  const landing = new URL(location || 'about:blank', url);
  return {
    status: response.status,
    url: landing,
    query: landing.searchParams,
    fragment: new URLSearchParams(landing.hash.replace(/^#/, '')),
  };
}

/**
 * A browser's supabase-js in the chosen flow: its storage in memory (the PKCE verifier lives
 * there) and its cookies in `jar`, as a browser's fetch keeps those of its own site.
 */
export function browserClient(backend: TestBackend, flowType: 'implicit' | 'pkce', address = visitorAddress()) {
  const memory = new Map<string, string>();
  const storage: SupportedStorage = {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  };
  const jar: CookieJar = new Map();
  const cookieFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(withCookies(jar, {}))) headers.set(name, value);
    const response = await fetch(input, { ...init, headers });
    remember(jar, response);
    return response;
  };
  const client: SupabaseClient = createClient(backend.url, backend.anonKey, {
    auth: { flowType, storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'x-forwarded-for': address }, fetch: cookieFetch },
  });
  return { client, address, jar };
}

/**
 * A whole round trip in one browser (`jar`, a new one by default): the app's authorize URL (from
 * signInWithOAuth or linkIdentity), the provider's consent for `account` (or a denial), and the
 * callback; returns where the browser lands.
 */
export async function roundTrip(
  setup: OAuthTestSetup,
  startUrl: string,
  account: FixtureAccount | 'deny',
  address: string,
  jar: CookieJar = new Map(),
): Promise<Landing & { callbackUrl: string; jar: CookieJar }> {
  const toProvider = startUrl.startsWith(setup.providers.origin)
    ? startUrl
    : (await open(startUrl, address, jar)).url.href;
  const callbackUrl =
    account === 'deny' ? setup.providers.deny(toProvider) : setup.providers.consent(toProvider, account);
  return { ...(await open(callbackUrl, address, jar)), callbackUrl, jar };
}

/** The session fields of an implicit-flow landing, for setSession. */
export function sessionIn(landing: Landing): { access_token: string; refresh_token: string } {
  const access = landing.fragment.get('access_token');
  const refresh = landing.fragment.get('refresh_token');
  if (!access || !refresh) throw new Error(`no session in the landing: ${landing.url.href}`);
  return { access_token: access, refresh_token: refresh };
}
