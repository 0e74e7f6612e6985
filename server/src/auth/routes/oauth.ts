import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context.ts';
import { completeOAuthCallback } from '../oauth/callback.ts';
import { startOAuthFlow } from '../oauth/start-flow.ts';

/**
 * GET /authorize (signInWithOAuth sends the browser here) and GET /callback (where GitHub and
 * ORCID send it back). Both are opened by the browser, without the API key, as on Supabase.
 */
export function registerOAuthRoutes(app: FastifyInstance, context: AuthContext): void {
  app.get('/authorize', async (request, reply) => {
    return reply.redirect(await startOAuthFlow(context, request, reply, undefined), 302);
  });

  app.get('/callback', async (request, reply) => {
    return reply.redirect(await completeOAuthCallback(context, request, reply), 302);
  });
}
