import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalisedPath } from '../security/normalised-path.ts';
import { PRE_REQUEST_FUNCTION } from '../postgrest/postgrest.ts';

/**
 * PostgREST describes the API in an OpenAPI document at its root, per role (openapi-mode
 * follow-privileges): a visitor's copy lists what anon may use. One function anon must be able to
 * execute is no endpoint: the per-request session check PostgREST runs before every request
 * (db-pre-request runs as the request's role). The gateway leaves it out of the document and
 * answers a call to it as PostgREST does for a function it does not know
 * (docs/security.md, "The Data API's OpenAPI document").
 */
const HIDDEN_FUNCTION = PRE_REQUEST_FUNCTION.replace(/^public\./, '');
const HIDDEN_PATH = `/rest/v1/rpc/${HIDDEN_FUNCTION}`;

export function hiddenFunctionGuard() {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (normalisedPath(request.url) !== HIDDEN_PATH) return;
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .send({
        code: 'PGRST202',
        details: null,
        hint: null,
        message: `Could not find the function ${PRE_REQUEST_FUNCTION} in the schema cache`,
      });
  };
}

export function isOpenApiDocument(request: FastifyRequest, contentType: string): boolean {
  return request.method === 'GET' && normalisedPath(request.url) === '/rest/v1' && /openapi/.test(contentType);
}

/** The document without the hidden function, as a new body (a few hundred kB at most). */
export async function withoutHiddenFunction(body: Readable): Promise<Readable> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Readable.from([withoutHiddenFunctionText(Buffer.concat(chunks).toString('utf8'))]);
}

/** The same, for a document already read. */
export function withoutHiddenFunctionText(text: string): string {
  try {
    const document = JSON.parse(text) as { paths?: Record<string, unknown> };
    delete document.paths?.[`/rpc/${HIDDEN_FUNCTION}`];
    return JSON.stringify(document);
  } catch {
    return text;
  }
}
