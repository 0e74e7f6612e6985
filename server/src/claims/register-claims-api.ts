import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import type { z } from 'zod';
import {
  EmailCodeRequestSchema,
  EmailVerifyRequestSchema,
  GithubClaimRequestSchema,
  itemPath,
  localizedPath,
  type ContentType,
} from '@sciai/core';
import { politeUserAgent } from '@sciai/core/sources';
import type { Backend } from '../backend.ts';
import { readAuthEnvironment } from '../auth/context.ts';
import { authMailLanguage, requestLanguage } from '../auth/mail-language.ts';
import { createMailer } from '../auth/mailer.ts';
import { clientKey } from '../auth/rate-limits.ts';
import { siteUrl } from '../auth/redirects.ts';
import { inLanguage } from '../i18n/server-i18n.ts';
import { createGuardedFetch, trustOrigins } from '../outbound/guarded-fetch.ts';
import { apiKeyGuard } from '../security/api-key-guard.ts';
import { sendTooManyRequests } from '../security/api-rate-limit.ts';
import { createClaimCallerResolver } from './claim-caller.ts';
import { claimCodeMail } from './claim-code-mail.ts';
import { claimRefusalOf } from './claim-errors.ts';
import { emailDomainRefusal, websiteDomainOf } from './email-domain.ts';
import { checkGithubRepository } from './github-proof.ts';
import { githubTokenForUser } from './github-token.ts';

export const CLAIMS_PREFIX = '/claims/v1';
/** A claim request is a few dozen bytes. */
const MAX_BODY_BYTES = 4 * 1024;
/** Per client address and minute: GitHub checks and codes cost outside calls and mail. */
const PER_MINUTE = { github: 10, code: 5, verify: 10 } as const;

interface ClaimTarget {
  content_id: string;
  content_type: ContentType;
  slug: string;
  title: string;
  url: string | null;
  github_url: string | null;
  maintained: boolean;
}

/**
 * /claims/v1: the proofs of a claim that need a secret or an outside call (docs/product.md#claims).
 * POST github checks the user's GitHub permission on the item's repository with their token;
 * POST email/code mails a one-time code to an address at the website's registrable domain;
 * POST email/verify checks it. Each wants the project's API key and a signed-in user, takes at
 * most MAX_BODY_BYTES and PER_MINUTE per client address; the database records a proven claim
 * (record_proven_claim, verify_email_claim) and counts codes and wrong guesses.
 */
export function registerClaimsApi(
  app: FastifyInstance,
  backend: Backend,
  options: { githubApiUrl: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): void {
  const pool = backend.db.pool;
  const environment = readAuthEnvironment(env);
  const mailer = createMailer(environment, backend.dataDir);
  const githubBaseUrl = (options.githubApiUrl?.trim() || 'https://api.github.com').replace(/\/+$/, '');
  const githubFetch = createGuardedFetch({ trusts: trustOrigins([githubBaseUrl]) });
  const userAgent = politeUserAgent(environment.publicUrl);
  const caller = createClaimCallerResolver(pool, backend.secrets.jwtSecret);
  app.addHook('onClose', async () => {
    mailer.close();
    await githubFetch.close();
  });

  const limited = (name: keyof typeof PER_MINUTE) => {
    const limit = app.createRateLimit({
      max: PER_MINUTE[name],
      timeWindow: 60_000,
      keyGenerator: (request) => `claims-${name}:${clientKey(request.ip)}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const state = await limit(request);
      if (!state.isAllowed && state.isExceeded)
        return sendTooManyRequests(request, reply, Math.max(1, state.ttlInSeconds), PER_MINUTE[name]);
    };
  };
  const guard = apiKeyGuard([backend.secrets.anonKey]);

  /** Validates the body, finds the caller and the item, then runs `proof`; refusals as 4xx JSON. */
  const route = <S extends z.ZodType>(
    name: keyof typeof PER_MINUTE,
    path: string,
    schema: S,
    proof: (input: z.infer<S>, userId: string, target: ClaimTarget, request: FastifyRequest) => Promise<unknown>,
  ) => {
    app.post(`${CLAIMS_PREFIX}/${path}`, {
      bodyLimit: MAX_BODY_BYTES,
      onRequest: limited(name),
      preHandler: guard,
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const parsed = schema.safeParse(request.body);
        if (!parsed.success)
          return reply.code(400).send({ message: parsed.error.issues[0]?.message ?? 'Not a claim request.' });
        const who = await caller(request);
        if (!who.ok) return reply.code(who.status).send({ message: who.message });
        const { rows } = await pool.query<ClaimTarget>('select * from public.claim_target($1)', [
          (parsed.data as { content_id: string }).content_id,
        ]);
        const target = rows[0];
        if (!target) return reply.code(404).send({ message: 'Item not found.' });
        if (target.maintained) return reply.code(409).send({ message: 'This item already has a maintainer.' });
        try {
          const answer = await proof(parsed.data, who.userId, target, request);
          if (answer instanceof Refusal) return reply.code(answer.status).send({ message: answer.message });
          return answer;
        } catch (error) {
          const refusal = claimRefusalOf(error);
          if (refusal) return reply.code(refusal.status).send({ message: refusal.message });
          throw error;
        }
      },
    });
  };

  route('github', 'github', GithubClaimRequestSchema, async (_input, userId, target) => {
    if (!target.github_url) return new Refusal(422, 'This item has no GitHub repository to prove.');
    const token = await githubTokenForUser(pool, userId);
    if (!token) return new Refusal(409, 'Connect GitHub first: sign in with GitHub, then claim the item again.');
    const checked = await checkGithubRepository({
      fetch: githubFetch,
      baseUrl: githubBaseUrl,
      token,
      repositoryUrl: target.github_url,
      userAgent,
    });
    if (!checked.ok) return new Refusal(checked.status, checked.message);
    const { rows } = await pool.query<{ claim: unknown }>(
      `select public.record_proven_claim($1, $2, 'github', $3::jsonb) as claim`,
      [userId, target.content_id, JSON.stringify(checked.proof)],
    );
    return rows[0]?.claim;
  });

  route('code', 'email/code', EmailCodeRequestSchema, async (input, userId, target, request) => {
    const website = websiteDomainOf(target.url);
    if (!website.ok) return new Refusal(422, website.message);
    const email = input.email.toLowerCase();
    const refusal = emailDomainRefusal(email, website.domain);
    if (refusal) return new Refusal(422, refusal);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const { rows } = await pool.query<{ started: { expires_at: string } }>(
      'select public.start_email_claim($1, $2, $3, $4) as started',
      [userId, target.content_id, email, code],
    );
    const site = siteUrl(request, environment.publicUrl);
    // The claimant reads the code where they asked for it: in that page's language.
    const locale = await authMailLanguage(pool, {
      asked: requestLanguage(request),
      userId,
      reader: 'requester',
    });
    try {
      const itemUrl = `${site}${localizedPath(locale, itemPath(target.content_type, target.slug))}`;
      await mailer.send(inLanguage(locale, () => claimCodeMail({ to: email, code, title: target.title, itemUrl })));
    } catch (error) {
      request.log.error({ err: error }, 'sending a claim code failed');
      return new Refusal(502, 'The code could not be sent. Please try again in a few minutes.');
    }
    return { sent: true, email, expires_at: rows[0]?.started.expires_at };
  });

  route('verify', 'email/verify', EmailVerifyRequestSchema, async (input, userId, target) => {
    const { rows } = await pool.query<{
      checked: { ok: boolean; reason?: string; attempts_left?: number; claim?: unknown };
    }>('select public.verify_email_claim($1, $2, $3) as checked', [userId, target.content_id, input.code]);
    const checked = rows[0]?.checked;
    if (checked?.ok) return checked.claim;
    if (checked?.reason === 'wrong_code')
      return new Refusal(
        422,
        `That code is not right: ${checked.attempts_left ?? 0} ${checked.attempts_left === 1 ? 'try' : 'tries'} left.`,
      );
    if (checked?.reason === 'too_many_attempts') return new Refusal(429, 'Too many wrong codes: ask for a new code.');
    return new Refusal(410, 'This code has expired or was replaced: ask for a new code.');
  });
}

/** A proof that did not hold, answered with its status and a sentence for the user. */
class Refusal {
  readonly status: number;
  readonly message: string;
  constructor(status: number, message: string) {
    this.status = status;
    this.message = message;
  }
}
