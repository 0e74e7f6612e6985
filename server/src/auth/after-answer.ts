import type { FastifyReply } from 'fastify';
import type { AuthContext } from './context.ts';
import { AuthError } from './errors.ts';

/**
 * Runs `work` once the answer is written ('close' follows 'finish', or an aborted request), for
 * routes whose answer must not depend on whether an account exists: the time of the answer does
 * not either (docs/security.md#account-enumeration). Started earlier, the work would hold up the
 * answer's own hooks and write. Failures are logged, never told to the client.
 */
export function afterAnswer(reply: FastifyReply, context: AuthContext, work: () => Promise<void>): void {
  reply.raw.once('close', () => {
    work().catch((error: unknown) => {
      // a mail that failed is already logged by its sender
      if (!(error instanceof AuthError)) context.log.error({ err: error }, 'work after an auth answer failed');
    });
  });
}
