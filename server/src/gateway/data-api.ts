import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { pipeline, Readable, type Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';
import proxy from '@fastify/http-proxy';
import type { Backend } from '../backend.ts';
import { apiKeyGuard } from '../security/api-key-guard.ts';
import { expiredTokenGuard } from '../security/expired-token-guard.ts';
import { hiddenFunctionGuard, isOpenApiDocument, withoutHiddenFunction } from './openapi-document.ts';
import { openApiCache } from './openapi-cache.ts';
import { waitlistGuard } from './waitlist-guard.ts';
import { proxyWithinTimeLimit, sendUpstreamError } from './request-limits/proxy-timeout.ts';
import { answerCancelledStatement } from './request-limits/statement-timeout.ts';

/**
 * /rest/v1 → PostgREST. Like Supabase's gateway, a request must carry one of the project's API
 * keys; the JWT in Authorization (a user's session or the key itself) sets the database role.
 */
export async function registerDataApi(app: FastifyInstance, backend: Backend): Promise<void> {
  await app.register(proxy, {
    upstream: backend.postgrest.upstream,
    prefix: '/rest/v1',
    rewritePrefix: '',
    // The gateway logs each request once (request-log.ts), not also its trip to PostgREST.
    disableRequestLogging: true,
    preHandler: inSequence(
      apiKeyGuard([backend.secrets.anonKey, backend.secrets.serviceRoleKey]),
      // PostgREST would take a token 30 s past its expiry; the gateway takes none
      expiredTokenGuard(backend.secrets.jwtSecret),
      hiddenFunctionGuard(),
      // GET /rest/v1/ from memory, per role, rebuilt when the schema changes (openapi-cache.ts)
      openApiCache({ postgrest: backend.postgrest, pool: backend.db.pool, jwtSecret: backend.secrets.jwtSecret }),
      // Visitors may write one table; cap how fast one address can fill it.
      waitlistGuard(app, backend.secrets.serviceRoleKey),
    ),
    // The rate limit is the gateway's general one (server/src/security/api-rate-limit.ts): 100 per
    // minute per client address and endpoint (method + path), so no per-route limit here.
    replyOptions: {
      onResponse: (request, reply, response) => {
        // while visitors keep PostgREST busy, its latest success is /healthz's evidence (postgrest.ts)
        backend.postgrest.noteAnswer(reply.statusCode);
        return sendCompressed(request, reply, response);
      },
      onError: sendUpstreamError,
    },
    // Each request waits as long as its caller and route may (request-limits/route-limits.ts):
    // 15 s for visitors, as long as below for imports and the service role.
    handler: proxyWithinTimeLimit,
    // A long RPC (commit_import writes a whole CSV import in one transaction) must not end in a
    // 504 while the database is still working: undici's default is 300 s for the headers.
    undici: { headersTimeout: DATA_API_TIMEOUT_MS, bodyTimeout: DATA_API_TIMEOUT_MS },
  });
}

/**
 * How long undici waits for PostgREST at most: the longest of the routes' limits (an import's or
 * the service role's 30 minutes, which is also their statement_timeout in the database).
 */
export const DATA_API_TIMEOUT_MS = 30 * 60_000;

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The proxy takes one preHandler: run the guards in turn until one of them answers. */
function inSequence(...guards: Guard[]): Guard {
  return async (request, reply) => {
    for (const guard of guards) {
      await guard(request, reply);
      if (reply.sent) return reply;
    }
  };
}

/**
 * PostgREST answers every read with a Content-Range of *rows*, which makes the generic compress
 * plugin skip it (it reads it as a byte range); JSON compresses about tenfold, so do it here.
 */
function sendCompressed(
  request: FastifyRequest<RouteGenericInterface, RawServerBase>,
  reply: FastifyReply<RouteGenericInterface, RawServerBase>,
  // reply-from's types call this the raw response; at run time it is { statusCode, headers, stream }
  response: object,
) {
  if (!('stream' in response) || !(response.stream instanceof Readable))
    throw new Error('Upstream response has no body stream');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const type = String(reply.getHeader('content-type') ?? '');
  // a statement cut by its role's statement_timeout: 504, not PostgREST's 500 (statement-timeout.ts)
  if (reply.statusCode === 500 && /json/.test(type)) {
    answerCancelledStatement(reply, response.stream).then(
      (body) => body && sendBody(reply, body, accepted, type),
      (error: unknown) => reply.send(error),
    );
    return;
  }
  if (reply.statusCode === 200 && isOpenApiDocument(request as FastifyRequest, type)) {
    reply.removeHeader('content-length');
    withoutHiddenFunction(response.stream).then(
      (document) => sendBody(reply, document, accepted, type),
      (error: unknown) => reply.send(error),
    );
    return;
  }
  return sendBody(reply, response.stream, accepted, type);
}

function sendBody(
  reply: FastifyReply<RouteGenericInterface, RawServerBase>,
  body: Readable,
  accepted: string,
  type: string,
) {
  const compressible = /json|csv|text|xml|openapi/.test(type) && !reply.getHeader('content-encoding');
  const encoder: Transform | undefined = !compressible
    ? undefined
    : /\bbr\b/.test(accepted)
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : /\bgzip\b/.test(accepted)
        ? createGzip({ level: 6 })
        : undefined;
  if (!encoder) return reply.send(body);
  reply.removeHeader('content-length');
  reply.header('content-encoding', /\bbr\b/.test(accepted) ? 'br' : 'gzip');
  reply.header('vary', 'accept-encoding');
  return reply.send(pipeline(body, encoder, () => {}));
}
