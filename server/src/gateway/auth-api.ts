import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Backend } from '../backend.ts';
import type { AuthContext } from '../auth/context.ts';
import { readAuthEnvironment } from '../auth/context.ts';
import { AuthError, sendAuthError, wantsCurrentApiVersion, API_VERSION_HEADER } from '../auth/errors.ts';
import { createMailer } from '../auth/mailer.ts';
import { readOAuthSettings } from '../auth/oauth/provider-config.ts';
import { registerOAuthRoutes } from '../auth/routes/oauth.ts';
import { RateLimits } from '../auth/rate-limits.ts';
import { AccessTokens } from '../auth/tokens.ts';
import { registerDisabledFeatureRoutes } from '../auth/routes/disabled-features.ts';
import { registerFactorRoutes } from '../auth/routes/factors.ts';
import { registerLogoutRoute } from '../auth/routes/logout.ts';
import { registerOpenMetaRoutes, registerSettingsRoute } from '../auth/routes/meta.ts';
import { registerRecoverRoute } from '../auth/routes/recover.ts';
import { registerResendRoute } from '../auth/routes/resend.ts';
import { registerSignupRoute } from '../auth/routes/signup.ts';
import { registerTokenRoute } from '../auth/routes/token.ts';
import { registerUserRoutes } from '../auth/routes/user.ts';
import { registerVerifyLinkRoute, registerVerifyOtpRoute } from '../auth/routes/verify.ts';
import { registerReviewMail } from '../notifications/register-review-mail.ts';
import { apiKeyGuard } from '../security/api-key-guard.ts';
import { sharedAuthLimitHook } from '../security/shared-auth-limits.ts';

/**
 * /auth/v1: the GoTrue-compatible auth service (server/src/auth), so supabase-js's auth client
 * works unchanged against the embedded backend. Like Supabase's gateway, every endpoint wants
 * the project's API key except the ones a mail client, a browser or a key fetcher opens: GET /verify,
 * GET /authorize and /callback, /health and the JWKS.
 */
export async function registerAuthApi(
  app: FastifyInstance,
  backend: Backend,
  env: NodeJS.ProcessEnv = process.env,
  // With Redis, the auth limits are also counted there, across gateways (security/shared-auth-limits.ts).
  options: { sharedLimits?: boolean; sendOutboxMail?: boolean; outboxPollMs?: number; passwordHashCost: number },
): Promise<void> {
  const environment = readAuthEnvironment(env);
  const mailer = createMailer(environment, backend.dataDir);
  const context: AuthContext = {
    pool: backend.db.pool,
    tokens: new AccessTokens(
      backend.secrets.jwtSecret,
      environment.publicUrl ? `${environment.publicUrl}/auth/v1` : 'sciai',
    ),
    mailer,
    limits: new RateLimits(),
    publicUrl: environment.publicUrl,
    log: app.log.child({ service: 'auth' }),
    passwordHashCost: options.passwordHashCost,
    oauth: readOAuthSettings(env),
  };
  context.log.info(
    {
      mail: mailer.description,
      oauth_providers: (['github', 'orcid'] as const).filter((name) => context.oauth[name]).join(',') || 'none',
      public_url: environment.publicUrl ?? '(each request’s origin)',
    },
    'auth service ready',
  );
  app.addHook('onClose', async () => mailer.close());
  // Review-decision e-mails from the outbox, over the same transport settings.
  // A backend without background jobs (a one-shot CLI command) sends none.
  if ((options.sendOutboxMail ?? true) && backend.jobs) {
    registerReviewMail(
      app,
      backend.db.pool,
      backend.jobs,
      environment,
      backend.dataDir,
      backend.secrets.jwtSecret,
      options.outboxPollMs,
    );
  }

  await app.register(
    async (auth) => {
      acceptEmptyJsonBodies(auth);
      auth.setErrorHandler(handleAuthError);
      auth.setNotFoundHandler((request, reply) =>
        sendAuthError(
          request,
          reply,
          new AuthError(404, 'not_found', `No auth endpoint ${request.method} ${request.url.split('?')[0]}`),
        ),
      );
      // GoTrue echoes the API version it answered in, on every answer.
      auth.addHook('onSend', async (request, reply) => {
        if (wantsCurrentApiVersion(request)) reply.header(API_VERSION_HEADER, '2024-01-01');
      });

      // Here rather than in `keyed`: GET /verify is opened from mail, without the API key.
      if (options.sharedLimits) auth.addHook('preHandler', sharedAuthLimitHook(app, backend.secrets.jwtSecret));
      registerOpenMetaRoutes(auth);
      registerVerifyLinkRoute(auth, context);
      // Opened by the browser itself (signInWithOAuth, the provider's redirect): no API key, as on Supabase.
      registerOAuthRoutes(auth, context);

      await auth.register(async (keyed) => {
        keyed.addHook('preHandler', apiKeyGuard([backend.secrets.anonKey, backend.secrets.serviceRoleKey]));
        registerSettingsRoute(keyed, context);
        registerSignupRoute(keyed, context);
        registerTokenRoute(keyed, context);
        registerUserRoutes(keyed, context);
        registerLogoutRoute(keyed, context);
        registerRecoverRoute(keyed, context);
        registerResendRoute(keyed, context);
        registerVerifyOtpRoute(keyed, context);
        registerFactorRoutes(keyed, context);
        registerDisabledFeatureRoutes(keyed, context);
      });
    },
    { prefix: '/auth/v1' },
  );
}

/**
 * supabase-js sends `Content-Type: application/json` with no body on logout and unenrol;
 * Fastify's own parser refuses that, GoTrue does not.
 */
function acceptEmptyJsonBodies(auth: FastifyInstance): void {
  auth.removeContentTypeParser('application/json');
  auth.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch (error) {
        done(
          new AuthError(
            400,
            'bad_json',
            `Could not parse request body as JSON: ${error instanceof Error ? error.message : 'invalid JSON'}`,
          ),
          undefined,
        );
      }
    },
  );
}

function handleAuthError(error: FastifyError | AuthError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AuthError) {
    if (error.status >= 500) request.log.error({ err: error }, 'auth request failed');
    return sendAuthError(request, reply, error);
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own refusals (unsupported media type, body too large): in GoTrue's shape.
    return sendAuthError(request, reply, new AuthError(error.statusCode, 'validation_failed', error.message));
  }
  request.log.error({ err: error }, 'auth request failed');
  return sendAuthError(
    request,
    reply,
    new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
  );
}
