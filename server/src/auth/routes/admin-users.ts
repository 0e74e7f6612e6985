import type { FastifyInstance } from 'fastify';
import { emailExists, isUniqueViolation, readAdminUserInput } from '../admin-user-input.ts';
import { listUsers, pagingHeaders, readUserPage } from '../admin-user-list.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { validationFailed } from '../errors.ts';
import { mergeMetadata } from '../metadata.ts';
import { listIdentities } from '../oauth/identities.ts';
import { hashPassword } from '../passwords.ts';
import { bodyOf, optionalObject } from '../request.ts';
import { loadNamedUser, requireServiceRole } from '../service-role.ts';
import { randomToken } from '../tokens.ts';
import { EMAIL_APP_METADATA, findUserByEmail, insertUser, listFactors, updateUser, userJson } from '../users.ts';
import { registerAdminFactorRoutes } from './admin-factors.ts';
import { registerAdminLinkRoutes } from './admin-links.ts';
import { registerAdminUserChangeRoutes } from './admin-user-changes.ts';

/**
 * GoTrue's admin API (supabase-js auth.admin): users listed, read, created, changed and deleted,
 * their factors, links generated and invitations sent. Only a bearer token with the service role
 * may call it, as on Supabase (docs/product.md#admin-api).
 */
export function registerAdminUserRoutes(app: FastifyInstance, context: AuthContext): void {
  registerAdminUserChangeRoutes(app, context);
  registerAdminFactorRoutes(app, context);
  registerAdminLinkRoutes(app, context);

  app.get('/admin/users', async (request, reply) => {
    await requireServiceRole(context, request);
    const page = readUserPage(request);
    const { users, total } = await listUsers(context.pool, page);
    return reply.headers(pagingHeaders(request, page, total)).send({ users, aud: 'authenticated' });
  });

  app.get<{ Params: { userId: string } }>('/admin/users/:userId', async (request) => {
    await requireServiceRole(context, request);
    const user = await loadNamedUser(context, request.params.userId);
    return userJson(user, await listFactors(context.pool, user.id), await listIdentities(context.pool, user.id));
  });

  app.post('/admin/users', async (request) => {
    await requireServiceRole(context, request);
    const body = bodyOf(request);
    const input = readAdminUserInput(body, 'absent');
    if (!input.email) throw validationFailed('Cannot create a user without either an email or phone');
    const email = input.email;
    const userMetadata = input.userMetadata ?? optionalObject(body, 'data') ?? {};
    if (await findUserByEmail(context.pool, email)) throw emailExists();
    // Without a password the account has an unguessable one: its owner sets theirs by recovery.
    const passwordHash =
      input.passwordHash ?? (await hashPassword(input.password ?? randomToken(), context.passwordHashCost));
    try {
      const user = await inTransaction(context.pool, async (client) => {
        const created = await insertUser(client, { email, passwordHash, userMetadata, confirmed: input.emailConfirm });
        if (!input.appMetadata && input.bannedUntil === undefined) return created;
        return updateUser(client, created.id, {
          raw_app_meta_data: input.appMetadata ? mergeMetadata(EMAIL_APP_METADATA, input.appMetadata) : undefined,
          banned_until: input.bannedUntil,
        });
      });
      return userJson(user, []);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailExists();
      throw error;
    }
  });
}
