// Only zod's config store, not the library: this module is in every page's first download.
import { config } from 'zod/v4/core';

/**
 * The CSP allows no 'unsafe-eval'. Zod compiles object parsers with `new Function` unless told
 * not to, and probes whether it may on first use; the refused probe is a CSP violation in the
 * console. This module is the app's first import, so no parse anywhere (core's schemas included)
 * happens before the setting.
 */
config({ jitless: true });
