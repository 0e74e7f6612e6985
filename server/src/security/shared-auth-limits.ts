import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import { accountLimitKey, AUTH_RATE_LIMITS, clientKey, type LimitedAction } from '../auth/rate-limits.ts';
import { rateLimitReached, sendAuthError } from '../auth/errors.ts';
import { accountKey } from '../auth/request.ts';
import { createUserResolver } from './request-user.ts';

export interface LimitedAttempt {
  action: LimitedAction;
  /** The e-mail the request names (lower-cased), or the user for MFA and reauthentication; counted besides the address. */
  account: string | undefined;
}

const FACTOR_VERIFY = /^\/auth\/v1\/factors\/[^/]+\/verify$/;

/** Which auth limit a request falls under, as the auth routes themselves apply them. */
export function limitedAttemptOf(method: string, url: string, body: unknown): LimitedAttempt | undefined {
  const [path = '', search = ''] = url.split('?');
  const email = typeof body === 'object' && body !== null && 'email' in body ? accountKey(body.email) : undefined;
  if (method === 'GET' && path === '/auth/v1/verify') return { action: 'verify', account: undefined };
  // mails a code to the signed-in user: counted per user (from the token) and per address
  if (method === 'GET' && path === '/auth/v1/reauthenticate') return { action: 'reauthenticate', account: undefined };
  if (method !== 'POST') return undefined;
  if (path === '/auth/v1/token') {
    const grant = new URLSearchParams(search).get('grant_type');
    if (grant === 'password') return { action: 'sign_in', account: email };
    if (grant === 'refresh_token') return { action: 'refresh', account: undefined };
    return undefined;
  }
  if (path === '/auth/v1/signup') return { action: 'sign_up', account: email };
  if (path === '/auth/v1/recover') return { action: 'recover', account: email };
  if (path === '/auth/v1/otp') return { action: 'otp', account: email };
  if (path === '/auth/v1/resend') return { action: 'resend', account: email };
  if (path === '/auth/v1/verify') return { action: 'verify', account: email };
  if (FACTOR_VERIFY.test(path)) return { action: 'mfa_verify', account: undefined };
  return undefined;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * The auth service's limits (5 sign-ins a minute per address and per e-mail, 30 sign-ups per
 * address and 5 per e-mail, …) counted in the
 * shared Redis as well, so that several gateways allow 5 together and not 5 each. The auth
 * service keeps its own in-process counters (server/src/auth/rate-limits.ts); this hook runs
 * before its routes, with the same limits and windows and GoTrue's 429. Redis counts in fixed
 * windows and counts refused attempts too: a client that keeps trying waits out the window.
 */
export function sharedAuthLimitHook(app: FastifyInstance, jwtSecret: string) {
  const resolveUser = createUserResolver(jwtSecret);
  const limiters = new Map<string, Limiter>();
  const limiterFor = (
    action: LimitedAction,
    kind: 'ip' | 'account',
    key: (request: FastifyRequest) => string,
  ): Limiter => {
    const name = `${action}:${kind}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      const limit = AUTH_RATE_LIMITS[action];
      limiter = app.createRateLimit({
        max: kind === 'ip' ? limit.perAddress : limit.perAccount,
        timeWindow: limit.windowMs,
        keyGenerator: (request) => `auth:${name}:${key(request)}`,
      });
      limiters.set(name, limiter);
    }
    return limiter;
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const attempt = limitedAttemptOf(request.method, request.url, request.body);
    if (!attempt) return;
    const byUser = attempt.action === 'mfa_verify' || attempt.action === 'reauthenticate';
    const account = byUser ? (await resolveUser(request)).userId : attempt.account;
    const checks = [limiterFor(attempt.action, 'ip', (r) => clientKey(r.ip))(request)];
    if (account) {
      const key = accountLimitKey(attempt.action, account, request.ip);
      checks.push(limiterFor(attempt.action, 'account', () => key)(request));
    }
    // the longest wait of the counts that are full: trying sooner would be refused again
    let retryAfterSeconds = 0;
    for (const state of await Promise.all(checks)) {
      if (!state.isAllowed && state.isExceeded) retryAfterSeconds = Math.max(retryAfterSeconds, state.ttlInSeconds, 1);
    }
    if (retryAfterSeconds > 0) return sendAuthError(request, reply, rateLimitReached(retryAfterSeconds));
  };
}
