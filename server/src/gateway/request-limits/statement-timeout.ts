import { Readable } from 'node:stream';
import type { FastifyReply, RawServerBase, RouteGenericInterface } from 'fastify';

/** PostgreSQL's SQLSTATE for a statement cancelled (here: by the role's statement_timeout). */
export const STATEMENT_CANCELLED = '57014';

/** What a caller is told when the database stopped its statement at the role's time limit. */
export const STATEMENT_TIME_LIMIT_MESSAGE =
  'The database stopped this request at its time limit (3 seconds for visitors, 8 when signed in).';

/** A PostgREST error body is a few hundred bytes; past this it is passed on unread. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * PostgREST 12 answers a statement cancelled by the role's statement_timeout with a 500, as if
 * the server had failed. It is a time limit reached, the same meaning as the gateway's own 504
 * when PostgREST does not answer in time: the gateway answers it 504, in PostgREST's shape with
 * the SQLSTATE kept as `code`, and says why (docs/decisions/0039-statement-timeout-answer.md).
 * No Retry-After: the same request would run as long again.
 *
 * Called for the Data API's 500 answers only. Returns the body to send when it is not a
 * cancelled statement (the bytes read, then the rest of the stream), or undefined once answered.
 */
export async function answerCancelledStatement(
  reply: FastifyReply<RouteGenericInterface, RawServerBase>,
  body: Readable,
): Promise<Readable | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  const iterator = body[Symbol.asyncIterator]();
  while (length <= MAX_ERROR_BODY_BYTES) {
    const next = (await iterator.next()) as IteratorResult<Buffer | string>;
    if (next.done) {
      const text = Buffer.concat(chunks).toString('utf8');
      const error = parseError(text);
      if (error?.code !== STATEMENT_CANCELLED) return Readable.from([text]);
      reply.removeHeader('content-length');
      reply
        .code(504)
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .send({
          code: STATEMENT_CANCELLED,
          message: STATEMENT_TIME_LIMIT_MESSAGE,
          details: typeof error.message === 'string' ? error.message : null,
          hint: 'Ask for less at once (fewer rows, a narrower filter), or try again when the site is less busy.',
        });
      return undefined;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    length += chunk.length;
  }
  // too long to be PostgREST's error body: pass it on as it came
  return Readable.from(
    (async function* () {
      yield* chunks;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
}

function parseError(text: string): { code?: unknown; message?: unknown } | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}
