import { createHash, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db.ts';
import { randomToken, sha256 } from '../tokens.ts';
import type { OAuthProviderName } from './provider-config.ts';

/** GoTrue's FlowStateExpiryDuration: a consent left longer than this is started again. */
export const FLOW_STATE_TTL_SECONDS = 300;

export interface FlowStateRow {
  id: string;
  provider_type: OAuthProviderName;
  code_challenge: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  referrer: string;
  callback_url: string;
  linking_target_id: string | null;
  user_id: string | null;
  created_at: Date;
}

const COLUMNS =
  'id, provider_type, code_challenge, code_challenge_method, referrer, callback_url, linking_target_id, user_id, created_at';
const LIVE = `created_at > now() - make_interval(secs => ${FLOW_STATE_TTL_SECONDS})`;

export async function createFlowState(
  db: Queryable,
  flow: {
    provider: OAuthProviderName;
    codeChallenge: string | undefined;
    codeChallengeMethod: 's256' | 'plain' | undefined;
    referrer: string;
    callbackUrl: string;
    linkingTargetId: string | undefined;
  },
): Promise<FlowStateRow> {
  // Flows nobody finished are cleared as new ones start: the table holds minutes of them.
  await db.query(`delete from auth.flow_state where not (${LIVE})`);
  const { rows } = await db.query<FlowStateRow>(
    `insert into auth.flow_state (provider_type, code_challenge, code_challenge_method, referrer, callback_url, linking_target_id)
     values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
    [
      flow.provider,
      flow.codeChallenge ?? null,
      flow.codeChallengeMethod ?? null,
      flow.referrer,
      flow.callbackUrl,
      flow.linkingTargetId ?? null,
    ],
  );
  return rows[0]!;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type FlowLookup = (FlowStateRow & { live: boolean; used: boolean }) | undefined;

/** The flow a callback's `state` names, whatever its age or use (the caller judges both). */
export async function findFlowState(db: Queryable, state: string): Promise<FlowLookup> {
  if (!UUID.test(state)) return undefined;
  const { rows } = await db.query<FlowStateRow & { live: boolean; used: boolean }>(
    `select ${COLUMNS}, ${LIVE} as live, auth_code_issued_at is not null as used from auth.flow_state where id = $1`,
    [state],
  );
  return rows[0];
}

/**
 * Marks the flow's callback as arrived, once: a second callback with the same state (a replay, or a
 * race of two) finds it taken and is refused, before anyone spends the provider's code.
 */
export async function claimFlowState(db: Queryable, flowId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `update auth.flow_state set auth_code_issued_at = now() where id = $1 and auth_code_issued_at is null`,
    [flowId],
  );
  return rowCount === 1;
}

/** PKCE: the callback's outcome, kept until the client exchanges the returned code once. */
export async function issueAuthCode(db: Queryable, flowId: string, userId: string): Promise<string> {
  const code = randomToken();
  await db.query(`update auth.flow_state set user_id = $2, auth_code = $3, auth_code_issued_at = now() where id = $1`, [
    flowId,
    userId,
    sha256(code),
  ]);
  return code;
}

export async function deleteFlowState(db: Queryable, flowId: string): Promise<void> {
  await db.query(`delete from auth.flow_state where id = $1`, [flowId]);
}

/** The flow a PKCE code was issued for, locked; its age is for the caller to judge. */
export async function lockFlowStateByAuthCode(
  db: Queryable,
  code: string,
): Promise<(FlowStateRow & { live: boolean }) | undefined> {
  const { rows } = await db.query<FlowStateRow & { live: boolean }>(
    `select ${COLUMNS}, ${LIVE} as live from auth.flow_state where auth_code = $1 and user_id is not null for update`,
    [sha256(code)],
  );
  return rows[0];
}

/** RFC 7636: S256 compares BASE64URL(SHA-256(verifier)) with the challenge; plain, the two as they are. */
export function verifierMatches(
  flow: Pick<FlowStateRow, 'code_challenge' | 'code_challenge_method'>,
  verifier: string,
) {
  if (!flow.code_challenge) return false;
  const computed =
    flow.code_challenge_method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
  const expected = Buffer.from(flow.code_challenge);
  const given = Buffer.from(computed);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
