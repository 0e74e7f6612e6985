import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import proxy from '@fastify/http-proxy';
import type { Backend } from '../backend.ts';

/**
 * /rest/v1 → PostgREST. Like Supabase's gateway, a request must carry one of the project's API
 * keys; the JWT in Authorization (a user's session or the key itself) sets the database role.
 */
export async function registerDataApi(app: FastifyInstance, backend: Backend): Promise<void> {
  const requireApiKey = apiKeyGuard([backend.secrets.anonKey, backend.secrets.serviceRoleKey]);
  await app.register(proxy, {
    upstream: backend.postgrest.url,
    prefix: '/rest/v1',
    rewritePrefix: '',
    preHandler: requireApiKey,
    config: { rateLimit: { max: 1200, timeWindow: '1 minute' } },
  });
}

export function apiKeyGuard(validKeys: string[]) {
  const keys = new Set(validKeys);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.apikey;
    const query = (request.query as Record<string, unknown> | undefined)?.apikey;
    const key = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
    if (!key) {
      return reply.code(401).send({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    }
    if (!keys.has(key)) {
      return reply.code(401).send({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
    }
  };
}
