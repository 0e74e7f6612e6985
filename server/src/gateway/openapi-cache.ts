import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type pg from 'pg';
import type { PostgrestProcess } from '../postgrest/postgrest.ts';
import { normalisedPath } from '../security/normalised-path.ts';
import { withoutHiddenFunctionText } from './openapi-document.ts';

/**
 * PostgREST builds the OpenAPI document at GET /rest/v1/ from the catalog on every request, as
 * the caller's role (openapi-mode follow-privileges): a few hundred kB of JSON from a dozen
 * catalog queries, which on PGlite hold the single database session for tens of milliseconds. The
 * document depends only on the role and the schema, so the gateway keeps one per role (anon,
 * authenticated, service_role), built once and sent from memory, compressed once per encoding.
 * A copy is dropped when PostgREST reloads its schema (migrations) and after `maxAgeMs` in any
 * case, for changes made outside this server (another server's migrations, a GRANT in psql).
 * A signed-in caller's session is still checked first (a banned user or an ended session gets
 * PostgREST's own refusal, as on every other Data API request). See docs/security.md.
 */
export interface OpenApiCacheOptions {
  postgrest: Pick<PostgrestProcess, 'request' | 'schemaGeneration'>;
  pool: pg.Pool;
  jwtSecret: string;
  maxAgeMs?: number;
  /** How long a build may take before the caller is handed to the proxy instead. */
  buildTimeoutMs?: number;
}

type Role = 'anon' | 'authenticated' | 'service_role';

interface CachedDocument {
  generation: number;
  builtAt: number;
  json: Buffer;
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
}

const CONTENT_TYPE = 'application/openapi+json; charset=utf-8';
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export function openApiCache(options: OpenApiCacheOptions) {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const key = new TextEncoder().encode(options.jwtSecret);
  const documents = new Map<Role, CachedDocument>();
  /** One build per role at a time: concurrent callers wait for it rather than start their own. */
  const building = new Map<Role, Promise<CachedDocument | undefined>>();

  function fresh(role: Role): CachedDocument | undefined {
    const cached = documents.get(role);
    if (!cached) return undefined;
    if (cached.generation !== options.postgrest.schemaGeneration || Date.now() - cached.builtAt > maxAgeMs) {
      documents.delete(role);
      return undefined;
    }
    return cached;
  }

  async function build(role: Role, authorization: string): Promise<CachedDocument | undefined> {
    const generation = options.postgrest.schemaGeneration;
    const answer = await options.postgrest
      .request(
        '/',
        { accept: 'application/openapi+json', ...(authorization ? { authorization } : {}) },
        options.buildTimeoutMs ?? 15_000,
      )
      .catch(() => undefined);
    if (answer?.status !== 200) return undefined;
    const document: CachedDocument = {
      generation,
      builtAt: Date.now(),
      json: Buffer.from(withoutHiddenFunctionText(answer.body)),
    };
    // a reload during the build: this copy may predate it, serve it once but do not keep it
    if (generation === options.postgrest.schemaGeneration) documents.set(role, document);
    return document;
  }

  function documentFor(role: Role, authorization: string): Promise<CachedDocument | undefined> {
    const cached = fresh(role);
    if (cached) return Promise.resolve(cached);
    let pending = building.get(role);
    if (!pending) {
      pending = build(role, authorization).finally(() => building.delete(role));
      building.set(role, pending);
    }
    return pending;
  }

  /** The proxy's preHandler: answers the document from memory, or leaves the request to PostgREST. */
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || normalisedPath(request.url) !== '/rest/v1') return;
    if (!acceptsOpenApi(request.headers.accept)) return;
    const profile = request.headers['accept-profile'];
    if (profile !== undefined && profile !== 'public') return;
    const caller = await callerOf(request.headers.authorization, key);
    if (!caller) return;
    if (caller.role === 'authenticated' && !(await sessionIsLive(options.pool, caller.claims))) return;
    const document = await documentFor(caller.role, caller.authorization);
    if (!document) return;
    return sendDocument(reply, document, String(request.headers['accept-encoding'] ?? ''));
  };
}

/** PostgREST serves its root to these types; anything else it refuses itself (406). */
function acceptsOpenApi(accept: string | string[] | undefined): boolean {
  if (accept === undefined) return true;
  if (typeof accept !== 'string' || accept.length > 512) return false;
  return accept
    .split(',')
    .map((type) => type.split(';')[0]!.trim().toLowerCase())
    .some((type) => type === '*/*' || type === 'application/json' || type === 'application/openapi+json');
}

/**
 * The role PostgREST would run the request as, from a token this project signed; no token means
 * anon. A token that does not verify, or names another role, is PostgREST's to refuse.
 */
async function callerOf(
  header: string | undefined,
  key: Uint8Array,
): Promise<{ role: Role; authorization: string; claims: Record<string, unknown> } | undefined> {
  if (header === undefined) return { role: 'anon', authorization: '', claims: {} };
  if (!/^bearer /i.test(header)) return undefined;
  try {
    const { payload } = await jwtVerify(header.slice(7).trim(), key, { algorithms: ['HS256'] });
    const role = payload.role;
    if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') return undefined;
    return { role, authorization: header, claims: payload };
  } catch {
    return undefined;
  }
}

/**
 * The check PostgREST runs before each request (check_request_session: the session exists and
 * has not ended, the account is not banned or deleted), here with the caller's claims: one
 * indexed lookup instead of the document's catalog queries. The claims are set for this
 * statement's transaction only.
 */
async function sessionIsLive(pool: pg.Pool, claims: Record<string, unknown>): Promise<boolean> {
  try {
    await pool.query(
      `select public.check_request_session()
         from (select set_config('request.jwt.claims', $1, true)) as claims`,
      [JSON.stringify(claims)],
    );
    return true;
  } catch {
    return false;
  }
}

async function sendDocument(reply: FastifyReply, document: CachedDocument, accepted: string) {
  reply.header('content-type', CONTENT_TYPE).header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) {
    document.br ??= brotliAsync(document.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    return reply.header('content-encoding', 'br').send(await document.br);
  }
  if (/\bgzip\b/.test(accepted)) {
    document.gzip ??= gzipAsync(document.json, { level: 9 });
    return reply.header('content-encoding', 'gzip').send(await document.gzip);
  }
  return reply.send(document.json);
}
