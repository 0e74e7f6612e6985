import type { FastifyReply, FastifyRequest } from 'fastify';

/** GoTrue's error codes that this service answers with (supabase/auth apierrors/errorcode.go). */
export type AuthErrorCode =
  | 'anonymous_provider_disabled'
  | 'bad_code_verifier'
  | 'bad_json'
  | 'bad_jwt'
  | 'bad_oauth_callback'
  | 'bad_oauth_state'
  | 'email_exists'
  | 'email_not_confirmed'
  | 'flow_state_already_used'
  | 'flow_state_expired'
  | 'flow_state_not_found'
  | 'identity_already_exists'
  | 'identity_not_found'
  | 'insufficient_aal'
  | 'invalid_credentials'
  | 'mfa_challenge_expired'
  | 'mfa_factor_name_conflict'
  | 'mfa_factor_not_found'
  | 'mfa_ip_address_mismatch'
  | 'mfa_verification_failed'
  | 'no_authorization'
  | 'not_admin'
  | 'not_found'
  | 'otp_expired'
  | 'over_request_rate_limit'
  | 'phone_provider_disabled'
  | 'provider_disabled'
  | 'provider_email_needs_verification'
  | 'reauthentication_needed'
  | 'reauthentication_not_valid'
  | 'refresh_token_already_used'
  | 'refresh_token_not_found'
  | 'saml_provider_disabled'
  | 'same_password'
  | 'session_expired'
  | 'session_not_found'
  | 'signup_disabled'
  | 'single_identity_not_deletable'
  | 'too_many_enrolled_mfa_factors'
  | 'unexpected_failure'
  | 'user_already_exists'
  | 'user_banned'
  | 'user_not_found'
  | 'validation_failed'
  | 'weak_password'
  | 'web3_provider_disabled';

/**
 * GoTrue's 429, with the wait in its message as well as in Retry-After: supabase-js hands an app
 * the message but not the headers, and a person needs to know when to try again.
 */
export function rateLimitReached(retryAfterSeconds: number): AuthError {
  return new AuthError(
    429,
    'over_request_rate_limit',
    `Request rate limit reached. Please try again in ${waitText(retryAfterSeconds)}.`,
    { retryAfterSeconds },
  );
}

/** "45 seconds", "1 minute", "3 minutes": whole minutes, rounded up, from a minute on. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** An error the client is meant to see, with GoTrue's status, code and message. */
export class AuthError extends Error {
  readonly status: number;
  readonly code: AuthErrorCode;
  /** Extra top-level fields of the body (e.g. `weak_password: { reasons }`). */
  readonly extra: Record<string, unknown>;
  /** For 429: when the client may try again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    code: AuthErrorCode,
    message: string,
    options: { extra?: Record<string, unknown>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
    this.extra = options.extra ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const badRequest = (code: AuthErrorCode, message: string) => new AuthError(400, code, message);
export const unauthorized = (code: AuthErrorCode, message: string) => new AuthError(401, code, message);
export const forbidden = (code: AuthErrorCode, message: string) => new AuthError(403, code, message);
export const notFound = (code: AuthErrorCode, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: AuthErrorCode, message: string) => new AuthError(422, code, message);
export const validationFailed = (message: string) => badRequest('validation_failed', message);

export const INVALID_LOGIN_MESSAGE = 'Invalid login credentials';

/** The header supabase-js sends (auth-js lib/constants.ts) and GoTrue echoes. */
export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024_01_01 = Date.parse('2024-01-01T00:00:00Z');

/**
 * Whether the client asked for the 2024-01-01 error format. GoTrue answers such clients
 * (supabase-js does ask) with `{ code: 'invalid_credentials', message }` and echoes the header;
 * older clients get `{ code: 400, error_code, msg }`. supabase-js reads either.
 */
export function wantsCurrentApiVersion(request: FastifyRequest): boolean {
  const header = request.headers[API_VERSION_HEADER];
  if (typeof header !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return false;
  const requested = Date.parse(`${header}T00:00:00Z`);
  return Number.isFinite(requested) && requested >= API_VERSION_2024_01_01;
}

export function sendAuthError(request: FastifyRequest, reply: FastifyReply, error: AuthError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  if (wantsCurrentApiVersion(request)) {
    reply.header(API_VERSION_HEADER, '2024-01-01');
    return reply.code(error.status).send({ code: error.code, message: error.message, ...error.extra });
  }
  return reply
    .code(error.status)
    .send({ code: error.status, error_code: error.code, msg: error.message, ...error.extra });
}
