import type { FastifyReply, FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';
import { sendLimitError } from './limit-errors.ts';
import { limitsOf } from './register-request-limits.ts';
import { DEFAULT_LIMITS } from './route-limits.ts';

/**
 * The Data API proxy's handler: each request waits for PostgREST as long as its limits say
 * (route-limits.ts), then gets a 504 and undici closes the upstream connection. That frees the
 * gateway and the client, not the database: PostgREST 12 lets the statement run on after its
 * client has gone (on PostgreSQL until it ends or statement_timeout cuts it; PGlite cannot cancel
 * a statement at all). The limits on what a request may ask for are what keep statements short.
 */
export function proxyWithinTimeLimit(
  request: FastifyRequest,
  reply: FastifyReply,
  destination: string,
  options: Parameters<FastifyReply['from']>[1],
): FastifyReply {
  const timeout = (limitsOf(request) ?? DEFAULT_LIMITS).upstreamTimeoutMs;
  return reply.from(destination, { ...options, timeout });
}

/** reply-from's errors as they are, except a time-out: in PostgREST's shape, with our code. */
export function sendUpstreamError(
  reply: FastifyReply<RouteGenericInterface, RawServerBase>,
  { error }: { error: Error },
): void {
  if (!('statusCode' in error) || error.statusCode !== 504) {
    reply.send(error);
    return;
  }
  const seconds = Math.round((limitsOf(reply.request) ?? DEFAULT_LIMITS).upstreamTimeoutMs / 1000);
  sendLimitError(reply, {
    error: 'upstreamTimeout',
    message: `The database did not answer within ${seconds} seconds.`,
    details: null,
    hint: 'Ask for less at once (fewer rows, a narrower filter).',
  });
}
