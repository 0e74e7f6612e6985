import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSourceFixtureServer,
  type FixtureRequest,
  type SourceFixtureServer,
} from '../../../tests/support/source-fixture-server.ts';
import { fetchBiotool } from './biotools/client.ts';
import { fetchCrossrefWork } from './crossref/client.ts';
import { fetchRepo } from './github/client.ts';
import { fetchHuggingfaceRepo, listHuggingfaceRepos } from './huggingface/client.ts';
import { fetchWork, listOpenAlexWorks } from './openalex/client.ts';
import { SourceError, type SourceFetch } from './source-fetch.ts';

/**
 * The clients on their own (a bare fetch, one request per call) against the local fixture
 * server: what they ask for, how they page, and what they make of a malformed answer. Waiting
 * out rate limits and retrying are the polite HTTP layer's (http.test.ts).
 */
const FIXTURES = join(import.meta.dirname, '../../../fixtures/sources');
const body = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');

let server: SourceFixtureServer;
const fetchFunction: SourceFetch = (url, init) => fetch(url, init);
const options = (source: string) => ({ fetch: fetchFunction, baseUrl: server.baseUrl(source) });

beforeAll(async () => {
  server = await startSourceFixtureServer({
    handlers: {
      openalex: (request: FixtureRequest) => {
        if (request.url.pathname === '/works/doi:10.1038/s41586-021-03819-2')
          return { body: body('openalex/work-single.json') };
        if (request.url.pathname === '/works') return { body: body('openalex/works-page-1.json') };
        return undefined;
      },
      crossref: (request: FixtureRequest) =>
        request.url.pathname === '/works/10.1038/s41586-021-03819-2'
          ? { body: body('crossref/work-single.json') }
          : undefined,
      github: (request: FixtureRequest) =>
        request.url.pathname === '/repos/google-deepmind/alphafold'
          ? { body: body('github/repo-alphafold.json') }
          : undefined,
      huggingface: (request: FixtureRequest) => {
        if (request.url.pathname === '/api/models/facebook/esm2_t33_650M_UR50D')
          return { body: '{"id": "facebook/esm2_t33_650M_UR50D"}' };
        if (request.url.pathname !== '/api/models') return undefined;
        if (request.url.searchParams.get('cursor') === 'elsewhere') {
          return {
            body: '[{"id": "a/b"}]',
            headers: { link: '<https://example.org/api/models?cursor=x>; rel="next"' },
          };
        }
        if (request.url.searchParams.has('cursor')) return { body: '[]' };
        return {
          body: body('huggingface/models-page-1.json'),
          headers: { link: '</api/models?cursor=abc>; rel="next"' },
        };
      },
      biotools: (request: FixtureRequest) =>
        request.url.pathname === '/api/t/samtools'
          ? { body: JSON.parse(body('biotools/tools-page-1.json')).list[1] }
          : undefined,
    },
  });
});
afterAll(() => server.close());

describe('source clients', () => {
  it('look single records up by identifier, and answer null for unknown ones', async () => {
    expect(await fetchWork('10.1038/s41586-021-03819-2', options('openalex'))).toMatchObject({ cited_by_count: 28113 });
    expect(await fetchWork('W0', options('openalex'))).toBeNull();
    expect(await fetchCrossrefWork('10.1038/s41586-021-03819-2', options('crossref'))).toMatchObject({
      DOI: '10.1038/s41586-021-03819-2',
    });
    expect(await fetchRepo('google-deepmind', 'alphafold', options('github'))).toMatchObject({
      stargazers_count: 13500,
    });
    expect(await fetchRepo('nobody', 'nothing', options('github'))).toBeNull();
    expect(await fetchHuggingfaceRepo('facebook/esm2_t33_650M_UR50D', options('huggingface'))).toMatchObject({
      id: 'facebook/esm2_t33_650M_UR50D',
    });
    expect(await fetchBiotool('samtools', options('biotools'))).toMatchObject({ biotoolsID: 'samtools' });
  });

  it('send the polite pool’s address and the API key, and page OpenAlex by cursor', async () => {
    const page = await listOpenAlexWorks({ search: 'protein', since: '2024-01-01' }, null, {
      ...options('openalex'),
      mailto: 'ops@example.org',
      apiKey: 'key-1',
    });
    expect(page.records).toHaveLength(4);
    const asked = new URL(server.log('openalex').at(-1)!, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      search: 'protein',
      filter: 'from_publication_date:2024-01-01',
      cursor: '*',
      mailto: 'ops@example.org',
      api_key: 'key-1',
    });
  });

  it('follow the Hub’s Link header on the same host only', async () => {
    const first = await listHuggingfaceRepos({ author: 'facebook' }, null, options('huggingface'));
    expect(first.records).toHaveLength(3);
    expect(first.nextCursor).toBe('/api/models?cursor=abc');
    const second = await listHuggingfaceRepos({}, first.nextCursor, options('huggingface'));
    expect(second).toEqual({ records: [], nextCursor: null });
    await expect(
      listHuggingfaceRepos({}, 'https://example.org/api/models?cursor=x', options('huggingface')),
    ).rejects.toThrow(/another host/);
  });

  it('refuse malformed JSON, and make one request only: a 502 fails at once', async () => {
    server.fault('github', { kind: 'malformed', times: 1 });
    await expect(fetchRepo('google-deepmind', 'alphafold', options('github'))).rejects.toThrow(SourceError);
    server.fault('openalex', { kind: '502', times: 1 });
    const before = server.counts('openalex').requests;
    await expect(fetchWork('10.1038/s41586-021-03819-2', options('openalex'))).rejects.toThrow(/answered HTTP 502$/);
    expect(server.counts('openalex').requests).toBe(before + 1);
    server.clearFaults();
  });
});
