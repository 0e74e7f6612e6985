import { fileURLToPath } from 'node:url';

/**
 * The checkout this bench file belongs to. `REPO_ROOT` from `@sciai/server` follows the
 * workspace's `node_modules` link, which points into whichever checkout ran `npm install`: a
 * bench run from a copy would start that checkout's server and write its results there.
 */
export const CHECKOUT_ROOT = fileURLToPath(new URL('..', import.meta.url));
