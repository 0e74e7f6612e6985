import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, requireSession, type Authenticated } from '../authenticate.ts';
import { hashBackupCode, looksLikeBackupCode, matchBackupCode, newBackupCodes } from '../backup-codes.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { forbidden, notFound, unprocessable, validationFailed, type AuthError } from '../errors.ts';
import { siteUrl } from '../redirects.ts';
import { bodyOf, clientInfo, optionalString } from '../request.ts';
import { upgradeSession, type AuthMethod, type SessionRow } from '../sessions.ts';
import { isUuid } from '../tokens.ts';
import { newTotpEnrollment, verifyTotp } from '../totp.ts';
import { listFactors, type FactorRow } from '../users.ts';

/** GoTrue's MFA.MaxEnrolledFactors default. */
const MAX_FACTORS = 10;
/** GoTrue's MFA.ChallengeExpiryDuration default: a challenge is answered within 5 minutes. */
const CHALLENGE_TTL_SECONDS = 300;

/**
 * MFA with TOTP, as GoTrue's /factors endpoints: enrol, challenge, verify (which raises the
 * session to aal2 and marks the factor verified), unenrol. Backup codes are SciAI's addition.
 */
export function registerFactorRoutes(app: FastifyInstance, context: AuthContext): void {
  app.post('/factors', async (request) => {
    const { user, session } = await signedIn(context, request);
    const body = bodyOf(request);
    const factorType = optionalString(body, 'factor_type');
    if (factorType === 'phone') throw unprocessable('validation_failed', 'MFA enroll is disabled for Phone');
    if (factorType !== 'totp') throw validationFailed('factor_type needs to be totp or phone');
    const friendlyName = optionalString(body, 'friendly_name');
    const issuer = optionalString(body, 'issuer') ?? new URL(siteUrl(request, context.publicUrl)).host;

    // Enrolments never finished within a day are abandoned (GoTrue expires them too).
    await context.pool.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - interval '1 day'`,
      [user.id],
    );
    const factors = await listFactors(context.pool, user.id);
    if (factors.length >= MAX_FACTORS) {
      throw forbidden(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (factors.some((factor) => factor.status === 'verified') && session.aal !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    if (friendlyName && factors.some((factor) => factor.friendly_name === friendlyName)) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    const enrollment = await newTotpEnrollment(issuer, user.email);
    const { rows } = await context.pool.query<{ id: string }>(
      `insert into auth.mfa_factors (user_id, friendly_name, secret) values ($1, $2, $3) returning id`,
      [user.id, friendlyName ?? null, enrollment.secret],
    );
    return {
      id: rows[0]!.id,
      type: 'totp',
      friendly_name: friendlyName ?? '',
      totp: { qr_code: enrollment.qrCodeSvg, secret: enrollment.secret, uri: enrollment.uri },
    };
  });

  app.post<{ Params: { factorId: string } }>('/factors/:factorId/challenge', async (request) => {
    const { user } = await signedIn(context, request);
    const factor = await ownFactor(context, user.id, request.params.factorId);
    // Challenges long expired are of no use to anyone; keep the table small.
    await context.pool.query(
      `delete from auth.mfa_challenges where factor_id = $1 and created_at < now() - interval '1 day'`,
      [factor.id],
    );
    const { rows } = await context.pool.query<{ id: string; created_at: Date }>(
      `insert into auth.mfa_challenges (factor_id, ip_address) values ($1, $2) returning id, created_at`,
      [factor.id, request.ip],
    );
    const challenge = rows[0]!;
    return {
      id: challenge.id,
      type: 'totp',
      expires_at: Math.floor(challenge.created_at.getTime() / 1000) + CHALLENGE_TTL_SECONDS,
    };
  });

  app.post<{ Params: { factorId: string } }>('/factors/:factorId/verify', async (request) => {
    const { user, session } = await signedIn(context, request);
    const factor = await ownFactor(context, user.id, request.params.factorId);
    context.limits.consume('mfa_verify', { ip: clientInfo(request).ip, account: user.id });
    const body = bodyOf(request);
    const code = optionalString(body, 'code')?.trim();
    if (!code) throw validationFailed('Code needs to be non-empty');
    const challengeId = optionalString(body, 'challenge_id');
    await checkChallenge(context, factor, challengeId, request.ip);

    const proof = await checkCode(context, factor, code);
    return inTransaction(context.pool, async (client) => {
      const used = await client.query(
        `update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null`,
        [challengeId],
      );
      if (used.rowCount !== 1)
        throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch');
      // The code is accepted once: a second request with it (or an older one) finds the step taken.
      const accepted =
        proof.method === 'totp'
          ? await client.query(
              `update auth.mfa_factors set status = 'verified', last_time_step = $2, updated_at = now()
               where id = $1 and (last_time_step is null or last_time_step < $2)`,
              [factor.id, proof.timeStep],
            )
          : await client.query(`update auth.mfa_backup_codes set used_at = now() where id = $1 and used_at is null`, [
              proof.codeId,
            ]);
      if (accepted.rowCount !== 1) throw invalidCode();
      // The factor now proves the user; enrolments left half-done are dropped, as GoTrue does.
      await client.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and id <> $2`, [
        user.id,
        factor.id,
      ]);
      return upgradeSession(context, client, user, session, proof.method, factor.id);
    });
  });

  app.delete<{ Params: { factorId: string } }>('/factors/:factorId', async (request) => {
    const { user, session } = await signedIn(context, request);
    const factor = await ownFactor(context, user.id, request.params.factorId);
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await inTransaction(context.pool, async (client) => {
      await client.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
      await client.query(
        `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`,
        [factor.id],
      );
    });
    return { id: factor.id };
  });

  /** SciAI's addition: 10 fresh backup codes for a verified factor, shown once; earlier ones stop working. */
  app.post<{ Params: { factorId: string } }>('/factors/:factorId/backup-codes', async (request) => {
    const { user, session } = await signedIn(context, request);
    const factor = await ownFactor(context, user.id, request.params.factorId);
    if (session.aal !== 'aal2') throw forbidden('insufficient_aal', 'AAL2 required to generate backup codes');
    if (factor.status !== 'verified') throw unprocessable('validation_failed', 'Backup codes need a verified factor');
    const codes = newBackupCodes();
    const hashes = await Promise.all(codes.map((code) => hashBackupCode(code, context.passwordHashCost)));
    await inTransaction(context.pool, async (client) => {
      await client.query(`delete from auth.mfa_backup_codes where factor_id = $1`, [factor.id]);
      await client.query(`insert into auth.mfa_backup_codes (factor_id, code_hash) select $1, unnest($2::text[])`, [
        factor.id,
        hashes,
      ]);
    });
    return { factor_id: factor.id, codes };
  });
}

async function signedIn(
  context: AuthContext,
  request: FastifyRequest,
): Promise<Authenticated & { session: SessionRow }> {
  const authenticated = await authenticate(context, request);
  return { ...authenticated, session: requireSession(authenticated) };
}

async function ownFactor(context: AuthContext, userId: string, factorId: string): Promise<FactorRow> {
  const factor = isUuid(factorId)
    ? (await listFactors(context.pool, userId)).find((candidate) => candidate.id === factorId)
    : undefined;
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

async function checkChallenge(
  context: AuthContext,
  factor: FactorRow,
  challengeId: string | undefined,
  ip: string,
): Promise<void> {
  const { rows } =
    challengeId && isUuid(challengeId)
      ? await context.pool.query<{ ip_address: string; verified_at: Date | null; expired: boolean }>(
          `select ip_address, verified_at, created_at < now() - make_interval(secs => $3) as expired
         from auth.mfa_challenges where id = $1 and factor_id = $2`,
          [challengeId, factor.id, CHALLENGE_TTL_SECONDS],
        )
      : { rows: [] };
  const challenge = rows[0];
  if (!challenge) throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  // Ambiguous on purpose (GoTrue): does not say whether the challenge was already used.
  if (challenge.verified_at || challenge.ip_address !== ip) {
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch');
  }
  if (challenge.expired) {
    await context.pool.query(`delete from auth.mfa_challenges where id = $1`, [challengeId]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
    );
  }
}

type CodeProof =
  | { method: Extract<AuthMethod, 'totp'>; timeStep: number }
  | { method: Extract<AuthMethod, 'mfa/backup_code'>; codeId: string };

/** A six-digit code from the authenticator, or one of the factor's unused backup codes. */
async function checkCode(context: AuthContext, factor: FactorRow, code: string): Promise<CodeProof> {
  if (/^\d{6}$/.test(code)) {
    const lastStep = factor.last_time_step === null ? undefined : Number(factor.last_time_step);
    const timeStep = await verifyTotp(factor.secret, code, lastStep);
    if (timeStep === undefined) throw invalidCode();
    return { method: 'totp', timeStep };
  }
  if (factor.status !== 'verified' || !looksLikeBackupCode(code)) throw invalidCode();
  const { rows } = await context.pool.query<{ id: string; code_hash: string }>(
    `select id::text, code_hash from auth.mfa_backup_codes where factor_id = $1 and used_at is null`,
    [factor.id],
  );
  const codeId = await matchBackupCode(code, rows);
  if (!codeId) throw invalidCode();
  return { method: 'mfa/backup_code', codeId };
}

function invalidCode(): AuthError {
  return unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
}
