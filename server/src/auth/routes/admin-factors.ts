import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { notFound } from '../errors.ts';
import { loadNamedUser, requireServiceRole } from '../service-role.ts';
import { isUuid } from '../tokens.ts';
import { factorJson, listFactors } from '../users.ts';

type FactorParams = { Params: { userId: string; factorId: string } };

/**
 * supabase-js auth.admin.mfa: a user's factors, and removing one (a lost authenticator). The
 * sessions it raised fall back to aal1, as when the user unenrols it.
 */
export function registerAdminFactorRoutes(app: FastifyInstance, context: AuthContext): void {
  app.get<{ Params: { userId: string } }>('/admin/users/:userId/factors', async (request) => {
    await requireServiceRole(context, request);
    const user = await loadNamedUser(context, request.params.userId);
    return (await listFactors(context.pool, user.id)).map(factorJson);
  });

  app.delete<FactorParams>('/admin/users/:userId/factors/:factorId', async (request) => {
    await requireServiceRole(context, request);
    const user = await loadNamedUser(context, request.params.userId);
    const { factorId } = request.params;
    if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
    const factor = (await listFactors(context.pool, user.id)).find((candidate) => candidate.id === factorId);
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
    await inTransaction(context.pool, async (client) => {
      await client.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
      await client.query(
        `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`,
        [factor.id],
      );
    });
    return factorJson(factor);
  });
}
