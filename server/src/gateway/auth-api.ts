import type { FastifyInstance } from 'fastify';
import type { Backend } from '../backend.ts';
import { apiKeyGuard } from './data-api.ts';

/**
 * /auth/v1: the GoTrue-compatible auth service. This part answers what clients ask before
 * anything else (settings, health); accounts and sessions are registered beside it.
 */
export async function registerAuthApi(app: FastifyInstance, backend: Backend): Promise<void> {
  await app.register(
    async (auth) => {
      auth.addHook('preHandler', apiKeyGuard([backend.secrets.anonKey, backend.secrets.serviceRoleKey]));
      auth.get('/health', async () => ({ name: 'SciAI Auth', description: 'GoTrue-compatible auth service' }));
      auth.get('/settings', async () => ({
        external: { email: true, phone: false },
        disable_signup: false,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: '',
      }));
      auth.setNotFoundHandler(async (request, reply) =>
        reply.code(404).send({ code: 404, error_code: 'not_found', msg: `No auth endpoint ${request.method} ${request.url}` }),
      );
    },
    { prefix: '/auth/v1' },
  );
}
