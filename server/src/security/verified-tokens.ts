import { jwtVerify, type JWTPayload } from 'jose';

/**
 * Verifies this project's HS256 tokens, remembering the ones that verified. Every Data API
 * request carries a token (a visitor's is the anon key itself, the same string each time) and the
 * gateway reads it twice per request (caller-role.ts, expired-token-guard.ts): through WebCrypto
 * each verification cost 0.2–0.4 ms of the main thread, a tenth of the gateway's work on a search
 * call. A signature check is a function of the token's bytes and the secret, so a token that
 * verified once verifies again; what changes with time is only whether it has expired or is not
 * yet valid, and that is checked on every use, as jose does (expired when exp <= now, no clock
 * tolerance). A token past its time is verified afresh, so the caller gets jose's own error. Only
 * tokens that verified are kept, at most `maxEntries` (the oldest go first): a forged or foreign
 * token costs a full verification each time, as before.
 */
export function createTokenVerifier(jwtSecret: string, maxEntries = 1_000): (token: string) => Promise<JWTPayload> {
  const key = new TextEncoder().encode(jwtSecret);
  const verified = new Map<string, JWTPayload>();
  return async (token) => {
    const known = verified.get(token);
    if (known !== undefined && isCurrent(known)) return known;
    verified.delete(token);
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (verified.size >= maxEntries) verified.delete(verified.keys().next().value!);
    verified.set(token, Object.freeze(payload));
    return payload;
  };
}

/** jose's time checks with no tolerance: exp <= now is expired, nbf > now is not yet valid. */
function isCurrent(payload: JWTPayload): boolean {
  const now = Math.floor(Date.now() / 1000);
  return (payload.exp === undefined || payload.exp > now) && (payload.nbf === undefined || payload.nbf <= now);
}
