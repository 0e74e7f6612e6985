import type { FastifyInstance } from 'fastify';
import type { Backend } from '../backend.ts';

/**
 * /ops/v1: operations the CLI asks of a running server that owns the database (PGlite cannot
 * be opened by a second process). Service-role key only, and only from this machine.
 */
export function registerOperationsApi(app: FastifyInstance, backend: Backend): void {
  app.post('/ops/v1/migrate', async (request, reply) => {
    const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');
    if (!loopback || request.headers.authorization !== `Bearer ${backend.secrets.serviceRoleKey}`) {
      return reply.code(403).send({ message: 'Operations need the service-role key, from this machine' });
    }
    const applied = await backend.migrate();
    return { applied };
  });
}
