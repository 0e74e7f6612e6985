import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Backend } from '../backend.ts';
import { registerDataApi } from './data-api.ts';
import { registerAuthApi } from './auth-api.ts';
import { registerHealth } from './health.ts';
import { registerOperationsApi } from './operations-api.ts';
import { registerWebApp } from './web-app.ts';
import { registerViewCounting } from './seo/view-counting.ts';
import { contentSecurityPolicy, PERMISSIONS_POLICY } from './security-headers.ts';

export interface GatewayOptions {
  /** The embedded backend; absent when a hosted Supabase project serves the APIs. */
  backend: Backend | undefined;
  /** What the browser is told to talk to. */
  publicSupabase: { url: string | undefined; anonKey: string };
  webDist: string;
  logLevel: string;
}

/**
 * One HTTP front for everything, as Supabase's API gateway is: /rest/v1 → PostgREST,
 * /auth/v1 → the auth service, /healthz, and the web app with per-route 404s.
 */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel },
    trustProxy: 'loopback',
    bodyLimit: 16 * 1024 * 1024,
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.publicSupabase.url) },
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over HTTPS; see the hook below.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false });

  registerHealth(app, options.backend);
  if (options.backend) {
    registerViewCounting(app, options.backend.secrets.jwtSecret);
    await registerDataApi(app, options.backend);
    await registerAuthApi(app, options.backend);
    registerOperationsApi(app, options.backend);
  }
  await registerWebApp(app, options);
  return app;
}
