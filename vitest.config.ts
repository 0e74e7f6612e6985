import { defineConfig } from 'vitest/config';

/**
 * unit: pure code beside its source. integration: supabase-js against the embedded backend,
 * on PGlite and again on PostgreSQL when TEST_DATABASE_URL is set. e2e: a real Chromium.
 * An integration project's files run one at a time, whatever the machine: they share the
 * project's backend, with its site settings and rate limits. `npm test` runs the projects side by
 * side instead (tests/run-suites.ts).
 *
 * An integration project's files run in one worker (isolate: false) rather than a fresh process
 * per file: every file imported the server, supabase-js and PGlite again, a quarter of the PGlite
 * run's CPU. What a file starts it stops in afterAll, and none changes shared module state (no
 * vi.mock; an environment variable a file sets is restored before its tests end; what a helper
 * keeps per file, such as a visitor's address, it keys by the file).
 */
/** expect.poll waits this long by default (1 s otherwise): on a loaded machine a write reaches
 * its reader later, and a poll that gives up early fails sound code. */
const expect = { poll: { timeout: 15_000 } };

/** The integration and end-to-end files; tests/run-suites.ts splits them between processes. */
export const INTEGRATION_FILES = [
  'tests/integration/**/*.test.ts',
  'tests/hostile/**/*.test.ts',
  'tests/relevance/**/*.test.ts',
];
export const E2E_FILES = ['tests/e2e/**/*.e2e.test.ts'];

const integration = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `integration:${engine}`,
    include: INTEGRATION_FILES,
    globalSetup: ['tests/support/global-backend.ts'],
    provide: { engine },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    isolate: false,
    expect,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'core/src/**/*.test.ts',
            'cli/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'lint/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
          // A guard against hangs, not a speed limit: on a loaded machine a 5 s default fails sound code.
          testTimeout: 60_000,
          // Files share their workers' module registry rather than a fresh one each: the unit run
          // took 50 CPU-s, 30 without (every file imported its dependencies again). The files
          // test pure code; the one with fake timers restores real ones after each test.
          isolate: false,
          expect,
        },
      },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: E2E_FILES,
          // One backend and one Chromium for the run (tests/e2e/global-browser.ts); each file
          // connects to the browser and opens contexts of its own.
          globalSetup: ['tests/support/global-backend.ts', 'tests/e2e/global-browser.ts'],
          provide: { engine: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One worker for all the files, as in the integration projects: a fresh one per file
          // imported Playwright, supabase-js and the support modules again, about 1.4 CPU-s a
          // file. No module keeps state between files: a file's browser connection lives in its
          // own useBrowser() and closes in its afterAll, contexts are per test, and what files
          // share (the backend, its site settings) they shared in separate workers too.
          isolate: false,
          expect,
        },
      },
    ],
  },
});
