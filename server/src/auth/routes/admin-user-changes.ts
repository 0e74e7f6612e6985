import type { FastifyInstance } from 'fastify';
import { deleteAccount, softDeleteAccount } from '../account-deletion.ts';
import { emailExists, isUniqueViolation, readAdminUserInput, readBoolean } from '../admin-user-input.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { notFound, validationFailed } from '../errors.ts';
import { mergeMetadata } from '../metadata.ts';
import { listIdentities } from '../oauth/identities.ts';
import { hashPassword } from '../passwords.ts';
import { bodyOf } from '../request.ts';
import { loadNamedUser, requireServiceRole } from '../service-role.ts';
import { endSessions } from '../sessions.ts';
import { isUuid } from '../tokens.ts';
import { findUserByEmail, findUserById, listFactors, updateUser, userJson, type UserChanges } from '../users.ts';

type UserParams = { Params: { userId: string } };

/** PUT and DELETE /admin/users/{id}: supabase-js auth.admin.updateUserById and deleteUser. */
export function registerAdminUserChangeRoutes(app: FastifyInstance, context: AuthContext): void {
  app.put<UserParams>('/admin/users/:userId', async (request) => {
    await requireServiceRole(context, request);
    const user = await loadNamedUser(context, request.params.userId);
    const input = readAdminUserInput(bodyOf(request), 'weak');
    if (input.passwordHash !== undefined)
      throw validationFailed('password_hash can only be given when a user is created');
    const newEmail = input.email !== undefined && input.email !== user.email.toLowerCase() ? input.email : undefined;
    if (newEmail && (await findUserByEmail(context.pool, newEmail))) throw emailExists();
    // Hashing is slow: never inside the transaction.
    const passwordHash =
      input.password === undefined ? undefined : await hashPassword(input.password, context.passwordHashCost);

    try {
      const updated = await inTransaction(context.pool, async (client) => {
        const current = await findUserById(client, user.id, { forUpdate: true });
        if (!current) throw notFound('user_not_found', 'User not found');
        const changes: UserChanges = {};
        if (newEmail) {
          // The links and codes mailed to the old address, or to a change of it, no longer fit.
          Object.assign(changes, { email: newEmail, email_change: null, email_change_sent_at: null });
          await client.query(
            `delete from auth.one_time_tokens where user_id = $1 and token_type <> 'email_change_undo'`,
            [user.id],
          );
        }
        if (input.emailConfirm && !current.email_confirmed_at) changes.email_confirmed_at = new Date();
        if (passwordHash) {
          // As GoTrue's UpdatePassword: whoever knew the old password is signed out everywhere.
          changes.encrypted_password = passwordHash;
          await endSessions(client, user.id, 'global', undefined);
          await client.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery'`, [
            user.id,
          ]);
        }
        if (input.userMetadata)
          changes.raw_user_meta_data = mergeMetadata(current.raw_user_meta_data, input.userMetadata);
        if (input.appMetadata) changes.raw_app_meta_data = mergeMetadata(current.raw_app_meta_data, input.appMetadata);
        if (input.bannedUntil !== undefined) {
          changes.banned_until = input.bannedUntil;
          // As a ban from the admin area: the user's sessions end at once.
          if (input.bannedUntil && input.bannedUntil > new Date())
            await client.query(`delete from auth.sessions where user_id = $1`, [user.id]);
        }
        return updateUser(client, user.id, changes);
      });
      return userJson(
        updated,
        await listFactors(context.pool, updated.id),
        await listIdentities(context.pool, updated.id),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw emailExists();
      throw error;
    }
  });

  app.delete<UserParams>('/admin/users/:userId', async (request) => {
    await requireServiceRole(context, request);
    const { userId } = request.params;
    if (!isUuid(userId)) throw notFound('validation_failed', 'user_id must be an UUID');
    const softly = readBoolean(bodyOf(request), 'should_soft_delete');
    await inTransaction(context.pool, async (client) => {
      // A soft-deleted account can still be deleted for good; deleting it softly again changes nothing.
      const { rows } = await client.query<{ email: string | null; deleted: boolean }>(
        `select email, deleted_at is not null as deleted from auth.users where id = $1 for update`,
        [userId],
      );
      const found = rows[0];
      if (!found) throw notFound('user_not_found', 'User not found');
      if (!softly) await deleteAccount(client, userId);
      else if (!found.deleted) await softDeleteAccount(client, userId, found.email ?? '');
    });
    return {};
  });
}
