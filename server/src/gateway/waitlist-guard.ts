import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';

/** Sign-ups one client address may send per minute (docs/product.md#rate-limits). */
export const WAITLIST_SIGNUPS_PER_MINUTE = 5;
export const WAITLIST_RATE_LIMIT_MESSAGE = 'Too many sign-ups from this address. Please try again in a minute.';

/** A sign-up is well under 4 KB (the table's column limits); anything far bigger is not one. */
const MAX_SIGNUP_BYTES = 16 * 1024;

/**
 * A guard for `POST /rest/v1/waitlist_signups`, the one table a visitor may write: at most
 * WAITLIST_SIGNUPS_PER_MINUTE requests per client address (an IPv6 /64 counts as one address),
 * and one JSON row per request, so a bulk insert or a CSV body cannot get around the limit.
 *
 * Not limited: the service role (the operator's own tools), and connections from this machine
 * that no proxy forwarded (no X-Forwarded-For: the CLI, health checks, the test suites). A
 * reverse proxy in front of the gateway must set X-Forwarded-For, or every visitor would share
 * its address; see docs/decisions/0004-waitlist-and-compare.md.
 */
export function waitlistGuard(app: FastifyInstance, serviceRoleKey: string) {
  const limit = app.createRateLimit({ max: WAITLIST_SIGNUPS_PER_MINUTE, timeWindow: 60_000 });

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST' || !isWaitlistPath(request.url)) return;
    if (request.headers.apikey === serviceRoleKey) return;

    const state = await limit(request);
    if (!state.isAllowed && state.isExceeded) {
      request.log.warn({ ip: request.ip }, 'waitlist sign-up rate limit reached');
      return reply
        .code(429)
        .header('retry-after', String(state.ttlInSeconds))
        .send({ message: WAITLIST_RATE_LIMIT_MESSAGE });
    }

    const contentType = String(request.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (contentType !== 'application/json') {
      return reply.code(415).send({ message: 'A waitlist sign-up is sent as one JSON object.' });
    }
    const body = await readJson(request.body);
    if (body === undefined) return reply.code(400).send({ message: 'The sign-up is not valid JSON (or too large).' });
    const rows = Array.isArray(body) ? body : [body];
    if (rows.length !== 1) return reply.code(400).send({ message: 'Send one sign-up per request.' });
    // The proxy sends a parsed body on as JSON again.
    request.body = body;
  };
}

function isWaitlistPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false; // PostgREST refuses a malformed path itself
  }
  const segments = decoded.split('/').filter(Boolean);
  return segments.length === 3 && segments[0] === 'rest' && segments[1] === 'v1' && segments[2] === 'waitlist_signups';
}

/** The body the Data API's parser left as a stream, read up to MAX_SIGNUP_BYTES and parsed. */
async function readJson(body: unknown): Promise<unknown> {
  if (!(body instanceof Readable)) return body;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_SIGNUP_BYTES) return undefined;
    chunks.push(buffer);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return parsed ?? undefined;
  } catch {
    return undefined;
  }
}
