import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import { clientKey } from '../auth/rate-limits.ts';
import { AuthError, sendAuthError } from '../auth/errors.ts';
import { normalisedPath } from './normalised-path.ts';
import { hashClientAddress, pathOf } from './security-event.ts';
import type { SecurityEventRecorder } from './event-recorder.ts';
import type { RequestUser } from './request-user.ts';
import { apiTokenOf } from './resolved-api-token.ts';
import { rateLimitHeaders, type RateLimitPolicyName } from './rate-limit-headers.ts';

/**
 * docs/product.md#rate-limits: at most 100 requests per minute per client address per endpoint. An endpoint is the
 * method and the path without its query (`GET /rest/v1/rpc/search_items`), so paging through
 * search results counts as one endpoint and one page of the app cannot exhaust another. The path
 * is the normalised one (normalised-path.ts): `/rest/v1/search%5Fitems` is the same endpoint.
 */
export const API_REQUESTS_PER_MINUTE = 100;
/**
 * Pages, /config.js, feeds and built assets: the same rule, higher, because a browser reloading
 * a page asks for the same files again and they cost the database little or nothing.
 */
export const PAGE_REQUESTS_PER_MINUTE = 300;
/**
 * A personal API token (docs/decisions/0041-personal-api-tokens.md): its own count per token and
 * endpoint, whatever the address, six times a visitor's: a script or notebook pages through
 * search results faster than a person, and a token names who is asking.
 */
export const TOKEN_REQUESTS_PER_MINUTE = 600;
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** The APIs: the Data, Auth and security-events APIs, and the MCP endpoint (its tools call the Data API). */
const API_PATH = /^\/((rest|auth|security)\/v1|mcp)(\/|$)/;

export function rateLimitMessage(retryAfterSeconds: number, limit = API_REQUESTS_PER_MINUTE): string {
  return `Too many requests: at most ${limit} per minute to the same endpoint. Please try again in ${retryAfterSeconds} seconds.`;
}

/**
 * A private feed's address holds its credential (docs/product.md#notification-feeds): every
 * feed address is one endpoint, so the token is never part of a counter's key (which a shared
 * Redis would keep) and guessing addresses is counted as one endpoint, not one per guess.
 */
const PRIVATE_FEED_PATH = /^\/feeds\/notifications\/.*$/;

/** The counter's key: who (an IPv6 /64 as one address) and which endpoint. */
export function endpointKey(request: Pick<FastifyRequest, 'ip' | 'method' | 'url'>): string {
  const path = normalisedPath(request.url).replace(PRIVATE_FEED_PATH, '/feeds/notifications/*');
  return `endpoint:${clientKey(request.ip)}:${request.method} ${path}`;
}

/** A request with a live personal token counts against the token, not its address. */
function apiKey(request: FastifyRequest): string {
  const token = apiTokenOf(request);
  return token ? `token:${token.tokenId}:${request.method} ${normalisedPath(request.url)}` : endpointKey(request);
}

/**
 * The one exemption: a request carrying the service-role key (the CLI, the operator's scripts).
 * Whoever holds it can do anything already; an address is no proof of who is asking, since a
 * reverse proxy on this machine makes every visitor look local.
 */
export function carriesServiceRoleKey(request: FastifyRequest, serviceRoleKey: string | undefined): boolean {
  if (!serviceRoleKey) return false;
  const { apikey, authorization } = request.headers;
  return apikey === serviceRoleKey || authorization === `Bearer ${serviceRoleKey}`;
}

/**
 * The general limit, before any route runs (so a refused request costs no body parsing, proxying
 * or query). Every address is counted, this machine's too; only the service-role key is exempt. Going
 * over the limit raises one high-severity rate_limit event per client, endpoint and window (the
 * recorder folds repeats); the 429 answers themselves are recorded by the response monitor.
 */
export interface RateLimitMonitoring {
  recorder: SecurityEventRecorder;
  secret: string;
  resolveUser: (request: FastifyRequest) => Promise<RequestUser>;
}

/**
 * What the MCP endpoint needs of the limit: a JSON-RPC batch is several calls in one request,
 * and each call after the first counts as one more request of the same client and endpoint.
 */
export interface ApiRateLimit {
  /**
   * Counts `calls` more requests for this request's client and endpoint. False when that goes
   * over the limit: then the 429 has been sent (the whole request is refused).
   */
  countFurtherCalls(request: FastifyRequest, reply: FastifyReply, calls: number): Promise<boolean>;
}

export function registerApiRateLimit(
  app: FastifyInstance,
  monitoring: RateLimitMonitoring | undefined,
  serviceRoleKey: string | undefined,
): ApiRateLimit {
  const common = {
    timeWindow: RATE_LIMIT_WINDOW_MS,
    keyGenerator: endpointKey,
    allowList: (request: FastifyRequest) => carriesServiceRoleKey(request, serviceRoleKey),
  };
  const apiLimit = app.createRateLimit({
    ...common,
    keyGenerator: apiKey,
    max: (request) => (apiTokenOf(request) ? TOKEN_REQUESTS_PER_MINUTE : API_REQUESTS_PER_MINUTE),
  });
  const pageLimit = app.createRateLimit({ ...common, max: PAGE_REQUESTS_PER_MINUTE });

  /** The RateLimit fields on an API answer; a 429 (and its event) when over. False when refused. */
  async function answerState(request: FastifyRequest, reply: FastifyReply, state: RateLimitState, isApi: boolean) {
    // IETF RateLimit fields on every API answer, refused or not (rate-limit-headers.ts)
    const policy: RateLimitPolicyName = apiTokenOf(request) ? 'token' : 'endpoint';
    if (isApi) reply.headers(rateLimitHeaders(policy, state.max, state.remaining, state.ttlInSeconds));
    if (!state.isExceeded) return true;
    const retryAfter = Math.max(1, state.ttlInSeconds);
    // Every refused request asks; the recorder writes the first of each client, endpoint and window.
    if (monitoring) {
      const { actor, userId } = await monitoring.resolveUser(request);
      monitoring.recorder.record({
        eventType: 'rate_limit',
        severity: 'high',
        actor,
        userId,
        path: pathOf(request.url),
        method: request.method,
        clientHash: hashClientAddress(monitoring.secret, request.ip),
        details: { reason: 'over_endpoint_limit', limit: state.max, window_seconds: RATE_LIMIT_WINDOW_MS / 1000 },
      });
    }
    sendTooManyRequests(request, reply, retryAfter, state.max);
    return false;
  }

  app.addHook('onRequest', async (request, reply) => {
    const isApi = API_PATH.test(normalisedPath(request.url));
    const state = await (isApi ? apiLimit : pageLimit)(request);
    if (state.isAllowed) return;
    if (!(await answerState(request, reply, state, isApi))) return reply;
  });

  return {
    async countFurtherCalls(request, reply, calls) {
      let state: RateLimitState | undefined;
      for (let call = 0; call < calls; call++) {
        const next = await apiLimit(request);
        if (next.isAllowed) return true;
        state = next;
      }
      return state === undefined || answerState(request, reply, state, true);
    },
  };
}

/** A counted (not exempt) request's state, as the rate-limit plugin reports it. */
type RateLimitState = Extract<
  Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>,
  { isAllowed: false }
>;

/** 429 in the shape each API's clients read: GoTrue's for /auth/v1, PostgREST's elsewhere. */
export function sendTooManyRequests(
  request: FastifyRequest,
  reply: FastifyReply,
  retryAfterSeconds: number,
  limit = API_REQUESTS_PER_MINUTE,
): FastifyReply {
  const message = rateLimitMessage(retryAfterSeconds, limit);
  if (normalisedPath(request.url).startsWith('/auth/v1')) {
    return sendAuthError(request, reply, new AuthError(429, 'over_request_rate_limit', message, { retryAfterSeconds }));
  }
  return reply.code(429).header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store').send({
    code: 'over_request_rate_limit',
    message,
    details: null,
    hint: 'Wait for the time in the Retry-After header.',
  });
}
