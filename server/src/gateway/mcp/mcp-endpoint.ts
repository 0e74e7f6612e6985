import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSciaiMcpServer, type CatalogClient } from '@sciai/core/mcp';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import packageJson from '../../../package.json' with { type: 'json' };
import type { Backend } from '../../backend.ts';
import type { ApiRateLimit } from '../../security/api-rate-limit.ts';
import { apiTokenOf } from '../../security/resolved-api-token.ts';
import { batchRefusal, parseMcpBody } from './json-rpc-batches.ts';
import { siteOrigin } from '../seo/site-origin.ts';
import {
  createHostedCatalogClient,
  createPostgrestCatalogClient,
  postgrestAddress,
} from './postgrest-catalog-client.ts';

export const MCP_PATH = '/mcp';
/** As route-limits.ts's limit for /mcp. */
const MCP_MAX_BODY_BYTES = 64 * 1024;

export interface McpEndpointOptions {
  client: CatalogClient;
  /** The same catalog as a personal API token's user (docs/decisions/0041-personal-api-tokens.md). */
  clientForToken?: (jwt: string) => CatalogClient;
  /** PUBLIC_URL, parsed; else links are built from the request's (known) Host. */
  publicUrl: string | undefined;
  /** Counts a batch's further messages, each as one request (json-rpc-batches.ts). */
  rateLimit: ApiRateLimit;
}

/** The settings /mcp shares with the Data API: its rate limit and how long PostgREST may take. */
export interface McpLimits {
  rateLimit: ApiRateLimit;
  /** The Data API's wait for PostgREST (DATA_API_TIMEOUT_SECONDS), for each of a tool's catalog calls. */
  upstreamTimeoutMs: number;
}

/**
 * /mcp: the SciAI MCP server (core/src/mcp) over Streamable HTTP, for agents that connect by URL
 * (docs/product.md#mcp). Anonymous and read-only. Stateless: every POST gets a server and
 * transport of its own and a JSON answer, so nothing is kept between requests and no stream
 * stays open. It runs after the gateway's hooks like any route: the known-hosts check, the API
 * rate limit (api-rate-limit.ts) and the request limits (request-limits/route-limits.ts).
 *
 * The body reaches the SDK as raw bytes (this scope has no JSON parser), so malformed JSON gets
 * the protocol's own parse error (-32700) rather than a Fastify error page. A JSON-RPC batch is
 * looked at first: refused as a whole (-32600) when the client's revision has none or it is too
 * long, else each message after the first is counted against the rate limit (json-rpc-batches.ts).
 */
export function registerMcpEndpoint(app: FastifyInstance, options: McpEndpointOptions): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The request limits (route-limits.ts) refuse larger bodies first; a gateway without a backend
    // of its own (a hosted project) registers none, so the parser holds the same line.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MCP_MAX_BODY_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(MCP_PATH, (request, reply) => answerMcp(request, reply, options));
    // No server-sent stream in stateless mode and no session to end: the SDK's clients read 405 as that.
    scope.route({
      method: ['GET', 'DELETE', 'PUT', 'PATCH'],
      url: MCP_PATH,
      handler: (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .header('cache-control', 'no-store')
          .send({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed: send JSON-RPC messages with POST.' },
            id: null,
          }),
    });
  });
}

async function answerMcp(request: FastifyRequest, reply: FastifyReply, options: McpEndpointOptions) {
  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  const parsed = parseMcpBody(body);
  if (parsed && Array.isArray(parsed.value)) {
    const version = request.headers['mcp-protocol-version'];
    const refusal = batchRefusal(parsed.value, typeof version === 'string' ? version : undefined);
    if (refusal) return reply.code(400).header('cache-control', 'no-store').send(refusal);
    if (!(await options.rateLimit.countFurtherCalls(request, reply, parsed.value.length - 1))) return reply;
  }
  const origin = siteOrigin(request, options.publicUrl);
  const token = apiTokenOf(request);
  const server = createSciaiMcpServer({
    client: token && options.clientForToken ? options.clientForToken(token.jwt) : options.client,
    siteUrl: (path) => `${origin}${path}`,
    currentYear: new Date().getFullYear(),
    version: packageJson.version,
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(
      new Request(`${origin}${MCP_PATH}`, { method: 'POST', headers: webHeaders(request), body }),
      parsed ? { parsedBody: parsed.value } : undefined,
    );
    reply.code(response.status).header('cache-control', 'no-store');
    response.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    return reply.send(Buffer.from(await response.arrayBuffer()));
  } finally {
    await server.close();
  }
}

function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'host' || name === 'content-length' || name === 'transfer-encoding') continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** /mcp over the embedded backend's PostgREST, as anon, with the Data API's upstream time limit. */
export function registerEmbeddedMcpEndpoint(
  app: FastifyInstance,
  backend: Backend,
  publicUrl: string | undefined,
  limits: McpLimits,
): void {
  const address = postgrestAddress(backend.postgrest.upstream, backend.postgrest.socketPath);
  const client = createPostgrestCatalogClient(address, backend.secrets.anonKey, limits.upstreamTimeoutMs);
  const clientForToken = (jwt: string) => createPostgrestCatalogClient(address, jwt, limits.upstreamTimeoutMs);
  registerMcpEndpoint(app, { client, clientForToken, publicUrl, rateLimit: limits.rateLimit });
}

/** /mcp over a hosted project's Data API, for a gateway that only serves the web app. */
export function registerHostedMcpEndpoint(
  app: FastifyInstance,
  supabase: { url: string; anonKey: string },
  publicUrl: string | undefined,
  limits: McpLimits,
): void {
  const client = createHostedCatalogClient(supabase.url, supabase.anonKey, limits.upstreamTimeoutMs);
  registerMcpEndpoint(app, { client, publicUrl, rateLimit: limits.rateLimit });
}
