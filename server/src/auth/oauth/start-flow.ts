import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../context.ts';
import { validationFailed } from '../errors.ts';
import { safeRedirect, siteUrl } from '../redirects.ts';
import { queryString } from '../request.ts';
import { bindFlowToBrowser } from './browser-binding.ts';
import { createFlowState, FLOW_STATE_TTL_SECONDS } from './flow-state.ts';
import { OAUTH_PROVIDER_NAMES } from './provider-config.ts';
import { oauthProvider, type OAuthProvider } from './providers.ts';

/** GoTrue's PKCE limits (RFC 7636 section 4.2). */
const CODE_CHALLENGE = /^[a-zA-Z0-9._~-]{43,128}$/;

/**
 * GoTrue's GetExternalProviderRedirectURL: checks the provider and the PKCE parameters, keeps the
 * flow (its id is the `state`), and returns the provider's consent URL. `linkingTargetId` is the
 * signed-in account for linkIdentity.
 */
export async function startOAuthFlow(
  context: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  linkingTargetId: string | undefined,
): Promise<string> {
  const provider = enabledProvider(context, queryString(request, 'provider'));
  const codeChallenge = queryString(request, 'code_challenge');
  const method = queryString(request, 'code_challenge_method')?.toLowerCase();
  if ((codeChallenge === undefined) !== (method === undefined)) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (codeChallenge !== undefined && !CODE_CHALLENGE.test(codeChallenge)) {
    throw validationFailed(
      'code challenge has to be between 43 and 128 characters of letters, digits, hyphens, periods, underscores and tildes',
    );
  }
  if (method !== undefined && method !== 's256' && method !== 'plain') {
    throw validationFailed('Invalid code_challenge_method');
  }
  const site = siteUrl(request, context.publicUrl);
  const flow = await createFlowState(context.pool, {
    provider: provider.name,
    codeChallenge,
    codeChallengeMethod: method,
    referrer: safeRedirect(queryString(request, 'redirect_to'), site),
    callbackUrl: `${site}/auth/v1/callback`,
    linkingTargetId,
  });
  bindFlowToBrowser(reply, flow, FLOW_STATE_TTL_SECONDS);
  return provider.authorizeUrl(flow.id, flow.callback_url);
}

/** The provider named, when it is one this service knows and the operator configured. */
export function enabledProvider(context: AuthContext, name: string | undefined): OAuthProvider {
  const lower = (name ?? '').toLowerCase();
  // `custom:orcid` is the name a hosted Supabase project gives ORCID as a custom OIDC provider (and
  // the one supabase-js's types accept): the app asks for it by that name on either backend.
  const canonical = lower === 'custom:orcid' ? 'orcid' : lower;
  const known = OAUTH_PROVIDER_NAMES.find((candidate) => candidate === canonical);
  if (!known) {
    const shown = lower.length > 64 ? `${lower.slice(0, 64)}…` : lower;
    throw validationFailed(`Unsupported provider: Provider ${shown} could not be found`);
  }
  const provider = oauthProvider(context.oauth, known);
  if (!provider) throw validationFailed('Unsupported provider: provider is not enabled');
  return provider;
}
