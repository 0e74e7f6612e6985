import { defineConfig } from 'vitest/config';

/**
 * unit: pure code beside its source. integration: supabase-js against the embedded backend,
 * on PGlite and again on PostgreSQL when TEST_DATABASE_URL is set. e2e: a real Chromium.
 */
const integration = (engine: 'pglite' | 'postgres') => ({
  test: {
    name: `integration:${engine}`,
    include: ['tests/integration/**/*.test.ts'],
    globalSetup: ['tests/support/global-backend.ts'],
    provide: { engine },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/src/**/*.test.ts', 'cli/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
        },
      },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/support/global-backend.ts'],
          provide: { engine: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
