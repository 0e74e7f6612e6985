import type { FastifyInstance } from 'fastify';
import { authenticate } from '../authenticate.ts';
import type { AuthContext } from '../context.ts';
import { validationFailed } from '../errors.ts';
import { queryString } from '../request.ts';
import { endSessions, type LogoutScope } from '../sessions.ts';

const SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

/** POST /logout?scope=global|local|others: ends sessions (their refresh tokens go with them); 204. */
export function registerLogoutRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/logout', async (request, reply) => {
    const requested = queryString(request, 'scope') ?? 'global';
    const scope = SCOPES.find((candidate) => candidate === requested);
    if (!scope) throw validationFailed(`Unsupported logout scope "${requested}"`);
    const { user, session } = await authenticate(context, request);
    await endSessions(context.pool, user.id, scope, session?.id);
    return reply.code(204).send();
  });
}
