import { createHash, randomBytes, randomInt } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { forbidden } from './errors.ts';

/** Access tokens live an hour, as GoTrue's default JWT_EXP. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export type Aal = 'aal1' | 'aal2';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** What goes into a user's access token: GoTrue's AccessTokenClaims. */
export interface AccessTokenSubject {
  userId: string;
  email: string;
  sessionId: string;
  aal: Aal;
  amr: AmrEntry[];
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
}

export interface AccessToken {
  token: string;
  expiresAt: number;
}

export interface VerifiedClaims {
  sub: string;
  sessionId: string | undefined;
  aal: Aal;
}

/** HS256 JWTs signed with the data directory's secret, which PostgREST verifies with the same secret. */
export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #issuer: string;

  constructor(jwtSecret: string, issuer: string) {
    this.#key = new TextEncoder().encode(jwtSecret);
    this.#issuer = issuer;
  }

  async sign(subject: AccessTokenSubject, now = Date.now()): Promise<AccessToken> {
    const issuedAt = Math.floor(now / 1000);
    const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
    const token = await new SignJWT({
      email: subject.email,
      phone: '',
      app_metadata: subject.appMetadata,
      user_metadata: subject.userMetadata,
      role: 'authenticated',
      aal: subject.aal,
      amr: subject.amr,
      session_id: subject.sessionId,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.#issuer)
      .setSubject(subject.userId)
      .setAudience('authenticated')
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.#key);
    return { token, expiresAt };
  }

  /**
   * The `role` claim of a token signed with this secret (the service-role key has no `sub`, so
   * verify() refuses it); undefined when the token does not verify.
   */
  async verifiedRole(token: string): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      return typeof payload.role === 'string' ? payload.role : undefined;
    } catch {
      return undefined;
    }
  }

  /** GoTrue's answers for a bad bearer token: 403 bad_jwt naming what is wrong. */
  async verify(token: string): Promise<VerifiedClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] }));
    } catch (error) {
      const reason =
        error instanceof joseErrors.JWTExpired
          ? 'token is expired'
          : error instanceof Error
            ? error.message
            : 'invalid token';
      throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
    if (typeof payload.sub !== 'string' || payload.sub === '')
      throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
    if (!isUuid(payload.sub)) throw forbidden('bad_jwt', 'invalid claim: sub claim must be a UUID');
    const sessionId =
      typeof payload.session_id === 'string' && isUuid(payload.session_id) ? payload.session_id : undefined;
    return { sub: payload.sub, sessionId, aal: payload.aal === 'aal2' ? 'aal2' : 'aal1' };
  }
}

/** A secret for a link or a refresh token: 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A six-digit code for an e-mail (for verifyOtp with the address and the code). */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
