import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCallerRoleResolver } from './caller-role.ts';
import { bodyTooLarge, checkJsonBody, checkQuery, isJsonContentType } from './check-request.ts';
import { discardRefusedBody } from './discard-refused-body.ts';
import { sendLimitError, type LimitRefusal } from './limit-errors.ts';
import { DEFAULT_LIMITS, limitsFor, type RequestLimits } from './route-limits.ts';

/** Each request's limits (by its raw request), for the proxy's timeout (proxy-timeout.ts). */
const requestLimits = new WeakMap<object, RequestLimits>();
/** Bodies read and checked here, handed to the route's parser instead of the spent socket stream. */
const checkedBodies = new WeakMap<FastifyRequest, Buffer>();

export function limitsOf(request: { raw: object }): RequestLimits | undefined {
  return requestLimits.get(request.raw);
}

/**
 * Enforces route-limits.ts on every request, before any route reads it: the query string and
 * the declared body length on arrival, then the body itself, read here in full (up to the
 * route's limit) and scanned before anything parses it. Register it before the routes, after the
 * rate limit (a refused client costs nothing more). `dataApiTimeoutMs` (DATA_API_TIMEOUT_SECONDS)
 * replaces the default wait for PostgREST; the longer waits of imports and the service role stay.
 */
export function registerRequestLimits(
  app: FastifyInstance,
  jwtSecret: string,
  dataApiTimeoutMs = DEFAULT_LIMITS.upstreamTimeoutMs,
): void {
  const resolveRole = createCallerRoleResolver(jwtSecret);
  answerExpectContinueAfterChecks(app);

  app.addHook('onRequest', async (request, reply) => {
    const queryStart = request.url.indexOf('?');
    const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
    const search = queryStart === -1 ? '' : request.url.slice(queryStart + 1);
    // The operations API (operations-api.ts) checks the service-role key before it reads a body,
    // and takes a restore file far larger than any limit here: reading it here first would let
    // anyone make the server buffer it.
    if (path.startsWith('/ops/')) return;
    // Only the Data API's limits depend on who calls; verifying a token costs little, but nothing elsewhere.
    const role = path.startsWith('/rest/v1/') ? await resolveRole(request) : 'anon';
    const routeLimits = limitsFor(request.method, path, role);
    const limits =
      routeLimits.upstreamTimeoutMs === DEFAULT_LIMITS.upstreamTimeoutMs &&
      dataApiTimeoutMs !== DEFAULT_LIMITS.upstreamTimeoutMs
        ? { ...routeLimits, upstreamTimeoutMs: dataApiTimeoutMs }
        : routeLimits;
    requestLimits.set(request.raw, limits);

    const declaredLength = Number(request.headers['content-length'] ?? 0);
    const hasBody = declaredLength > 0 || request.headers['transfer-encoding'] !== undefined;
    const expectsContinue = request.headers.expect !== undefined;
    // A refused request's body is never parsed. With Expect: 100-continue the client does not send
    // it, and the connection closes; otherwise what it is already sending is read and dropped, up
    // to a bound, so that it can read the refusal (discard-refused-body.ts).
    const refuseUnread = (refusal: LimitRefusal) => {
      if (!hasBody) return sendLimitError(reply, refusal);
      if (expectsContinue) return sendLimitError(reply.header('connection', 'close'), refusal);
      discardRefusedBody(request.raw);
      return sendLimitError(reply, refusal);
    };

    const queryRefusal = checkQuery(path, search, request.method, limits);
    if (queryRefusal) return refuseUnread(queryRefusal);

    // Answered here (100 Continue below, or a refusal); the proxy must not pass it on: undici
    // refuses requests that carry it.
    delete request.raw.headers.expect;

    if (!hasBody) return;
    if (declaredLength > limits.maxBodyBytes) return refuseUnread(bodyTooLarge(declaredLength, limits));
    if (expectsContinue) reply.raw.writeContinue();

    const body = await readBody(request.raw, limits.maxBodyBytes);
    if (body === undefined) return refuseUnread(bodyTooLarge(undefined, limits));
    if (isJsonContentType(request.headers['content-type'])) {
      const shapeRefusal = checkJsonBody(body, limits);
      if (shapeRefusal) return sendLimitError(reply, shapeRefusal);
    }
    checkedBodies.set(request, body);
  });

  app.addHook('preParsing', async (request, _reply, payload) => {
    const body = checkedBodies.get(request);
    if (body === undefined) return payload;
    checkedBodies.delete(request);
    return Readable.from([body]);
  });
}

/**
 * Without a 'checkContinue' listener Node answers `Expect: 100-continue` at once, inviting a body
 * the gateway may refuse. With it, the request goes through the hooks first, and the onRequest
 * hook above sends 100 Continue only when the declared length is within the route's limit.
 */
function answerExpectContinueAfterChecks(app: FastifyInstance): void {
  const server = app.server;
  const forward = (request: IncomingMessage, response: ServerResponse) => server.emit('request', request, response);
  server.on('checkContinue', forward);
  app.addHook('onClose', async () => {
    server.off('checkContinue', forward);
  });
}

/**
 * The body, or undefined as soon as it grows past `maxBytes`. The rest is left unread rather
 * than the stream destroyed (which would close the socket before the 413 could be sent).
 */
function readBody(stream: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        stream.pause();
        resolve(undefined);
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onAborted = () => onError(new Error('The client went away while sending the body'));
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('aborted', onAborted);
  });
}
