import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactSecrets } from './redacted-url.ts';

/**
 * The gateway's log of requests: one line each. fastify's default is two info lines per request
 * ("incoming request", "request completed"), and a client that goes away before its answer is
 * written turns into a level-50 "Premature close" with status 500, though nothing failed on our
 * side. Here:
 *
 * - a request answered: one info line "request" with method, url, status and ms when the answer
 *   is done (a 4xx's error message rides along as `error`);
 * - a request its client left: one info line "request aborted by the client", nothing else;
 * - a server error (5xx) keeps fastify's error line with the stack, besides its request line.
 *
 * Every URL and message is logged with credentials in its query (`?apikey=`, `?token=`, …)
 * replaced (redacted-url.ts); `requestSerializer` does the same for fastify's own lines.
 *
 * Static files (the app's scripts, styles, fonts, icons) and health checks answered without an
 * error are logged at debug: a page view fetches a dozen files and a process manager checks
 * health every few seconds, and at info they would bury the requests that say what people did.
 */
export class GatewayLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished || logged.has(request)) return;
      logged.add(request);
      const line = { method: request.method, url: redactSecrets(request.url), ms: Math.round(reply.elapsedTime) };
      if (isRoutineRequest(request.url, 200)) request.log.debug(line, 'request aborted by the client');
      else request.log.info(line, 'request aborted by the client');
    });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request) || logged.has(request)) return;
    logged.add(request);
    const line = {
      method: request.method,
      url: redactSecrets(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ...(clientErrors.has(request) ? { error: clientErrors.get(request) } : {}),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (isRoutineRequest(request.url, reply.statusCode)) reply.log.debug(line, 'request');
    else reply.log.info(line, 'request');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request) || clientLeft(reply)) return;
    if (reply.statusCode >= 500)
      reply.log.error({ req: request, res: reply, err: error }, redactSecrets(error.message));
    else clientErrors.set(request, redactSecrets(error.message));
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (clientLeft(reply)) return;
    super.streamError(error, request, reply);
  }
}

/** The connection closed before the whole answer was written: the client left, not our fault. */
function clientLeft(reply: FastifyReply): boolean {
  return reply.raw.destroyed && !reply.raw.writableFinished;
}

/** Requests whose one line is written (an answer can end in an error and a close). */
const logged = new WeakSet<FastifyRequest>();
/** A 4xx's message, for its request line rather than a line of its own. */
const clientErrors = new WeakMap<FastifyRequest, string>();

/**
 * fastify's `req` serializer (its fields: method, url, version, host, remoteAddress, remotePort)
 * with the URL's credentials redacted, for the lines fastify writes itself.
 */
export function requestSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactSecrets(request.url),
    version: request.headers['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Files the web app and embeds load with every page: by path, or by a static file's extension. */
const STATIC_FILE =
  /^\/(?:assets\/|[^?#]*\.(?:js|mjs|css|map|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|webmanifest)(?:[?#]|$))/i;
const HEALTH_CHECK = /^\/healthz(?:[?#]|$)/;

/**
 * A static file or health check that went as expected (below 400): debug. A missing file or a
 * failing check stays at info or above, where an operator looks.
 */
export function isRoutineRequest(url: string, status: number): boolean {
  if (status >= 400) return false;
  return HEALTH_CHECK.test(url) || STATIC_FILE.test(url);
}
