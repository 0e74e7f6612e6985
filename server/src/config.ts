import { resolve } from 'node:path';

/** Where the backend lives: the embedded one (PGlite or a PostgreSQL URL) or a hosted project. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** A real PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** A hosted Supabase project: no local database starts. */
  hosted: { url: string; anonKey: string } | undefined;
  webDist: string;
  logLevel: string;
}

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  const hostedUrl = env.SUPABASE_URL?.trim();
  const hostedAnonKey = env.SUPABASE_ANON_KEY?.trim();
  if (hostedUrl && !hostedAnonKey) throw new Error('SUPABASE_URL is set but SUPABASE_ANON_KEY is not');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? resolve(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    hosted: hostedUrl && hostedAnonKey ? { url: hostedUrl.replace(/\/+$/, ''), anonKey: hostedAnonKey } : undefined,
    webDist: resolve(env.WEB_DIST ?? resolve(REPO_ROOT, 'web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
