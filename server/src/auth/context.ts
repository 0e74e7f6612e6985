import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Mailer } from './mail-message.ts';
import type { OAuthSettings } from './oauth/provider-config.ts';
import type { RateLimits } from './rate-limits.ts';
import type { AccessTokens } from './tokens.ts';

/** Everything a route of the auth service needs, built once by registerAuthApi. */
export interface AuthContext {
  pool: pg.Pool;
  tokens: AccessTokens;
  mailer: Mailer;
  limits: RateLimits;
  /** The site's public address (PUBLIC_URL, no trailing slash), when set; otherwise each request's origin. */
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
  /** bcrypt's cost for new password and backup-code hashes (ServerConfig.passwordHashCost). */
  passwordHashCost: number;
  /** The outside sign-in providers that are configured (GitHub, ORCID), and how long they may take. */
  oauth: OAuthSettings;
}

export interface AuthEnvironment {
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
}

export const DEFAULT_MAIL_FROM = 'SciAI <no-reply@sciai.local>';

/** PUBLIC_URL, SMTP_URL and MAIL_FROM, checked once at start so a typo fails loudly. */
export function readAuthEnvironment(env: NodeJS.ProcessEnv): AuthEnvironment {
  const publicUrl = env.PUBLIC_URL?.trim();
  let base: string | undefined;
  if (publicUrl) {
    let parsed: URL;
    try {
      parsed = new URL(publicUrl);
    } catch {
      throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${publicUrl}"`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new Error(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
    }
    // A path is kept: behind a proxy the site may live under one (https://example.org/sciai).
    base = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  }
  return {
    publicUrl: base,
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
  };
}
