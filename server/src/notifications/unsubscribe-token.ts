import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_EMAIL_CATEGORIES, type NotificationEmailCategory } from '@sciai/core';

/**
 * The one-click unsubscribe links of notification mails (docs/product.md#notification-email):
 * a token naming the user, the e-mail category and when it was issued, signed with a key derived
 * from the server's JWT secret (so no table of tokens, and nothing to guess). A forged or altered
 * token fails the signature; a replayed one only turns off again what is already off.
 */
export interface UnsubscribeClaim {
  userId: string;
  /** A category's mails, or a digest's: every category the user has delivered daily (or weekly). */
  scope: UnsubscribeScope;
  /** When the mail was written (seconds since the epoch). */
  issuedAt: number;
}

export type UnsubscribeScope = NotificationEmailCategory | 'daily' | 'weekly';
export const UNSUBSCRIBE_SCOPES: readonly UnsubscribeScope[] = [...NOTIFICATION_EMAIL_CATEGORIES, 'daily', 'weekly'];

/** How long a link keeps working: mail sits in inboxes, but not for ever. */
export const UNSUBSCRIBE_LINK_DAYS = 365;
/** No token is longer: anything longer is refused before any work. */
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signingKey(secret: string): Buffer {
  // its own key: a token can never pass for a JWT, nor a JWT's signature for a token's
  return createHmac('sha256', secret).update('sciai notification unsubscribe links v1').digest();
}

function signature(secret: string, body: string): Buffer {
  return createHmac('sha256', signingKey(secret)).update(body).digest();
}

export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const body = `${claim.userId}.${claim.scope}.${Math.floor(claim.issuedAt).toString(36)}`;
  return `${Buffer.from(body).toString('base64url')}.${signature(secret, body).toString('base64url')}`;
}

/** The claim of a genuine, unexpired token; undefined for anything else. */
export function verifyUnsubscribeToken(
  secret: string,
  token: unknown,
  nowSeconds = Date.now() / 1000,
): UnsubscribeClaim | undefined {
  if (typeof token !== 'string' || token.length > UNSUBSCRIBE_TOKEN_MAX_LENGTH) return undefined;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const body = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = signature(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [userId, scope, issued, ...rest] = body.split('.');
  if (rest.length > 0 || !userId || !UUID.test(userId) || !issued || !/^[0-9a-z]{1,10}$/.test(issued)) return undefined;
  const known = UNSUBSCRIBE_SCOPES.find((candidate) => candidate === scope);
  const issuedAt = parseInt(issued, 36);
  if (!known || issuedAt > nowSeconds + 300 || nowSeconds - issuedAt > UNSUBSCRIBE_LINK_DAYS * 86_400) return undefined;
  return { userId, scope: known, issuedAt };
}
