import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context.ts';
import { readAuthSettings } from '../site-settings.ts';

/** GET /health and GET /.well-known/jwks.json: asked for without an API key. */
export function registerOpenMetaRoutes(app: FastifyInstance): void {
  app.get('/health', async () => ({
    version: 'sciai',
    name: 'SciAI Auth',
    description: 'GoTrue-compatible auth service of the embedded Supabase',
  }));
  // Access tokens are HS256 with a shared secret, which is never published (as on Supabase with a
  // symmetric secret); supabase-js then checks tokens by asking GET /user.
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return { keys: [] };
  });
}

/** GET /settings: what the client may offer, from the site settings. */
export function registerSettingsRoute(app: FastifyInstance, context: AuthContext): void {
  app.get('/settings', async () => {
    const settings = await readAuthSettings(context.pool);
    return {
      // GoTrue's map of sign-in methods; the app shows a provider's button only when it is true.
      external: {
        email: true,
        phone: false,
        anonymous_users: false,
        github: context.oauth.github !== undefined,
        orcid: context.oauth.orcid !== undefined,
      },
      disable_signup: !settings.registrationOpen,
      mailer_autoconfirm: !settings.requireEmailVerification,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    };
  });
}
