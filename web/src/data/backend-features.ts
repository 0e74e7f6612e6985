import type { SciaiRuntimeConfig } from './supabase-client.ts';

/**
 * Single-use backup codes for two-factor sign-in are SciAI's addition to GoTrue's API: the
 * embedded auth service answers `POST /auth/v1/factors/{id}/backup-codes`, a hosted Supabase
 * project's auth does not. The app offers them only when the gateway says the embedded service
 * answers; a config without that word is read from its URL (none means the gateway's own APIs).
 */
export function backupCodesAvailableWith(config: SciaiRuntimeConfig | undefined): boolean {
  if (!config) return false;
  if (config.backend) return config.backend === 'embedded';
  return config.supabaseUrl === null;
}

/** Whether this page's backend offers backup codes (see backupCodesAvailableWith). */
export function backupCodesAvailable(): boolean {
  return backupCodesAvailableWith(window.__SCIAI_CONFIG__);
}

/**
 * The claims' GitHub and e-mail proofs are answered by the gateway's own `/claims/v1`, which only
 * the embedded backend serves: the same test as for backup codes.
 */
export function claimProofsAvailable(): boolean {
  return backupCodesAvailableWith(window.__SCIAI_CONFIG__);
}

/**
 * The saved-search and private notification feeds are served by the gateway's own /feeds routes,
 * which read the embedded database: the same test as for backup codes.
 */
export function feedsAvailable(): boolean {
  return backupCodesAvailableWith(window.__SCIAI_CONFIG__);
}
