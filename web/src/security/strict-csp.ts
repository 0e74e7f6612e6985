declare global {
  // zod's global settings object (zod/v4/core/core.js creates it only when absent and reads it on
  // every parse), filled here without importing zod: this module is in every page's first download.
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

/**
 * The CSP allows no 'unsafe-eval'. Zod compiles object parsers with `new Function` unless told
 * not to, and probes whether it may on first use; the refused probe is a CSP violation in the
 * console. This module is the app's first import, so no parse anywhere (core's schemas included)
 * happens before the setting.
 */
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
