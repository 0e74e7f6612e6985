import type { SupabaseClient } from '@supabase/supabase-js';
import { splitLocalePath, type Database } from '@sciai/core';
import { afterPageShown } from '../lib/page-shown.ts';

export interface SciaiRuntimeConfig {
  /** null when the gateway itself serves the APIs: the page's own origin. */
  supabaseUrl: string | null;
  supabaseAnonKey: string;
  /**
   * Which auth service answers: the embedded one (with SciAI's additions, such as backup codes)
   * or a hosted project's GoTrue. Absent from a config.js older than the field.
   */
  backend?: 'embedded' | 'hosted';
}

declare global {
  interface Window {
    /** Set by /config.js, which the gateway serves and index.html loads before the app. */
    __SCIAI_CONFIG__?: SciaiRuntimeConfig;
  }
}

export class MissingConfigError extends Error {
  constructor() {
    super('The site configuration (/config.js) did not load, so the app cannot reach its data.');
    this.name = 'MissingConfigError';
  }
}

let client: Promise<SupabaseClient<Database>> | undefined;
let created: SupabaseClient<Database> | undefined;
let announceClient: (client: SupabaseClient<Database>) => void = () => {};
/** Settles once the full client exists, whoever asked for it first. */
const clientCreated = new Promise<SupabaseClient<Database>>((resolve) => {
  announceClient = resolve;
});

/**
 * The one supabase-js client of the app, created on first use. Only modules in web/src/data
 * call it. Without /config.js every data call fails with MissingConfigError, which the pages
 * show as their error state, instead of the whole app failing to start.
 *
 * supabase-js (auth, realtime, storage: about 50 KB gzipped) is loaded with a dynamic import,
 * not with the entry, and a visitor without a session does not wait for it at all: the public
 * catalog reads go through getCatalogClient(), and the full client loads once the page is shown
 * and the browser is idle (loadSupabaseWhenIdle), or as soon as something needs auth
 * (docs/decisions/0048-catalog-reads-before-auth.md). A visitor with a stored session gets it
 * at once (main.tsx), so their state shows as before.
 */
export function getSupabase(): Promise<SupabaseClient<Database>> {
  client ??= createSupabase().catch((error: unknown) => {
    // A chunk that failed to download (a network blip, a new release) may load on the next try.
    client = undefined;
    throw error;
  });
  return client;
}

/** Resolves with the full client once it has been created, without asking for it. */
export function whenSupabaseCreated(): Promise<SupabaseClient<Database>> {
  return clientCreated;
}

/** What the catalog reads ask of a client: the Data API's tables, views and functions. */
export type CatalogClient = Pick<SupabaseClient<Database>, 'from' | 'rpc'>;

let anonymous: Promise<CatalogClient> | undefined;

/**
 * The client for public catalog reads (search, settings, domains): the full client once it
 * exists or when the visitor may be signed in (their reads carry their session, as RLS
 * expects), and otherwise supabase-js's own PostgREST client with the anon key, about a sixth
 * of supabase-js's size. The two send the same requests for an anonymous visitor.
 */
export function getCatalogClient(): Promise<CatalogClient> {
  // Once created, not while loading: a read must not wait for the rest of supabase-js.
  if (created) return Promise.resolve(created);
  if (visitorMayBeSignedIn()) return getSupabase();
  anonymous ??= createAnonymousClient().catch((error: unknown) => {
    anonymous = undefined;
    throw error;
  });
  return anonymous;
}

/**
 * Whether supabase-js would find a session when it loads: one it stored (its default storage
 * key, which createSupabase names explicitly so the two stay in step), or one in the URL
 * fragment of an auth mail link. Storage that cannot be read counts as "maybe".
 */
export function visitorMayBeSignedIn(): boolean {
  const config = window.__SCIAI_CONFIG__;
  if (!config?.supabaseAnonKey) return false;
  if (/(^|&)(access_token|error_description)=/.test(window.location.hash.slice(1))) return true;
  try {
    return window.localStorage.getItem(authStorageKey(apiBase(config))) !== null;
  } catch {
    return true;
  }
}

/**
 * Loads the full client when the browser is idle after the first page is shown (auth events,
 * sign-in state, writes), so the download and the client's setup never delay that page.
 */
export function loadSupabaseWhenIdle(): void {
  // a failure shows where a page asks for data or auth (getSupabase tries again then)
  afterPageShown(() => void getSupabase().catch(() => undefined));
}

/** The project's address as supabase-js takes it: the configured one, or this origin. */
function apiBase(config: SciaiRuntimeConfig): string {
  const base = config.supabaseUrl ?? window.location.origin;
  return base.endsWith('/') ? base : `${base}/`;
}

/** supabase-js's default storage key for a project address (sb-<first label of the host>-auth-token). */
function authStorageKey(base: string): string {
  return `sb-${new URL(base).hostname.split('.')[0]}-auth-token`;
}

/**
 * Every request names the page's language, so what the backend writes in answer (a
 * confirmation mail, a reset link, a claim's code) is in the language its reader was using
 * (server/src/auth/mail-language.ts). Only to the embedded backend: a hosted project's gateway
 * would have to allow the header across origins, and its mails are its own.
 */
function languageHeaders(config: SciaiRuntimeConfig): Record<string, string> {
  return config.backend === 'hosted' ? {} : pageLanguageHeader();
}

/**
 * The header naming the page's language (the embedded backend's auth service and claims API
 * read it), from the address as the app's language is: it is fixed for the page's life.
 */
export function pageLanguageHeader(): Record<string, string> {
  return { 'x-sciai-language': splitLocalePath(window.location.pathname).locale };
}

async function createAnonymousClient(): Promise<CatalogClient> {
  const config = window.__SCIAI_CONFIG__;
  if (!config?.supabaseAnonKey) throw new MissingConfigError();
  const { PostgrestClient } = await import('@supabase/postgrest-js');
  // the headers supabase-js sends for a visitor without a session
  return new PostgrestClient<Database>(new URL('rest/v1', apiBase(config)).href, {
    headers: {
      apikey: config.supabaseAnonKey,
      Authorization: `Bearer ${config.supabaseAnonKey}`,
      ...languageHeaders(config),
    },
  });
}

async function createSupabase(): Promise<SupabaseClient<Database>> {
  const config = window.__SCIAI_CONFIG__;
  if (!config?.supabaseAnonKey) throw new MissingConfigError();
  const { createClient } = await import('@supabase/supabase-js');
  // A task of its own for creating the client (auth, realtime and storage set up): in the same
  // task as evaluating the library, the two made one long task on a slow phone.
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  const supabase = createClient<Database>(config.supabaseUrl ?? window.location.origin, config.supabaseAnonKey, {
    global: { headers: languageHeaders(config) },
    auth: {
      // The auth service's mail links (confirm, recover) come back with the session in the URL
      // fragment (implicit flow; it offers no PKCE): supabase-js reads it and clears the fragment.
      flowType: 'implicit',
      detectSessionInUrl: true,
      persistSession: true,
      autoRefreshToken: true,
      // its default, named here because visitorMayBeSignedIn() looks for it
      storageKey: authStorageKey(apiBase(config)),
    },
  });
  created = supabase;
  announceClient(supabase);
  return supabase;
}
