import type { FastifyRequest } from 'fastify';

/** A personal API token the database found live, and the short-lived JWT its request goes on with. */
export interface ResolvedApiToken {
  tokenId: string;
  userId: string;
  /** The user's JWT (role authenticated, claim api_token_id), 60 s, never sent back to the client. */
  jwt: string;
}

const resolvedTokens = new WeakMap<FastifyRequest, ResolvedApiToken>();

/** Set by the gateway's token hook (gateway/api-tokens/) once the token is found live. */
export function setApiTokenOf(request: FastifyRequest, token: ResolvedApiToken): void {
  resolvedTokens.set(request, token);
}

/** The request's live personal API token, when it came with one (the rate limit and /mcp ask). */
export function apiTokenOf(request: FastifyRequest): ResolvedApiToken | undefined {
  return resolvedTokens.get(request);
}
