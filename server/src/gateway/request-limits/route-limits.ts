/**
 * The gateway's request limits: one table, per route and caller. What a limit protects is the
 * shared database: PGlite runs one statement at a time and cannot cancel one, so a request that
 * could keep it busy for long must not reach it at all. Values and reasons:
 * docs/decisions/0027-request-limits.md.
 */
import { DEFAULT_DATA_API_TIMEOUT_MS } from '../../config.ts';

export type CallerRole = 'anon' | 'authenticated' | 'service_role';

export interface RequestLimits {
  /** Request body, in bytes (413 beyond). */
  maxBodyBytes: number;
  /** Nesting of a JSON body: `{"a":[1]}` is 2. */
  maxJsonDepth: number;
  /** Elements of any one array in a JSON body, or of an array literal in an RPC's query arguments. */
  maxArrayLength: number;
  /** Resource embedding in select=: `a(b)` is depth 1. */
  maxEmbedDepth: number;
  /** Embedded resources in one request's select=, at any depth. */
  maxEmbeds: number;
  /** Whether select= may embed a resource inside itself (`items?select=domains(items(slug))`). */
  mayEmbedResourceInItself: boolean;
  /** and()/or() nesting of one logic tree (`or=(a.eq.1,and(b.eq.2,c.eq.3))` is 2). */
  maxLogicDepth: number;
  /** Conditions in one logic tree. */
  maxLogicConditions: number;
  /** How long the gateway waits for PostgREST's answer before a 504 (and closing the upstream request). */
  upstreamTimeoutMs: number;
}

const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * Every request without a better entry. The web app's largest body is a submission (its text
 * fields are at most 20,000 characters each), its largest argument array a handful of filter
 * values, its deepest select two levels (`content_domains(scientific_domains(slug))`).
 */
export const DEFAULT_LIMITS: RequestLimits = {
  maxBodyBytes: 256 * KIB,
  maxJsonDepth: 32,
  maxArrayLength: 100,
  maxEmbedDepth: 2,
  maxEmbeds: 10,
  mayEmbedResourceInItself: false,
  maxLogicDepth: 4,
  maxLogicConditions: 50,
  // DATA_API_TIMEOUT_SECONDS sets it (register-request-limits.ts)
  upstreamTimeoutMs: DEFAULT_DATA_API_TIMEOUT_MS,
};

/**
 * What the long-running import and seeding calls need. commit_import writes a whole CSV import
 * in one transaction (minutes at 100,000 rows), so the gateway waits as long as before.
 */
const LONG_RUNNING_TIMEOUT_MS = 30 * 60_000;

/**
 * The service role is the operator's own tools (the CLI on this machine): its key never reaches
 * a browser. Its bodies are bounded by what the seed and import send (chunks of at most 6 MiB)
 * and the depth bound stays, which protects the parsers rather than the database.
 */
const SERVICE_ROLE_LIMITS: RequestLimits = {
  ...DEFAULT_LIMITS,
  maxBodyBytes: 16 * MIB,
  maxArrayLength: 100_000,
  maxEmbedDepth: 8,
  maxEmbeds: 50,
  mayEmbedResourceInItself: true,
  maxLogicDepth: 16,
  maxLogicConditions: 1_000,
  upstreamTimeoutMs: LONG_RUNNING_TIMEOUT_MS,
};

/** An import from the browser (an admin's session), through core/src/import/write-import.ts. */
const IMPORT_LIMITS: RequestLimits = {
  ...DEFAULT_LIMITS,
  // stage_import_rows chunks are at most 5,000 rows and 6 MiB; find_existing_import_keys sends
  // 20,000 keys at a time.
  maxBodyBytes: 16 * MIB,
  maxArrayLength: 20_000,
  upstreamTimeoutMs: LONG_RUNNING_TIMEOUT_MS,
};

const IMPORT_FUNCTIONS = new Set([
  'begin_import',
  'stage_import_rows',
  'find_existing_import_keys',
  'commit_import',
  'discard_import',
]);

/** The auth service's requests are a few fields each (a sign-up's `data` is the largest). */
const AUTH_LIMITS: RequestLimits = { ...DEFAULT_LIMITS, maxBodyBytes: 64 * KIB };

/**
 * The MCP endpoint (gateway/mcp/): one JSON-RPC message, or a small batch, of tool arguments
 * that are bounded strings and arrays of at most 20 values (core/src/mcp/tool-schemas.ts).
 * 64 KiB and 16 levels are several times the largest well-formed call.
 */
const MCP_LIMITS: RequestLimits = { ...DEFAULT_LIMITS, maxBodyBytes: 64 * KIB, maxJsonDepth: 16 };

/**
 * The limits for one request. `path` is the URL's path without its query, as received (an
 * encoded or otherwise unusual spelling of an import function gets the defaults: stricter).
 * Import limits need a signed-in caller: the functions check for an admin themselves, but only
 * after PostgREST has read the body.
 */
export function limitsFor(method: string, path: string, role: CallerRole): RequestLimits {
  if (path.startsWith('/auth/v1/')) return AUTH_LIMITS;
  if (path === '/mcp') return MCP_LIMITS;
  if (role === 'service_role') return SERVICE_ROLE_LIMITS;
  const rpc = /^\/rest\/v1\/rpc\/([a-z_]+)$/.exec(path);
  if (role === 'authenticated' && method === 'POST' && rpc && IMPORT_FUNCTIONS.has(rpc[1]!)) return IMPORT_LIMITS;
  return DEFAULT_LIMITS;
}
