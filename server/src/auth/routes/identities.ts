import type { FastifyInstance } from 'fastify';
import { authenticate } from '../authenticate.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { notFound, unprocessable } from '../errors.ts';
import { deleteIdentity, listIdentities } from '../oauth/identities.ts';
import { startOAuthFlow } from '../oauth/start-flow.ts';
import { queryString } from '../request.ts';
import { hasEmailIdentity } from '../users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * linkIdentity and unlinkIdentity (GoTrue's LinkIdentity and DeleteIdentity): the signed-in user
 * connects a provider's account to theirs, or disconnects it. Connecting ORCID is how a profile
 * gets its verified ORCID iD (docs/product.md#orcid-verified).
 */
export function registerIdentityRoutes(app: FastifyInstance, context: AuthContext): void {
  app.get('/user/identities/authorize', async (request, reply) => {
    const { user } = await authenticate(context, request);
    const url = await startOAuthFlow(context, request, reply, user.id);
    if (queryString(request, 'skip_http_redirect') === 'true') return { url };
    return reply.redirect(url, 302);
  });

  app.delete<{ Params: { identityId: string } }>('/user/identities/:identityId', async (request) => {
    const { user } = await authenticate(context, request);
    if (!UUID.test(request.params.identityId)) throw notFound('validation_failed', 'identity_id must be an UUID');
    await inTransaction(context.pool, async (client) => {
      const identities = await listIdentities(client, user.id);
      const ways = identities.length + (hasEmailIdentity(user) ? 1 : 0);
      const identity = identities.find((candidate) => candidate.id === request.params.identityId.toLowerCase());
      if (ways <= 1) {
        throw unprocessable('single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
      }
      if (!identity) throw unprocessable('identity_not_found', "Identity doesn't exist");
      await deleteIdentity(client, identity);
    });
    return {};
  });
}
