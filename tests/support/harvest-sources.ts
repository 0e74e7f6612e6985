import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { REPO_ROOT } from '@sciai/server';
import { serviceClient } from './clients.ts';
import type { CliRun } from './sciai.ts';
import type { HarvestReport } from '../../core/src/sources/harvest/run-harvest.ts';
import { startSourceFixtureServer, type FixtureRequest, type SourceFixtureServer } from './source-fixture-server.ts';

/**
 * What the `sciai harvest` test files share: local stand-ins of the sources (fixtures/sources,
 * written to each API's documented format) that answer page by page, the environment pointing the
 * CLI at them and at the run's shared backend, and readers of the report and of what was written.
 */
export const FIXTURES = join(REPO_ROOT, 'fixtures/sources');
const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');

function answer(path: string) {
  return {
    status: 200,
    body: fixture(path),
    headers: { 'content-type': path.endsWith('.xml') ? 'application/atom+xml' : 'application/json' },
  };
}

const handlers = {
  openalex: (request: FixtureRequest) => {
    if (request.url.pathname !== '/works') return undefined;
    return answer(
      request.url.searchParams.get('cursor') === '*' ? 'openalex/works-page-1.json' : 'openalex/works-page-2.json',
    );
  },
  arxiv: (request: FixtureRequest) => {
    if (request.url.pathname !== '/api/query') return undefined;
    return answer(request.url.searchParams.get('start') === '0' ? 'arxiv/query-page-1.xml' : 'arxiv/query-page-2.xml');
  },
  crossref: (request: FixtureRequest) => {
    if (request.url.pathname !== '/works') return undefined;
    return answer(
      request.url.searchParams.get('cursor') === '*' ? 'crossref/works-page-1.json' : 'crossref/works-page-2.json',
    );
  },
  github: (request: FixtureRequest) => {
    if (request.url.pathname === '/search/repositories') return answer('github/search-page-1.json');
    if (request.url.pathname === '/repos/google-deepmind/alphafold/releases/latest')
      return answer('github/release-latest.json');
    if (request.url.pathname === '/repos/sciai-fixtures/old-name') return answer('github/repo-renamed.json');
    return undefined;
  },
  huggingface: (request: FixtureRequest) => {
    if (request.url.pathname === '/api/models' && !request.url.searchParams.has('cursor')) {
      const next = `${request.url.origin.replace('fixture.invalid', request.headers.host ?? '')}/api/models?cursor=2`;
      return { ...answer('huggingface/models-page-1.json'), headers: { link: `<${next}>; rel="next"` } };
    }
    if (request.url.pathname === '/api/models') return answer('huggingface/models-empty.json');
    return undefined;
  },
  biotools: (request: FixtureRequest) => {
    if (request.url.pathname !== '/api/t/') return undefined;
    return answer(
      request.url.searchParams.get('page') === '1' ? 'biotools/tools-page-1.json' : 'biotools/tools-page-2.json',
    );
  },
};

type HarvestSources = Pick<SourceFixtureServer, 'baseUrl' | 'fault' | 'clearFaults' | 'log'>;

/**
 * Starts the sources for the file (beforeAll) and stops them after it (afterAll). `environment`
 * is the CLI's: the shared backend by its service-role key, every source at its stand-in, arXiv's
 * spacing off and a 2 s request timeout, unless `extra` says otherwise.
 */
export function useHarvestSources(): {
  sources: HarvestSources;
  environment(extra?: Record<string, string>): Record<string, string>;
} {
  let server: SourceFixtureServer | undefined;
  beforeAll(async () => {
    server = await startSourceFixtureServer({ handlers });
  });
  afterAll(() => server?.close());
  const started = () => {
    if (!server) throw new Error('useHarvestSources() starts the sources in beforeAll');
    return server;
  };
  const sources: HarvestSources = {
    baseUrl: (source) => started().baseUrl(source),
    fault: (source, fault) => started().fault(source, fault),
    clearFaults: () => started().clearFaults(),
    log: (source) => started().log(source),
  };
  const environment = (extra: Record<string, string> = {}): Record<string, string> => {
    const backend = inject('backend');
    return {
      SUPABASE_URL: backend.url,
      SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
      OPENALEX_BASE_URL: sources.baseUrl('openalex'),
      ARXIV_BASE_URL: sources.baseUrl('arxiv'),
      CROSSREF_BASE_URL: sources.baseUrl('crossref'),
      GITHUB_API_URL: sources.baseUrl('github'),
      HUGGINGFACE_BASE_URL: sources.baseUrl('huggingface'),
      BIOTOOLS_BASE_URL: sources.baseUrl('biotools'),
      ARXIV_SPACING_MS: '0',
      HARVEST_TIMEOUT_SECONDS: '2',
      ...extra,
    };
  };
  return { sources, environment };
}

/** `sciai harvest --json`'s report: the harvest's own, and whether it ended well. */
export type JsonReport = HarvestReport & { ok: boolean; error: string | null };
export function reportOf(run: CliRun): JsonReport {
  return JSON.parse(run.stdout) as JsonReport;
}

export async function itemsWith(scheme: string, value: string) {
  const { data, error } = await serviceClient()
    .from('external_ids')
    .select('content_id, content_items(title, status, content_type, metadata)')
    .eq('scheme', scheme)
    .eq('value', value);
  if (error) throw error;
  return data;
}

export async function papersWithDoi(doi: string) {
  const { data, error } = await serviceClient().from('papers').select('content_id, doi, arxiv_id').ilike('doi', doi);
  if (error) throw error;
  return data;
}
