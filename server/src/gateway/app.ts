import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { registerDataApi } from './data-api.ts';
import { registerAuthApi } from './auth-api.ts';
import { registerClaimsApi } from '../claims/register-claims-api.ts';
import { registerHealth } from './health.ts';
import { registerOperationsApi } from './operations-api.ts';
import { registerEmbeddedMcpEndpoint, registerHostedMcpEndpoint } from './mcp/mcp-endpoint.ts';
import { registerWebApp, type WebAppOptions } from './web-app.ts';
import { registerRequestLimits } from './request-limits/register-request-limits.ts';
import { registerViewCounting } from './seo/view-counting.ts';
import { registerOpenData } from './open-data/register-open-data.ts';
import { registerApiTokenRefusals, registerApiTokens } from './api-tokens/register-api-tokens.ts';
import { registerPublicApi } from './public-api/register-public-api.ts';
import { registerKnownHosts } from './known-hosts.ts';
import { registerUnsubscribe } from '../notifications/unsubscribe-route.ts';
import { GatewayLogController, requestSerializer } from './request-log.ts';
import { parsePublicUrl } from './seo/site-origin.ts';
import { contentSecurityPolicy, PERMISSIONS_POLICY } from './security-headers.ts';
import {
  parseDataApiTimeout,
  parseDumpChunkMs,
  parseOpenDataRefresh,
  parseOutboxPoll,
  parsePasswordHashCost,
  parseTrustProxy,
  type OpenDataRefresh,
  type TrustProxy,
} from '../config.ts';
import { registerApiRateLimit } from '../security/api-rate-limit.ts';
import { registerSecurityEventsEndpoint } from '../security/events-endpoint.ts';
import { connectRedis, createMonitoring } from '../security/gateway-security.ts';
import { registerResponseMonitor } from '../security/response-monitor.ts';

export interface GatewayOptions extends WebAppOptions {
  logLevel: string;
  /** Where the JSON log lines go; default: standard output. */
  logStream?: { write(line: string): void };
  /** Proxies trusted for X-Forwarded-For/-Proto; default: TRUST_PROXY from the environment. */
  trustProxy?: TrustProxy;
  /** Host names served besides the local ones when PUBLIC_URL is unset; default: ALLOWED_HOSTS. */
  allowedHosts?: string | undefined;
  /** Redis for rate-limit counters shared by gateways; default: REDIS_URL from the environment. */
  redisUrl?: string | undefined;
  /** How long a visitor's Data API request waits for PostgREST; default: DATA_API_TIMEOUT_SECONDS or 15 s. */
  dataApiTimeoutMs?: number;
  /**
   * How often the open-data files are checked against the catalog and the least time between two
   * makings; default: OPEN_DATA_CHECK_SECONDS and OPEN_DATA_MIN_GAP_SECONDS, or 15 s and 30 s.
   */
  openDataRefresh?: OpenDataRefresh;
  /**
   * Sends the review-decision mails waiting in the outbox (default true). Off for a gateway that
   * lives only for one CLI command: its address would end up in the mails' links.
   */
  sendOutboxMail?: boolean;
  /** How often the outbox is looked at for mails to send; default: OUTBOX_POLL_SECONDS or 2 s. */
  outboxPollMs?: number;
  /**
   * bcrypt's cost for new password and backup-code hashes (ServerConfig.passwordHashCost); default:
   * PASSWORD_HASH_COST, read here once, or 10.
   */
  passwordHashCost?: number;
  /**
   * The GitHub API the claims' repository proof asks; default: GITHUB_API_URL or
   * https://api.github.com.
   */
  claimsGithubApiUrl?: string;
  /** How long one read of a dump (/ops/v1/dump) may take; default: DUMP_CHUNK_MS or 50 ms. */
  dumpChunkMs?: number;
}

/**
 * One HTTP front for everything, as Supabase's API gateway is: /rest/v1 → PostgREST,
 * /auth/v1 → the auth service, /healthz, and the web app with per-route 404s.
 */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const trustProxy = options.trustProxy ?? parseTrustProxy(process.env.TRUST_PROXY);
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: {
      level: options.logLevel,
      serializers: { req: requestSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // One line per request; a client that leaves is not an error (request-log.ts).
    logController: new GatewayLogController(),
    // Without a trusted proxy, X-Forwarded-For is the client's own claim: ignored.
    trustProxy: fastifyTrustProxy(trustProxy),
    bodyLimit: 16 * 1024 * 1024,
    // The router answers 414 for a path parameter longer than this, before any route or hook
    // runs (its default, 100, is the longest slug: a detail address one character longer got a
    // bare 414 instead of the not-found page). A segment no slug can match is the web app's 404;
    // only one past 2 KiB is refused as too long to read.
    routerOptions: { maxParamLength: 2_048 },
  };
  const app = Fastify(serverOptions);

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.publicSupabase.url) },
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over HTTPS; see the hook below.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    // PostgREST names itself and its version in Server; a client needs neither.
    reply.removeHeader('server');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
  });
  await app.register(compress, { threshold: 1024 });
  // Before any limit or route: an unknown Host is refused at once.
  const publicUrl = parsePublicUrl(process.env.PUBLIC_URL);
  registerKnownHosts(app, {
    publicUrl,
    boundHost: process.env.HOST,
    allowedHosts: options.allowedHosts ?? process.env.ALLOWED_HOSTS,
  });
  const redisUrl = 'redisUrl' in options ? options.redisUrl : process.env.REDIS_URL?.trim() || undefined;
  await app.register(rateLimit, {
    global: false,
    nameSpace: 'sciai-rate-limit:',
    skipOnError: true,
    cache: 20_000,
    ...(redisUrl ? { redis: connectRedis(redisUrl, app) } : {}),
  });
  app.log.info(
    {
      trust_proxy: trustProxy === false ? 'none' : String(trustProxy),
      rate_limit_store: redisUrl ? 'redis' : 'memory',
    },
    'gateway security',
  );
  const monitoring = options.backend ? createMonitoring(app, options.backend) : undefined;
  // First: it notes each request's address on arrival, for the refusals of every later hook.
  if (monitoring) registerResponseMonitor(app, monitoring);
  // Personal API tokens are looked up before the rate limit, which counts them per token; a
  // refused token is counted per address like a visitor's request, and answered after the limit.
  if (options.backend)
    registerApiTokens(app, {
      pool: options.backend.db.pool,
      jwtSecret: options.backend.secrets.jwtSecret,
      anonKey: options.backend.secrets.anonKey,
    });
  const apiRateLimit = registerApiRateLimit(app, monitoring, options.backend?.secrets.serviceRoleKey);
  if (options.backend) registerApiTokenRefusals(app);
  const dataApiTimeoutMs = options.dataApiTimeoutMs ?? parseDataApiTimeout(process.env.DATA_API_TIMEOUT_SECONDS);
  // After the rate limit, before any route reads a body or proxies a query.
  if (options.backend) registerRequestLimits(app, options.backend.secrets.jwtSecret, dataApiTimeoutMs);
  const mcpLimits = { rateLimit: apiRateLimit, upstreamTimeoutMs: dataApiTimeoutMs };

  registerHealth(app, options.backend);
  if (options.backend) {
    registerViewCounting(app, options.backend.secrets.jwtSecret);
    await registerDataApi(app, options.backend);
    await registerAuthApi(app, options.backend, process.env, {
      sharedLimits: redisUrl !== undefined,
      sendOutboxMail: options.sendOutboxMail ?? true,
      outboxPollMs: options.outboxPollMs ?? parseOutboxPoll(process.env.OUTBOX_POLL_SECONDS),
      passwordHashCost: options.passwordHashCost ?? parsePasswordHashCost(process.env.PASSWORD_HASH_COST),
    });
    registerClaimsApi(app, options.backend, {
      githubApiUrl: options.claimsGithubApiUrl ?? process.env.GITHUB_API_URL,
    });
    registerUnsubscribe(app, { pool: options.backend.db.pool, jwtSecret: options.backend.secrets.jwtSecret });
    registerOperationsApi(app, options.backend, {
      chunkMs: options.dumpChunkMs ?? parseDumpChunkMs(process.env.DUMP_CHUNK_MS),
    });
    registerOpenData(app, options.backend, publicUrl, options.openDataRefresh ?? parseOpenDataRefresh(process.env));
    registerEmbeddedMcpEndpoint(app, options.backend, publicUrl, mcpLimits);
    if (monitoring) {
      const keys = [options.backend.secrets.anonKey, options.backend.secrets.serviceRoleKey];
      registerSecurityEventsEndpoint(app, monitoring, keys);
    }
  } else if (options.publicSupabase.url) {
    registerHostedMcpEndpoint(
      app,
      { url: options.publicSupabase.url, anonKey: options.publicSupabase.anonKey },
      publicUrl,
      mcpLimits,
    );
  }
  registerPublicApi(app, publicUrl);
  await registerWebApp(app, options);
  return app;
}

/** fastify's types leave out its hop-count form; the same rule as a function: the first n hops. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
