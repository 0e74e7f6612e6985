import type { TestProject } from 'vitest/node';
import { startTestBackend, type Engine } from './backend.ts';
import { startGithubClaimsFixture } from './github-claims-fixture.ts';

/**
 * Vitest global setup: one backend per test project, shared by its files over HTTP.
 * The engine comes from the project's `provide.engine`.
 */
export default async function setup(project: TestProject) {
  const engine = project.config.provide.engine as Engine;
  // the claims' repository proof asks this stand-in for GitHub, never GitHub itself
  const github = await startGithubClaimsFixture();
  const backend = await startTestBackend({ engine, githubApiUrl: github.baseUrl });
  project.provide('backend', {
    engine: backend.engine,
    url: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    databaseUrl: backend.databaseUrl ?? null,
    dataDir: backend.dataDir,
    connectionString: backend.connectionString,
  });
  return async () => {
    await backend.stop();
    await github.close();
  };
}

export interface ProvidedBackend {
  engine: Engine;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  databaseUrl: string | null;
  /** The backend's DATA_DIR: tests read the dev mailbox (DATA_DIR/mail) there. */
  dataDir: string;
  /** Superuser connection to the backend's database (PGlite's wire server or PostgreSQL). */
  connectionString: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    engine: Engine;
    backend: ProvidedBackend;
  }
}
