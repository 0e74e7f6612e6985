import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startSourceFixtureServer,
  type FixtureAnswer,
  type SourceFixtureServer,
} from '../../../tests/support/source-fixture-server.ts';
import { createPoliteFetch, politeUserAgent } from '../sources/http.ts';
import { runEnrich, type EnrichResult, type EnrichStore, type EnrichTarget } from './run-enrich.ts';
import type { EnrichSource } from './signals.ts';

let server: SourceFixtureServer;

/** Answers in each API's documented shape (GitHub REST, OpenAlex Work, Crossref message, Hub API). */
beforeAll(async () => {
  server = await startSourceFixtureServer({
    handlers: {
      github: ({ path }) => {
        if (path === '/repos/octo/hello')
          return {
            body: {
              full_name: 'octo/hello',
              stargazers_count: 1234,
              forks_count: 56,
              open_issues_count: 7,
              pushed_at: '2026-11-20T10:00:00Z',
              archived: false,
              license: { key: 'mit', spdx_id: 'MIT', name: 'MIT License' },
            },
          };
        if (path === '/repos/octo/hello/releases/latest')
          return { body: { tag_name: 'v2.1.0', published_at: '2026-10-01T00:00:00Z' } };
        if (path === '/repos/octo/broken') return { body: { full_name: 'octo/broken', stargazers_count: 'many' } };
        return undefined;
      },
      openalex: ({ path }) =>
        decodeURIComponent(path).startsWith('/works/doi:10.1000/known')
          ? { body: { id: 'https://openalex.org/W1', cited_by_count: 321 } }
          : undefined,
      crossref: ({ path }) =>
        decodeURIComponent(path).startsWith('/works/10.1000/crossref-only')
          ? { body: { status: 'ok', message: { DOI: '10.1000/crossref-only', 'is-referenced-by-count': 77 } } }
          : undefined,
      huggingface: ({ path }) =>
        path === '/api/models/org/model' ? { body: { id: 'org/model', downloads: 9000, likes: 42 } } : undefined,
      links: ({ path }): FixtureAnswer | undefined => {
        if (path === '/ok') return { status: 200, body: '<html></html>', headers: { 'content-type': 'text/html' } };
        if (path === '/moved') return { status: 301, headers: { location: '/ok' } };
        if (path === '/gone') return { status: 404, body: 'gone' };
        return undefined;
      },
    },
  });
});
afterAll(() => server.close());
beforeEach(() => server.clearFaults());

function memoryStore(targets: EnrichTarget[]) {
  const recorded: EnrichResult[] = [];
  const writes: number[] = [];
  const store: EnrichStore = {
    beginRun: async () => 'run-1',
    targets: async ({ afterId, maxItems }) =>
      targets.filter((target) => afterId === null || target.id > afterId).slice(0, maxItems),
    recordBatch: async (_run, results) => {
      writes.push(results.length);
      recorded.push(...results);
    },
    finishRun: async () => {},
  };
  return { store, recorded, writes };
}

function target(id: string, fields: Partial<EnrichTarget>, sources: EnrichSource[]): EnrichTarget {
  return {
    id,
    slug: `item-${id}`,
    homepage: null,
    repository: null,
    doi: null,
    openalex: null,
    huggingface: null,
    sources,
    ...fields,
  };
}

function enrich(targets: EnrichTarget[], sources: EnrichSource[], allowLoopback = true) {
  const memory = memoryStore(targets);
  const fetch = createPoliteFetch({
    fetch: (url, init) => globalThis.fetch(url, init),
    userAgent: politeUserAgent('https://sciai.test'),
    sourceOf: (url) => server.sourceOf(url),
    backoffMs: 5,
    attempts: 3,
    timeoutMs: 2_000,
  });
  const done = runEnrich({
    store: memory.store,
    fetch,
    sources,
    staleSeconds: 7 * 86_400,
    pageSize: 2,
    baseUrls: {
      github: server.baseUrl('github'),
      openalex: server.baseUrl('openalex'),
      crossref: server.baseUrl('crossref'),
      huggingface: server.baseUrl('huggingface'),
    },
    // The fixture server is on loopback: allowed here as an allow-list, refused otherwise.
    vetLink: async (url) => {
      if (url.hostname !== '127.0.0.1') return 'Outside the test network';
      return allowLoopback ? undefined : 'Private address';
    },
  });
  return { ...memory, done };
}

const byId = (results: EnrichResult[], id: string, source: EnrichSource) =>
  results.find((result) => result.id === id && result.source === source);

describe('enrich', () => {
  it('reads GitHub facts, the latest release, citations, Hub downloads and link health', async () => {
    const links = server.baseUrl('links');
    const { done, recorded, writes } = enrich(
      [
        target('1', { repository: 'https://github.com/octo/hello', homepage: `${links}/moved` }, ['github', 'links']),
        target('2', { doi: '10.1000/known' }, ['openalex']),
        target('3', { huggingface: 'org/model', homepage: `${links}/gone` }, ['huggingface', 'links']),
      ],
      ['github', 'openalex', 'crossref', 'huggingface', 'links'],
    );
    const progress = await done;
    expect(progress).toMatchObject({ items: 3, failed: 0 });
    expect(writes).toEqual([3, 2]); // one write per page of two items, whatever the sources
    const github = byId(recorded, '1', 'github');
    expect(github?.signals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ signal: 'github_stars', num: 1234 }),
        expect.objectContaining({ signal: 'github_forks', num: 56 }),
        expect.objectContaining({ signal: 'github_open_issues', num: 7 }),
        expect.objectContaining({ signal: 'github_archived', num: 0 }),
        expect.objectContaining({ signal: 'github_license', text: 'MIT' }),
        expect.objectContaining({ signal: 'github_pushed_at', text: '2026-11-20T10:00:00.000Z' }),
        expect.objectContaining({ signal: 'github_release', text: 'v2.1.0' }),
      ]),
    );
    expect(byId(recorded, '1', 'links')?.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ link: 'homepage', ok: true, status: 200, final_url: `${links}/ok` }),
        { link: 'repository', url: 'https://github.com/octo/hello', ok: false, refused: true },
      ]),
    );
    expect(byId(recorded, '2', 'openalex')?.signals).toEqual([
      expect.objectContaining({ signal: 'citations', num: 321 }),
    ]);
    expect(byId(recorded, '3', 'huggingface')?.signals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ signal: 'hf_downloads', num: 9000 }),
        expect.objectContaining({ signal: 'hf_likes', num: 42 }),
      ]),
    );
    expect(byId(recorded, '3', 'links')?.links).toEqual([
      expect.objectContaining({ link: 'homepage', ok: false, status: 404, error: 'HTTP 404' }),
    ]);
  });

  it('falls back to Crossref when OpenAlex has no answer', async () => {
    server.fault('openalex', { kind: '502' });
    const { done, recorded } = enrich([target('4', { doi: '10.1000/crossref-only' }, ['openalex'])], ['openalex']);
    await done;
    expect(byId(recorded, '4', 'openalex')).toMatchObject({ ok: false });
    expect(byId(recorded, '4', 'crossref')?.signals).toEqual([
      expect.objectContaining({ signal: 'citations', num: 77 }),
    ]);
  });

  it('fails an item whose answer is malformed with the reason, and goes on with the rest', async () => {
    const { done, recorded } = enrich(
      [
        target('5', { repository: 'https://github.com/octo/broken' }, ['github']),
        target('6', { repository: 'https://github.com/octo/hello' }, ['github']),
      ],
      ['github'],
    );
    const progress = await done;
    expect(progress.failed).toBe(1);
    expect(byId(recorded, '5', 'github')).toMatchObject({
      ok: false,
      error: expect.stringContaining('stargazers_count'),
    });
    expect(byId(recorded, '6', 'github')).toMatchObject({ ok: true });
  });

  it('fails an item on malformed JSON, a 502 that does not cure and a secondary limit too long to wait', async () => {
    server.fault('github', { kind: 'malformed', match: '/repos/octo/hello', times: 2 });
    const first = enrich([target('7', { repository: 'https://github.com/octo/hello' }, ['github'])], ['github']);
    await first.done;
    expect(byId(first.recorded, '7', 'github')).toMatchObject({ ok: false, error: expect.stringMatching(/JSON/) });

    server.clearFaults();
    server.fault('github', { kind: '502' });
    const second = enrich([target('8', { repository: 'https://github.com/octo/hello' }, ['github'])], ['github']);
    await second.done;
    expect(byId(second.recorded, '8', 'github')).toMatchObject({ ok: false, error: expect.stringMatching(/502/) });

    server.clearFaults();
    server.fault('github', { kind: 'secondary-limit', retryAfterSeconds: 7200 });
    const third = enrich([target('9', { repository: 'https://github.com/octo/hello' }, ['github'])], ['github']);
    await third.done;
    expect(byId(third.recorded, '9', 'github')).toMatchObject({ ok: false, error: expect.stringMatching(/wait/) });
  });

  it('refuses private and loopback targets and non-http links, and stops on a redirect loop', async () => {
    const links = server.baseUrl('links');
    server.fault('links', { kind: 'redirect-loop', match: '/loop' });
    const before = server.log('links').length;
    const refused = enrich(
      [target('a', { homepage: `${links}/ok`, repository: 'file:///etc/passwd' }, ['links'])],
      ['links'],
      false,
    );
    await refused.done;
    // A refused link is recorded as not checked, with no status, time, final URL or error.
    expect(byId(refused.recorded, 'a', 'links')?.links).toEqual(
      expect.arrayContaining([
        { link: 'homepage', url: `${links}/ok`, ok: false, refused: true },
        { link: 'repository', url: 'file:///etc/passwd', ok: false, refused: true },
      ]),
    );
    expect(server.log('links').length).toBe(before);

    const loop = enrich([target('b', { homepage: `${links}/loop` }, ['links'])], ['links']);
    await loop.done;
    expect(byId(loop.recorded, 'b', 'links')?.links).toEqual([
      expect.objectContaining({ ok: false, error: 'More than 5 redirects' }),
    ]);
  });
});
