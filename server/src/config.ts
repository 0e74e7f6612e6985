import { resolve } from 'node:path';
import { OUTBOX_POLL_INTERVAL_MS } from './notifications/outbox-mailer.ts';
import { DEFAULT_NOTIFICATION_POLL_MS } from './notifications/notification-jobs.ts';
import { DEFAULT_NOTIFICATION_RETENTION_DAYS } from './retention/notification-retention.ts';
import { parseLogFormat, type LogFormat } from './logging/log-stream.ts';

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
  /** Readable lines (a terminal) or JSON lines (anything else); LOG_FORMAT overrides. */
  logFormat: LogFormat;
  /** Which proxies may set X-Forwarded-For/-Proto (fastify's trustProxy); false: none. */
  trustProxy: TrustProxy;
  /** A Redis shared by several gateways for the rate-limit counters; else in memory. */
  redisUrl: string | undefined;
  /** How long the gateway waits for PostgREST on a visitor's Data API request before a 504. */
  dataApiTimeoutMs: number;
  /** How often the open-data files are checked against the catalog, and the least time between two makings. */
  openDataRefresh: OpenDataRefresh;
  /** bcrypt's cost for new password and backup-code hashes. */
  passwordHashCost: number;
}

/** The open-data refresher's timing (open-data/open-data-refresher.ts). */
export interface OpenDataRefresh {
  checkMs: number;
  minGapMs: number;
}

/** fastify's trustProxy: all, a hop count, or the addresses/CIDRs of the proxies. */
export type TrustProxy = boolean | number | string[];

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
    logFormat: parseLogFormat(env.LOG_FORMAT, process.stdout),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    dataApiTimeoutMs: parseDataApiTimeout(env.DATA_API_TIMEOUT_SECONDS),
    openDataRefresh: parseOpenDataRefresh(env),
    passwordHashCost: parsePasswordHashCost(env.PASSWORD_HASH_COST),
  };
}

/** bcrypt's cost for password and backup-code hashes when PASSWORD_HASH_COST is unset. */
export const DEFAULT_PASSWORD_HASH_COST = 10;

/**
 * PASSWORD_HASH_COST: bcrypt's cost (log2 of its rounds), a whole number from 4 to 15; unset or
 * empty is 10. Each step doubles the time a hash and a sign-in take. A stored hash carries its own
 * cost, so changing it affects only hashes made afterwards. Test servers use 4, to spend their
 * time on what they test rather than on hashing.
 */
export function parsePasswordHashCost(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_PASSWORD_HASH_COST;
  const cost = Number(text);
  if (!/^\d+$/.test(text) || cost < 4 || cost > 15)
    throw new Error(`PASSWORD_HASH_COST must be a whole number from 4 to 15, got "${value}"`);
  return cost;
}

/** The gateway's wait for PostgREST when DATA_API_TIMEOUT_SECONDS is unset. */
export const DEFAULT_DATA_API_TIMEOUT_MS = 15_000;

/**
 * DATA_API_TIMEOUT_SECONDS: whole seconds, 1 to 600; unset or empty is 15. Imports and the
 * service role keep their own, longer limit (gateway/request-limits/route-limits.ts).
 */
export function parseDataApiTimeout(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_DATA_API_TIMEOUT_MS;
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds < 1 || seconds > 600)
    throw new Error(`DATA_API_TIMEOUT_SECONDS must be whole seconds from 1 to 600, got "${value}"`);
  return seconds * 1000;
}

/** The open-data refresher's timing when OPEN_DATA_CHECK_SECONDS / OPEN_DATA_MIN_GAP_SECONDS are unset. */
export const DEFAULT_OPEN_DATA_REFRESH: OpenDataRefresh = { checkMs: 15_000, minGapMs: 30_000 };

/**
 * OPEN_DATA_CHECK_SECONDS (1 to 3600; unset 15): how often the catalog is compared with the
 * open-data files. OPEN_DATA_MIN_GAP_SECONDS (1 to 86400; unset 30): the least time between two
 * makings of the files, so a burst of edits or an import costs one. Whole seconds. The tests'
 * backends use a second or two, so a change reaches the files without a half-minute wait.
 */
export function parseOpenDataRefresh(env: NodeJS.ProcessEnv): OpenDataRefresh {
  return {
    checkMs:
      wholeSeconds('OPEN_DATA_CHECK_SECONDS', env.OPEN_DATA_CHECK_SECONDS, 3600) ?? DEFAULT_OPEN_DATA_REFRESH.checkMs,
    minGapMs:
      wholeSeconds('OPEN_DATA_MIN_GAP_SECONDS', env.OPEN_DATA_MIN_GAP_SECONDS, 86_400) ??
      DEFAULT_OPEN_DATA_REFRESH.minGapMs,
  };
}

/**
 * JOB_LOCK_RETRY_SECONDS (1 to 300; unset 5): how often a server without the scheduled jobs' lock
 * tries to take it, and the holder checks its lock connection; so, on several servers, about how
 * long the jobs pause after the holder dies.
 */
export function parseJobLockRetry(value: string | undefined): number {
  return wholeSeconds('JOB_LOCK_RETRY_SECONDS', value, 300) ?? DEFAULT_JOB_LOCK_RETRY_MS;
}

/**
 * OUTBOX_POLL_SECONDS (1 to 3600; unset 2): how often the outbox of review-decision mails is
 * looked at, so about how long a decision's mail waits before it is sent.
 */
export function parseOutboxPoll(value: string | undefined): number {
  return wholeSeconds('OUTBOX_POLL_SECONDS', value, 3600) ?? OUTBOX_POLL_INTERVAL_MS;
}

/**
 * NOTIFICATION_RETENTION_DAYS (1 to 3650; unset 90): read notifications older than this are
 * deleted (docs/product.md#notification-retention).
 */
export function parseNotificationRetentionDays(value: string | undefined): number {
  return wholeNumber('NOTIFICATION_RETENTION_DAYS', value, 1, 3650) ?? DEFAULT_NOTIFICATION_RETENTION_DAYS;
}

/**
 * NOTIFICATION_POLL_SECONDS (1 to 3600; unset 15): how often new items are matched against what
 * users follow and due digests are written, so about how long a new item's notification waits.
 */
export function parseNotificationPoll(value: string | undefined): number {
  return wholeSeconds('NOTIFICATION_POLL_SECONDS', value, 3600) ?? DEFAULT_NOTIFICATION_POLL_MS;
}

/** How long one read of a dump may take when DUMP_CHUNK_MS is unset (database/backup/dump.ts). */
export const DEFAULT_DUMP_CHUNK_MS = 50;

/**
 * DUMP_CHUNK_MS (1 to 10000; unset 50): how long one read of rows of a running server's dump may
 * take before the next asks for fewer rows. On PGlite every other request waits while a read
 * runs, and runs between two reads.
 */
export function parseDumpChunkMs(value: string | undefined): number {
  return wholeNumber('DUMP_CHUNK_MS', value, 1, 10_000) ?? DEFAULT_DUMP_CHUNK_MS;
}

/** The most the search cache may hold when SEARCH_CACHE_MAX_MB is unset. */
export const DEFAULT_SEARCH_CACHE_MAX_MB = 64;

/**
 * SEARCH_CACHE_MAX_MB (1 to 65536; unset 64): the most the search cache may hold, in MiB of
 * stored results; the least recently used entries go first (05_search.sql, prune_search_cache).
 */
export function parseSearchCacheMaxMb(value: string | undefined): number {
  return wholeNumber('SEARCH_CACHE_MAX_MB', value, 1, 65_536) ?? DEFAULT_SEARCH_CACHE_MAX_MB;
}

function wholeNumber(name: string, value: string | undefined, min: number, max: number): number | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const number = Number(text);
  if (!/^\d+$/.test(text) || number < min || number > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  return number;
}

/** The job lock's retry when JOB_LOCK_RETRY_SECONDS is unset. */
export const DEFAULT_JOB_LOCK_RETRY_MS = 5_000;

/** A variable of whole seconds from 1 to `max`, in milliseconds; undefined when unset or empty. */
function wholeSeconds(name: string, value: string | undefined, max: number): number | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds < 1 || seconds > max)
    throw new Error(`${name} must be whole seconds from 1 to ${max}, got "${value}"`);
  return seconds * 1000;
}

/**
 * TRUST_PROXY: unset, empty or `false` trusts no one (the client is the socket's address, and a
 * client's own X-Forwarded-For is ignored); `true` trusts every hop; a number trusts that many
 * hops; anything else is a comma-separated list of proxy addresses, CIDRs or proxy-addr's names
 * (`loopback`, `linklocal`, `uniquelocal`).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!/^[0-9a-zA-Z.:/]+$/.test(entry))
      throw new Error(`TRUST_PROXY: "${entry}" is not an address, a CIDR or a proxy-addr name`);
  }
  return entries;
}
