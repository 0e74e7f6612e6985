import type { FastifyReply, RawServerBase, RouteGenericInterface } from 'fastify';

/**
 * The gateway's own error codes, in PostgREST's error shape (`code`, `message`, `details`,
 * `hint`), which supabase-js reads for both APIs (the auth client takes `message` too). SCIAI4xx
 * are refused requests, SCIAI5xx answers PostgREST did not give in time.
 */
export const LIMIT_ERRORS = {
  bodyTooLarge: { status: 413, code: 'SCIAI413' },
  jsonTooDeep: { status: 400, code: 'SCIAI431' },
  arrayTooLong: { status: 400, code: 'SCIAI432' },
  embeddingTooDeep: { status: 400, code: 'SCIAI433' },
  tooManyEmbeddings: { status: 400, code: 'SCIAI434' },
  logicTreeTooLarge: { status: 400, code: 'SCIAI435' },
  resourceEmbeddedInItself: { status: 400, code: 'SCIAI436' },
  upstreamTimeout: { status: 504, code: 'SCIAI504' },
} as const;

export type LimitErrorName = keyof typeof LIMIT_ERRORS;

export interface LimitRefusal {
  error: LimitErrorName;
  message: string;
  details: string | null;
  hint: string | null;
}

export function sendLimitError<Reply extends FastifyReply<RouteGenericInterface, RawServerBase>>(
  reply: Reply,
  refusal: LimitRefusal,
): Reply {
  const { status, code } = LIMIT_ERRORS[refusal.error];
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ code, message: refusal.message, details: refusal.details, hint: refusal.hint });
  return reply;
}
