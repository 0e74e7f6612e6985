import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordActivity } from '../activity.ts';
import type { AuthContext } from '../context.ts';
import { inTransaction } from '../db.ts';
import { AuthError, badRequest, validationFailed } from '../errors.ts';
import { siteUrl, withFragment } from '../redirects.ts';
import { clientInfo, queryString } from '../request.ts';
import { startSession } from '../sessions.ts';
import { readAuthSettings } from '../site-settings.ts';
import { findUserById } from '../users.ts';
import { accountForSignIn, linkIdentity } from './account-linking.ts';
import { forgetFlowBrowser, isFlowBrowser } from './browser-binding.ts';
import { claimFlowState, deleteFlowState, findFlowState, issueAuthCode, type FlowStateRow } from './flow-state.ts';
import { ProviderFailure } from './provider-http.ts';
import { oauthProvider, type ProviderAccount } from './providers.ts';

/** The provider's own refusal (error=access_denied when consent is denied): passed on as it came. */
class ProviderRefusal extends Error {
  readonly error: string;
  readonly description: string;
  constructor(error: string, description: string) {
    super(`${error}: ${description}`);
    this.error = error;
    this.description = description;
  }
}

const PROVIDER_LABELS = { github: 'GitHub', orcid: 'ORCID' } as const;

/**
 * GET /callback, GoTrue's ExternalProviderCallback: the provider sends the browser back with
 * `code` and `state`. The flow named by `state` is taken once, by the browser that started it
 * (browser-binding.ts); the code is exchanged; the account
 * is found, joined or made; then the browser goes to the flow's redirect_to with `?code=` (PKCE)
 * or the session in the fragment (implicit). Every refusal goes there too (before the flow is
 * known: the site root), as GoTrue's redirectErrors: error, error_code and error_description in
 * the query and the fragment.
 */
export async function completeOAuthCallback(
  context: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string> {
  let target = `${siteUrl(request, context.publicUrl)}/`;
  try {
    const flow = await takeFlow(context, request);
    target = flow.referrer;
    forgetFlowBrowser(reply, flow);
    const providerError = queryString(request, 'error');
    if (providerError) throw new ProviderRefusal(providerError, queryString(request, 'error_description') ?? '');
    const code = queryString(request, 'code');
    if (!code) throw badRequest('bad_oauth_callback', 'OAuth callback with missing authorization code missing');
    return await finishFlow(context, request, flow, await fetchAccount(context, flow, code));
  } catch (error) {
    return errorRedirect(context, target, error);
  }
}

async function takeFlow(context: AuthContext, request: FastifyRequest): Promise<FlowStateRow> {
  const state = queryString(request, 'state');
  if (!state) throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
  const flow = await findFlowState(context.pool, state);
  if (!flow) throw badRequest('bad_oauth_state', 'OAuth state not found or expired');
  if (!flow.live) throw badRequest('bad_oauth_state', 'OAuth state has expired');
  const alreadyUsed = () => badRequest('flow_state_already_used', 'State has already been used');
  if (flow.used) throw alreadyUsed();
  // Checked before the flow is taken: someone else's link spends nothing of the real browser's flow.
  if (!isFlowBrowser(request, flow)) {
    throw badRequest('bad_oauth_state', 'This sign-in was started in another browser. Please start it again.');
  }
  if (!(await claimFlowState(context.pool, flow.id))) throw alreadyUsed();
  return flow;
}

async function fetchAccount(context: AuthContext, flow: FlowStateRow, code: string): Promise<ProviderAccount> {
  const provider = oauthProvider(context.oauth, flow.provider_type);
  if (!provider) throw validationFailed('Unsupported provider: provider is not enabled');
  try {
    return await provider.fetchAccount(code, flow.callback_url);
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
    context.log.warn({ provider: flow.provider_type, reason: error.message }, 'oauth provider failed');
    const label = PROVIDER_LABELS[flow.provider_type];
    throw new AuthError(500, 'unexpected_failure', `${label} did not answer as expected. Please try again.`);
  }
}

async function finishFlow(
  context: AuthContext,
  request: FastifyRequest,
  flow: FlowStateRow,
  account: ProviderAccount,
): Promise<string> {
  const from = clientInfo(request);
  const settings = await readAuthSettings(context.pool);
  const outcome = await inTransaction(context.pool, async (client) => {
    const user = flow.linking_target_id
      ? await linkIdentity(client, flow.linking_target_id, flow.provider_type, account)
      : await accountForSignIn(client, flow.provider_type, account, settings);
    if (flow.code_challenge) {
      const code = await issueAuthCode(client, flow.id, user.id);
      const url = new URL(flow.referrer);
      url.searchParams.set('code', code);
      return { user, target: url.href };
    }
    const current = await findUserById(client, user.id);
    if (!current) throw new Error('the account disappeared during sign-in');
    const session = await startSession(context, client, current, 'oauth', from);
    await deleteFlowState(client, flow.id);
    const target = withFragment(flow.referrer, {
      access_token: session.access_token,
      expires_at: session.expires_at,
      expires_in: session.expires_in,
      refresh_token: session.refresh_token,
      token_type: session.token_type,
    });
    return { user: current, target };
  });
  // The provider's token stays on the server (auth.provider_tokens): it is not in the redirect.
  await recordActivity(context, { type: 'sign_in', userId: outcome.user.id, email: outcome.user.email }, from);
  return outcome.target;
}

/** OAuth's error names for GoTrue's statuses (api/errors.go oauthErrorMap). */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};
/** Refusals GoTrue reports as access_denied whatever their status. */
const DENIED = new Set(['signup_disabled', 'user_banned', 'provider_email_needs_verification']);
/** What a provider may put in its error parameters is echoed, never more than this. */
const MAX_ECHO = 300;

function errorRedirect(context: AuthContext, target: string, error: unknown): string {
  const fields = new URLSearchParams();
  if (error instanceof ProviderRefusal) {
    fields.set('error', error.error.slice(0, MAX_ECHO));
    fields.set('error_description', error.description.slice(0, MAX_ECHO));
  } else if (error instanceof AuthError) {
    fields.set('error', DENIED.has(error.code) ? 'access_denied' : (OAUTH_ERRORS[error.status] ?? 'server_error'));
    fields.set('error_code', error.code);
    fields.set('error_description', error.message);
  } else {
    context.log.error({ err: error }, 'oauth callback failed');
    fields.set('error', 'server_error');
    fields.set('error_code', 'unexpected_failure');
    fields.set('error_description', 'Unexpected failure, please check server logs for more information');
  }
  const url = new URL(target);
  for (const [key, value] of fields) url.searchParams.set(key, value);
  fields.set('sb', '');
  url.hash = fields.toString();
  return url.href;
}
