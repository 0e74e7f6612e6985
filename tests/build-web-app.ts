import { buildAndRecordWebApp } from './support/web-app-build.ts';

/**
 * `npm test`'s build of web/dist (what `npm run build` makes), with the warnings it printed kept
 * for server/src/web-build.test.ts (tests/support/web-app-build.ts).
 */
await buildAndRecordWebApp();
