import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { badRequest, notFound, unprocessable, validationFailed } from '../errors.ts';
import { bodyOf, clientInfo, optionalString } from '../request.ts';
import { startSession, type SessionResponse } from '../sessions.ts';
import { findUserById, isBanned } from '../users.ts';
import { deleteFlowState, lockFlowStateByAuthCode, verifierMatches } from './flow-state.ts';

/**
 * POST /token?grant_type=pkce (exchangeCodeForSession), GoTrue's PKCE grant: the code from the
 * callback's redirect and the verifier only the client that started the flow holds. The flow ends
 * with the exchange, so a code works once; a wrong verifier leaves it for the right one.
 */
export async function pkceGrant(context: AuthContext, request: FastifyRequest): Promise<SessionResponse> {
  const body = bodyOf(request);
  const authCode = optionalString(body, 'auth_code');
  const verifier = optionalString(body, 'code_verifier');
  if (!authCode || !verifier || authCode.length > 200 || verifier.length > 200) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const from = clientInfo(request);
  const outcome = await inTransaction(context.pool, async (client) => {
    const flow = await lockFlowStateByAuthCode(client, authCode);
    if (!flow?.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (!flow.live) throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
    if (!verifierMatches(flow, verifier)) {
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    const user = await findUserById(client, flow.user_id);
    if (!user) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    const session = await startSession(context, client, user, 'oauth', from);
    await deleteFlowState(client, flow.id);
    return session;
  });
  return outcome;
}
