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

/** Where a redirect sends the browser, split into its parts. */
export interface Landing {
  status: number;
  url: URL;
  query: URLSearchParams;
  fragment: URLSearchParams;
}

/** Opens `url` as a browser would, from `address`, without following the redirect. */
export async function open(url: string, address: string, headers: Record<string, string> = {}): Promise<Landing> {
  const response = await fetch(url, { redirect: 'manual', headers: { 'x-forwarded-for': address, ...headers } });
  await response.body?.cancel();
  const location = response.headers.get('location') ?? '';
  const landing = new URL(location || 'about:blank', url);
  return {
    status: response.status,
    url: landing,
    query: landing.searchParams,
    fragment: new URLSearchParams(landing.hash.replace(/^#/, '')),
  };
}

/** A browser's supabase-js in the chosen flow, its storage in memory (the PKCE verifier lives there). */
export function browserClient(backend: TestBackend, flowType: 'implicit' | 'pkce', address = visitorAddress()) {
  const memory = new Map<string, string>();
  const storage: SupportedStorage = {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  };
  const client: SupabaseClient = createClient(backend.url, backend.anonKey, {
    auth: { flowType, storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'x-forwarded-for': address } },
  });
  return { client, address };
}

/**
 * A whole round trip: the app's authorize URL (from signInWithOAuth or linkIdentity), the
 * provider's consent for `account` (or a denial), and the callback; returns where the browser lands.
 */
export async function roundTrip(
  setup: OAuthTestSetup,
  startUrl: string,
  account: FixtureAccount | 'deny',
  address: string,
): Promise<Landing & { callbackUrl: string }> {
  const toProvider = startUrl.startsWith(setup.providers.origin) ? startUrl : (await open(startUrl, address)).url.href;
  const callbackUrl =
    account === 'deny' ? setup.providers.deny(toProvider) : setup.providers.consent(toProvider, account);
  return { ...(await open(callbackUrl, address)), callbackUrl };
}

/** The session fields of an implicit-flow landing, for setSession. */
export function sessionIn(landing: Landing): { access_token: string; refresh_token: string } {
  const access = landing.fragment.get('access_token');
  const refresh = landing.fragment.get('refresh_token');
  if (!access || !refresh) throw new Error(`no session in the landing: ${landing.url.href}`);
  return { access_token: access, refresh_token: refresh };
}
