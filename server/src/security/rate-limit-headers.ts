/**
 * The IETF RateLimit header fields, as draft-ietf-httpapi-ratelimit-headers-11 (May 2026) writes
 * them (the same syntax since draft 08): Structured Fields lists of one item each, named after the
 * policy. `RateLimit-Policy: "endpoint";q=100;w=60` says the quota (q requests per w seconds);
 * `RateLimit: "endpoint";r=57;t=30` says what is left of it (r) and the seconds until it is whole
 * again (t). "endpoint" is a visitor's count per address and endpoint, "token" a personal API
 * token's per token and endpoint (api-rate-limit.ts).
 */
export type RateLimitPolicyName = 'endpoint' | 'token';

export const RATE_LIMIT_WINDOW_SECONDS = 60;

export function rateLimitHeaders(
  policy: RateLimitPolicyName,
  quota: number,
  remaining: number,
  resetSeconds: number,
): { 'ratelimit-policy': string; ratelimit: string } {
  return {
    'ratelimit-policy': `"${policy}";q=${quota};w=${RATE_LIMIT_WINDOW_SECONDS}`,
    ratelimit: `"${policy}";r=${Math.max(0, remaining)};t=${Math.max(0, Math.ceil(resetSeconds))}`,
  };
}
