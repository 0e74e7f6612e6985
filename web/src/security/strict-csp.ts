import { z } from 'zod';

/**
 * The CSP allows no 'unsafe-eval'. Zod compiles object parsers with `new Function` unless told
 * not to, and probes whether it may on first use; the refused probe is a CSP violation in the
 * console. This module is the app's first import, so no parse anywhere (core's schemas included)
 * happens before the setting.
 */
z.config({ jitless: true });
