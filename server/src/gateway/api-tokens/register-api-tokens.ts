import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import type pg from 'pg';
import { clientKey } from '../../auth/rate-limits.ts';
import { normalisedPath } from '../../security/normalised-path.ts';
import { setApiTokenOf } from '../../security/resolved-api-token.ts';
import { hashApiToken, presentedToken } from './api-token-format.ts';
import { isReadRequest } from './read-only-rules.ts';

/** How long a forwarded JWT lives: long enough for one request, short enough to be worth nothing. */
const FORWARDED_JWT_SECONDS = 60;
/** Bad tokens (malformed or unknown) one address may present per minute before it is refused without a lookup. */
export const FAILED_TOKEN_LOOKUPS_PER_MINUTE = 20;

/** The paths a personal token opens: the Data API and the MCP endpoint, nothing else. */
const TOKEN_PATH = /^\/(rest\/v1|mcp)(\/|$)/;

/** A token request the gateway refuses, answered once the rate limit has counted it. */
type TokenRefusal =
  { kind: 'write' } | { kind: 'invalid'; message: string } | { kind: 'too_many_failures'; retryAfterSeconds: number };

const refusals = new WeakMap<FastifyRequest, TokenRefusal>();

/**
 * `Authorization: Bearer sciai_…` on /rest/v1 and /mcp (docs/decisions/0041-personal-api-tokens.md).
 * Two hooks, with the API rate limit between them: this one, before the limit, decides; the
 * other (registerApiTokenRefusals), after it, sends a refusal. A live token must be known before
 * the limit, which counts it per token; a refused one is counted per address like a visitor's
 * request, so that refusals too end in 429 rather than answering for free.
 *
 * In order: a write is refused (403) without a lookup; a malformed token is refused (401) without
 * one; an address that presented many bad tokens this minute (malformed or unknown) is refused
 * (429) without one; else the token's SHA-256 is looked up (use_api_token, which also stamps
 * last_used_at at most once a minute) and, when live, the request goes on as its user: a
 * 60-second JWT replaces the Authorization header, and the anon key is supplied when no apikey
 * was sent, so `curl -H "Authorization: Bearer sciai_…"` is enough.
 */
export function registerApiTokens(
  app: FastifyInstance,
  options: { pool: pg.Pool; jwtSecret: string; anonKey: string },
): void {
  const key = new TextEncoder().encode(options.jwtSecret);
  const failures = app.createRateLimit({
    max: FAILED_TOKEN_LOOKUPS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-token-failures:${clientKey(request.ip)}`,
  });

  app.addHook('onRequest', async (request) => {
    const path = normalisedPath(request.url);
    if (!TOKEN_PATH.test(path)) return;
    const presented = presentedToken(request.headers.authorization);
    if (presented.kind === 'none') return;
    if (path.startsWith('/rest/v1') && !isReadRequest(request.method, request.url)) {
      refusals.set(request, { kind: 'write' });
      return;
    }
    const before = await failures(request, { increment: false });
    if (!before.isAllowed && before.remaining === 0) {
      refusals.set(request, { kind: 'too_many_failures', retryAfterSeconds: before.ttlInSeconds });
      return;
    }
    if (presented.kind === 'malformed') {
      await failures(request);
      refusals.set(request, { kind: 'invalid', message: 'Malformed API token' });
      return;
    }

    const found = await lookUp(options.pool, presented.token);
    if (!found) {
      await failures(request);
      refusals.set(request, { kind: 'invalid', message: 'API token unknown, revoked or expired' });
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const jwt = await new SignJWT({
      email: found.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'api_token', timestamp: now }],
      api_token_id: found.tokenId,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('sciai')
      .setSubject(found.userId)
      .setAudience('authenticated')
      .setIssuedAt(now)
      .setExpirationTime(now + FORWARDED_JWT_SECONDS)
      .sign(key);
    setApiTokenOf(request, { tokenId: found.tokenId, userId: found.userId, jwt });
    request.headers.authorization = `Bearer ${jwt}`;
    if (request.headers.apikey === undefined) request.headers.apikey = options.anonKey;
  });
}

/** Sends the refusal registerApiTokens decided on; registered after the API rate limit. */
export function registerApiTokenRefusals(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const refusal = refusals.get(request);
    if (!refusal) return;
    if (refusal.kind === 'write') return refuseWrite(reply);
    if (refusal.kind === 'invalid') return refuseToken(reply, refusal.message);
    return refuseTooManyFailures(reply, refusal.retryAfterSeconds);
  });
}

interface LiveToken {
  tokenId: string;
  userId: string;
  email: string;
}

async function lookUp(pool: pg.Pool, token: string): Promise<LiveToken | undefined> {
  const { rows } = await pool.query<{ token_id: string; user_id: string; email: string | null }>(
    'select token_id, user_id, email from public.use_api_token($1)',
    [hashApiToken(token)],
  );
  const row = rows[0];
  return row ? { tokenId: row.token_id, userId: row.user_id, email: row.email ?? '' } : undefined;
}

/** PostgREST's shape ({ code, message, details, hint }), which supabase-js reads as an error. */
function refuseWrite(reply: FastifyReply) {
  return reply.code(403).header('cache-control', 'no-store').send({
    code: 'read_only_token',
    message: 'Personal API tokens are read-only: this request would write.',
    details: null,
    hint: 'Use GET, or POST to one of the read functions the API page lists.',
  });
}

function refuseToken(reply: FastifyReply, message: string) {
  return reply
    .code(401)
    .header('www-authenticate', `Bearer error="invalid_token", error_description="${message}"`)
    .header('cache-control', 'no-store')
    .send({ code: 'invalid_api_token', message, details: null, hint: 'Create a new token in Settings → API tokens.' });
}

function refuseTooManyFailures(reply: FastifyReply, retryAfterSeconds: number) {
  const wait = Math.max(1, retryAfterSeconds);
  return reply
    .code(429)
    .header('retry-after', String(wait))
    .header('cache-control', 'no-store')
    .send({
      code: 'over_request_rate_limit',
      message: `Too many unknown API tokens from this address. Please try again in ${wait} seconds.`,
      details: null,
      hint: 'Wait for the time in the Retry-After header.',
    });
}
