import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Agent, fetch as undiciFetch } from 'undici';
import type { Database } from '@sciai/core';
import type { ServerConfig } from '@sciai/server';
import { CliError } from './errors.ts';

/**
 * Which backend a command works on:
 * - `hosted`: SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY name a hosted Supabase project;
 * - `running-server`: a SciAI server (`npm start`) holds DATA_DIR and advertised its URL, so we
 *   talk to it (PGlite files belong to one process);
 * - `in-process`: nobody holds DATA_DIR (or DATABASE_URL names a PostgreSQL), so the command
 *   starts the embedded backend itself and stops it afterwards.
 *
 * The server package (PGlite, PostgREST, Fastify) is imported only when a command needs it, so
 * `--help` and argument errors stay instant.
 */
export type TargetPlan =
  | { kind: 'hosted'; url: string; anonKey: string | undefined; serviceRoleKey: string }
  | { kind: 'running-server'; url: string; pid: number; config: ServerConfig }
  | { kind: 'in-process'; config: ServerConfig };

export interface Target {
  kind: TargetPlan['kind'];
  /** Base URL of the Supabase-compatible API (`/rest/v1`, `/auth/v1`). */
  url: string;
  /** Unset only for a hosted project without SUPABASE_ANON_KEY. */
  anonKey: string | undefined;
  serviceRoleKey: string;
  /** supabase-js with the service-role key: bypasses row-level security. */
  client: SupabaseClient<Database>;
  /** Migrations applied because this command started the backend (in-process only). */
  appliedMigrations: string[];
  /** One line for the user: where the data goes. */
  description: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Load the catalog when an in-process start finds the catalog empty (default false). */
  seedSampleCatalog?: boolean;
}

export async function planTarget(env: NodeJS.ProcessEnv): Promise<TargetPlan> {
  const hostedUrl = env.SUPABASE_URL?.trim().replace(/\/+$/, '');
  if (hostedUrl) {
    const serviceRoleKey = env.SUPABASE_SERVICE_ROLE_KEY?.trim();
    if (!serviceRoleKey) {
      // Never fall back to the local database when the user plainly meant the hosted one.
      throw new CliError(
        "SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is not. Set the project's service-role key " +
          '(Supabase dashboard → Project Settings → API), or unset SUPABASE_URL to use the local backend.',
      );
    }
    return { kind: 'hosted', url: hostedUrl, anonKey: env.SUPABASE_ANON_KEY?.trim() || undefined, serviceRoleKey };
  }
  const { loadConfig, readLockOwner } = await import('@sciai/server');
  let config: ServerConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    throw new CliError(errorMessage(error));
  }
  if (!config.databaseUrl) {
    const owner = readLockOwner(config.dataDir);
    if (owner?.url) return { kind: 'running-server', url: owner.url, pid: owner.pid, config };
  }
  return { kind: 'in-process', config };
}

export async function connectTarget(plan: TargetPlan, options: ConnectOptions = {}): Promise<Target> {
  switch (plan.kind) {
    case 'hosted':
      return withClient({
        kind: 'hosted',
        url: plan.url,
        anonKey: plan.anonKey,
        serviceRoleKey: plan.serviceRoleKey,
        appliedMigrations: [],
        description: `the hosted Supabase project at ${plan.url}`,
        close: async () => {},
      });
    case 'running-server': {
      const { loadOrCreateSecrets } = await import('@sciai/server');
      const secrets = await loadOrCreateSecrets(plan.config.dataDir);
      return withClient({
        kind: 'running-server',
        url: plan.url,
        anonKey: secrets.anonKey,
        serviceRoleKey: secrets.serviceRoleKey,
        appliedMigrations: [],
        description: `the SciAI server at ${plan.url} (pid ${plan.pid})`,
        close: async () => {},
      });
    }
    case 'in-process':
      return startInProcess(plan.config, options);
  }
}

/** planTarget + connectTarget. */
export async function resolveTarget(env: NodeJS.ProcessEnv, options: ConnectOptions = {}): Promise<Target> {
  return connectTarget(await planTarget(env), options);
}

async function startInProcess(config: ServerConfig, options: ConnectOptions): Promise<Target> {
  const { startBackend, buildGateway } = await import('@sciai/server');
  const backend = await startBackend(config, {
    seedSampleCatalog: options.seedSampleCatalog ?? false,
    backgroundJobs: false,
  });
  let gateway: Awaited<ReturnType<typeof buildGateway>> | undefined;
  try {
    gateway = await buildGateway({
      backend,
      publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
      webDist: config.webDist,
      logLevel: 'silent',
      sendOutboxMail: false,
      passwordHashCost: config.passwordHashCost,
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await gateway?.close().catch(() => {});
    await backend.stop();
    throw error;
  }
  const address = gateway.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const openGateway = gateway;

  // Ctrl-C mid-command: stop PostgREST and close the database properly, then leave. A second
  // Ctrl-C leaves at once.
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // This gateway serves only this command, so drop its keep-alive connections instead of
      // waiting out their timeout (Fastify's close would otherwise wait ~72 s after an abort).
      const gatewayClosed = openGateway.close();
      openGateway.server.closeAllConnections();
      await gatewayClosed;
      await backend.stop();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    })();
    return closing;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    const exitCode = signal === 'SIGINT' ? 130 : 143;
    if (closing) process.exit(exitCode);
    process.stderr.write(`\nStopping the local backend (${signal})…\n`);
    void close().finally(() => process.exit(exitCode));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const where = config.databaseUrl
    ? `PostgreSQL at ${redactPassword(config.databaseUrl)}`
    : `PGlite in ${config.dataDir}`;
  return withClient({
    kind: 'in-process',
    url: `http://127.0.0.1:${port}`,
    anonKey: backend.secrets.anonKey,
    serviceRoleKey: backend.secrets.serviceRoleKey,
    appliedMigrations: backend.appliedMigrations,
    description: `the local database (${where}), started for this command`,
    close,
  });
}

/**
 * The CLI's requests wait as long as the gateway lets them run (an import's commit, 30 minutes),
 * not the standard fetch's 5 minutes for the first byte of an answer: a large import's one
 * transaction on a busy machine can take longer than that, and the command then said "fetch
 * failed" about a commit that went on to succeed.
 */
const LONGEST_ANSWER_MS = 30 * 60_000;
const patientAgent = new Agent({ headersTimeout: LONGEST_ANSWER_MS, bodyTimeout: LONGEST_ANSWER_MS });
export const patientFetch: typeof fetch = (input, init) =>
  undiciFetch(input as Parameters<typeof undiciFetch>[0], {
    ...(init as Parameters<typeof undiciFetch>[1]),
    dispatcher: patientAgent,
  }) as unknown as Promise<Response>;

function withClient(target: Omit<Target, 'client'>): Target {
  const client = createClient<Database>(target.url, target.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: patientFetch },
  });
  return { ...target, client };
}

export function redactPassword(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
