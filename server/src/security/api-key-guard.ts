import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Like Supabase's gateway: a request to the APIs must carry one of the project's keys, in the
 * `apikey` header or query parameter, with the answers (401) supabase-js knows.
 */
export function apiKeyGuard(validKeys: string[]) {
  const keys = new Set(validKeys);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.apikey;
    const query = (request.query as Record<string, unknown> | undefined)?.apikey;
    const key = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
    if (!key) {
      return reply
        .code(401)
        .send({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    }
    if (!keys.has(key)) {
      return reply
        .code(401)
        .send({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
    }
  };
}
