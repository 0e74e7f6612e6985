import { mkdirSync, mkdtempSync, openSync, closeSync, ftruncateSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { anonClient, serviceClient } from '../support/clients.ts';
import { signedInAs } from '../support/auth.ts';
import { runSciai } from '../support/sciai.ts';
import { startSourceFixtureServer } from '../support/source-fixture-server.ts';
import { expectHealthy, nestedArrays } from './hostile-requests.ts';
import { startInternalService } from './internal-service.ts';

/**
 * Hostile input to `sciai harvest --input` and to the harvest SQL functions: whatever the file or
 * the caller sends, the answer is a clear refusal (exit 2 naming the file, or an error naming
 * the rule), never a crash, a hang or a half-written page, and the site stays up.
 */
const backend = inject('backend');
const scratch = mkdtempSync(join(tmpdir(), 'sciai-harvest-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function hosted(): Record<string, string> {
  return { SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey };
}
function file(name: string, content: string | Buffer): string {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
}

describe('sciai harvest --input with hostile files', () => {
  it('refuses files that are not the source’s saved response (exit 2, the file named)', async () => {
    const cases: [string, string, string | Buffer, RegExp][] = [
      ['openalex', 'broken.json', '{"results": [', /not JSON/],
      ['crossref', 'other.json', '{"items": []}', /not a saved crossref response/],
      [
        'arxiv',
        'laughs.xml',
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><feed>&lol2;</feed>',
        /document type/,
      ],
      [
        'arxiv',
        'unclosed.xml',
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>x',
        /ends before its elements are closed/,
      ],
      ['arxiv', 'json.xml', '{"feed": true}', /not an Atom feed/],
      [
        'github',
        'latin1.json',
        Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]),
        /not UTF-8 text/,
      ],
      [
        'huggingface',
        'binary.json',
        Buffer.from([0x00, 0xff, 0x13, 0x37, 0x00, 0x00, 0x01]),
        /not UTF-8 text|not JSON/,
      ],
    ];
    for (const [source, name, content, message] of cases) {
      const run = await runSciai(['harvest', source, '--input', file(name, content)], hosted());
      expect(run.code, `${name}: ${run.stdout}${run.stderr}`).toBe(2);
      expect(run.stderr, name).toMatch(message);
      expect(run.stderr, name).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('refuses a missing file, a directory and a file over the size limit without reading it', async () => {
    mkdirSync(join(scratch, 'a-directory'), { recursive: true });
    const huge = join(scratch, 'huge.json');
    const handle = openSync(huge, 'w');
    ftruncateSync(handle, 300 * 1_048_576); // sparse: no disk used
    closeSync(handle);
    for (const [path, message] of [
      [join(scratch, 'missing.json'), /no such file/],
      [join(scratch, 'a-directory'), /no such file/],
      [huge, /larger than 256 MB/],
    ] as const) {
      const run = await runSciai(['harvest', 'openalex', '--input', path], hosted());
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });

  it('takes UTF-16 with its byte-order mark, deep nesting and hostile record fields without a crash', async () => {
    const repo = {
      id: 999001,
      full_name: 'sciai-hostile/utf16-tool',
      name: 'utf16-tool\u0000<script>alert(1)</script>',
      html_url: 'https://github.com/sciai-hostile/utf16-tool',
      homepage: 'javascript:alert(1)',
      description: `${'Ω'.repeat(50_000)}`,
      topics: Array.from({ length: 500 }, (_, index) => `topic-${index}`),
      stargazers_count: -5,
      license: { spdx_id: 'MIT' },
    };
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(repo), 'utf16le')]);
    const run = await runSciai(['harvest', 'github', '--input', file('utf16.json', utf16), '--json'], hosted());
    expect(run.code, run.stderr).toBe(0);
    const { data } = await serviceClient()
      .from('external_ids')
      .select('content_items(title, url, tags, short_description, software(github_stars))')
      .eq('scheme', 'github')
      .eq('value', 'sciai-hostile/utf16-tool')
      .single();
    const item = data!.content_items as unknown as {
      title: string;
      url: string;
      tags: string[];
      short_description: string;
      software: { github_stars: number };
    };
    // Tags are text, not markup; NUL is dropped (PostgreSQL refuses it).
    expect(item.title).toBe('utf16-tool alert(1)');
    expect(item.url).toBe('https://github.com/sciai-hostile/utf16-tool');
    expect(item.tags.length).toBeLessThanOrEqual(30);
    expect(item.short_description.length).toBeLessThanOrEqual(300);
    expect(item.software.github_stars).toBe(0);
    // GitHub's prose is never copied, however much of it there is
    expect(item.short_description).not.toContain('Ω');

    const deep = await runSciai(
      ['harvest', 'huggingface', '--input', file('deep.json', nestedArrays(100_000)), '--json'],
      hosted(),
    );
    expect([0, 2]).toContain(deep.code);
    expect(deep.stderr).not.toMatch(/RangeError|Maximum call stack/);
    await expectHealthy(backend);
  });

  it('refuses bad arguments with exit 2', async () => {
    for (const args of [
      ['harvest', 'scholar', '--search', 'x'],
      ['harvest', 'openalex', '--since', '2025-13-45', '--search', 'x'],
      ['harvest', 'openalex', '--limit', '0', '--search', 'x'],
      ['harvest', 'openalex'],
      ['harvest', 'openalex', '--search', 'x'.repeat(600)],
    ]) {
      const run = await runSciai(args, hosted());
      expect(run.code, args.join(' ')).toBe(2);
    }
  });
});

describe('harvest SQL functions', () => {
  it('are refused to visitors and ordinary users, and publishing to moderators', async () => {
    const anon = await anonClient().rpc('begin_harvest', { source: 'openalex', query: {} });
    expect(anon.error).not.toBeNull();
    const user = await signedInAs('user', 'harvest-user');
    const asUser = await user.client.rpc('begin_harvest', { source: 'openalex', query: {} });
    expect(asUser.error?.message).toMatch(/Only moderators and administrators may harvest/);
    const moderator = await signedInAs('moderator', 'harvest-moderator');
    const publish = await moderator.client.rpc('begin_harvest', { source: 'openalex', query: {}, publish: true });
    expect(publish.error?.message).toMatch(/Only administrators may publish/);
    const queued = await moderator.client.rpc('begin_harvest', { source: 'openalex', query: { search: 'hostile' } });
    expect(queued.error).toBeNull();
    const runId = (queued.data as { run_id: string }).run_id;
    // Another caller's run is as good as missing.
    const stolen = await serviceClient().rpc('commit_harvest_page', {
      run_id: runId,
      items: [],
      next_cursor: '',
      finished: true,
    });
    expect(stolen.error?.message).toMatch(/not found/);
    const { data: runs } = await anonClient().from('harvest_runs').select('id');
    expect(runs ?? []).toEqual([]);
  });

  it('keep the harvested queue to staff, whatever size is asked, and survive odd harvest metadata', async () => {
    const anon = await anonClient().rpc('harvest_queue', { max_items: 10 });
    expect(anon.error).not.toBeNull();
    const user = await signedInAs('user', 'harvest-queue-user');
    const asUser = await user.client.rpc('harvest_queue', {});
    expect(asUser.error?.message).toMatch(/Only moderators and administrators/);
    // An item whose harvest metadata names no run, or a run id that is not a UUID, is listed without one.
    const { data: odd, error: oddError } = await serviceClient()
      .from('content_items')
      .insert({
        slug: `hostile-harvested-${Date.now()}`,
        title: 'Hostile harvested item',
        content_type: 'software',
        status: 'pending',
        metadata: { harvest: { source: '<img src=x onerror=alert(1)>', run_id: "1' or '1'='1" } },
      })
      .select('id')
      .single();
    expect(oddError).toBeNull();
    const moderator = await signedInAs('moderator', 'harvest-queue-moderator');
    for (const max of [-5, 0, 2_147_483_647, null]) {
      const answer = await moderator.client.rpc('harvest_queue', { max_items: max as number });
      expect(answer.error, String(max)).toBeNull();
      const items = (answer.data as { items: unknown[] }).items;
      expect(items.length).toBeLessThanOrEqual(200);
    }
    const all = await moderator.client.rpc('harvest_queue', { max_items: 200 });
    const listed = (all.data as { items: Array<{ id: string; run_id: string | null }> }).items.find(
      (item) => item.id === odd!.id,
    );
    expect(listed?.run_id ?? null).toBeNull();
    await serviceClient().from('content_items').delete().eq('id', odd!.id);
    await expectHealthy(backend);
  });

  it('refuse malformed pages with a clear error and write nothing of them', async () => {
    const begun = await serviceClient().rpc('begin_harvest', { source: 'github', query: { search: 'hostile-pages' } });
    const runId = (begun.data as { run_id: string }).run_id;
    const attempts: [unknown, RegExp][] = [
      [{ not: 'an array' }, /must be a JSON array/],
      [
        [{ content_type: 'company', title: 'X', ids: [{ scheme: 'github', value: 'sciai-hostile/company' }] }],
        /papers or software/,
      ],
      [
        [
          {
            content_type: 'software',
            title: 'X',
            domains: ['alchemy'],
            ids: [{ scheme: 'github', value: 'sciai-hostile/alchemy' }],
          },
        ],
        /Unknown domains: alchemy/,
      ],
      [[{ content_type: 'software', title: '', ids: [{ scheme: 'github', value: 'sciai-hostile/empty' }] }], /title/],
      [[{ content_type: 'software', title: 'X', ids: [{ scheme: 'gopher', value: 'x' }] }], /scheme/],
      [[1, 'x', null], /must be a JSON object/],
      // the live records an item came from: an id and an https URL each, bounded
      ...(
        [
          [{ id: 'r', url: 'javascript:alert(1)' }],
          [{ id: 'r', url: 'http://example.org/r' }],
          [{ id: 'r', url: 'https://example.org/a b' }],
          [{ id: '', url: 'https://example.org/r' }],
          [{ id: 'r'.repeat(301), url: 'https://example.org/r' }],
          [{ id: 'r', url: `https://example.org/${'r'.repeat(2000)}` }],
          [{ url: 'https://example.org/r' }],
        ] as unknown[]
      ).map((records): [unknown, RegExp] => [
        [
          {
            content_type: 'software',
            title: 'X',
            domains: [],
            ids: [{ scheme: 'github', value: 'sciai-hostile/records' }],
            records,
          },
        ],
        /needs an id \(at most 300 characters\) and an https URL/,
      ]),
      [
        [
          {
            content_type: 'software',
            title: 'X',
            ids: [{ scheme: 'github', value: 'sciai-hostile/records' }],
            records: ['https://example.org/r'],
          },
        ],
        /array of objects/,
      ],
      // The gateway refuses it before PostgREST: a 400 either way.
      [JSON.parse(nestedArrays(1_000)), /must be a JSON object|nests deeper/],
      // GitHub's prose may not be copied (docs/product.md#sources): whatever the page claims
      ...(
        [
          { description: 'Their own words.' },
          { short_description: 'Their own words.' },
          {
            description: 'Their own words.',
            metadata: { description_origin: { kind: 'source', source: 'github-api' } },
          },
          { description: 'Words.', metadata: { description_origin: { kind: 'source', source: 'openalex-api' } } },
          { description: 'Words.', metadata: { description_origin: { kind: 'composed from facts', extra: true } } },
          { description: 'Words.', metadata: { description_origin: 'composed from facts' } },
          { metadata: { description_origin: { kind: 'source', source: 'github-api' } } },
          {
            content_type: 'paper',
            description: 'Paper (2024).',
            paper: { abstract: 'The publisher’s words.' },
            metadata: { description_origin: { kind: 'composed from facts' } },
          },
        ] as Array<Record<string, unknown>>
      ).map((claim): [unknown, RegExp] => [
        [{ content_type: 'software', title: 'X', ids: [{ scheme: 'github', value: 'sciai-hostile/prose' }], ...claim }],
        /Descriptions from GitHub API may not be copied/,
      ]),
    ];
    for (const [items, message] of attempts) {
      const answer = await serviceClient().rpc('commit_harvest_page', {
        run_id: runId,
        items: items as never,
        next_cursor: 'x',
        finished: false,
      });
      expect(answer.error?.message ?? 'no error', JSON.stringify(items).slice(0, 80)).toMatch(message);
      expect(answer.status).toBeLessThan(500);
    }
    const { data: run } = await serviceClient()
      .from('harvest_runs')
      .select('pages, added, cursor')
      .eq('id', runId)
      .single();
    expect(run).toEqual({ pages: 0, added: 0, cursor: null });
    const { count } = await serviceClient()
      .from('external_ids')
      .select('value', { count: 'exact', head: true })
      .like('value', 'sciai-hostile/%');
    expect(count).toBeLessThanOrEqual(1); // the UTF-16 tool above, if it ran first
    const { count: records } = await serviceClient()
      .from('item_sources')
      .select('record_id', { count: 'exact', head: true })
      .like('record_url', 'https://example.org/%');
    expect(records).toBe(0);
    await expectHealthy(backend);
  });

  it('refuse prose credited to another source than the harvest’s, from a source that may copy', async () => {
    const begun = await serviceClient().rpc('begin_harvest', {
      source: 'openalex',
      query: { search: 'hostile-prose' },
    });
    const runId = (begun.data as { run_id: string }).run_id;
    for (const origin of [
      { kind: 'source', source: 'biotools-api' },
      { kind: 'source', source: 'OpenAlex-API' },
      { kind: 'source' },
      null,
      { kind: 'source', source: 'openalex-api', license: 'CC0-1.0' },
    ]) {
      const answer = await serviceClient().rpc('commit_harvest_page', {
        run_id: runId,
        items: [
          {
            content_type: 'paper',
            title: 'X',
            description: 'An abstract.',
            ids: [{ scheme: 'openalex', value: 'W1999999999' }],
            metadata: { description_origin: origin },
          },
        ] as never,
        next_cursor: 'x',
        finished: false,
      });
      expect(answer.error?.message ?? 'no error', JSON.stringify(origin)).toMatch(
        /either copied from OpenAlex API .* or composed from facts, without an abstract/,
      );
      expect(answer.status).toBeLessThan(500);
    }
    const { count } = await serviceClient()
      .from('external_ids')
      .select('value', { count: 'exact', head: true })
      .eq('value', 'W1999999999');
    expect(count).toBe(0);
  });
});

describe('sciai harvest against a source that points inward', () => {
  it('does not follow a mirror’s redirect into the server’s own network', async () => {
    const internal = await startInternalService();
    const sources = await startSourceFixtureServer({
      handlers: {
        openalex: ({ url }) =>
          url.pathname === '/works'
            ? { status: 302, headers: { location: `http://[::ffff:7f00:1]:${internal.port}/ready` } }
            : undefined,
        crossref: ({ url }) =>
          url.pathname === '/works'
            ? { status: 301, headers: { location: `http://127.0.0.1:${internal.port}/ready` } }
            : undefined,
      },
    });
    try {
      for (const source of ['openalex', 'crossref']) {
        const run = await runSciai(['harvest', source, '--search', 'protein', '--json'], {
          ...hosted(),
          // The operator's mirror is trusted; where it redirects is not.
          OPENALEX_BASE_URL: sources.baseUrl('openalex'),
          CROSSREF_BASE_URL: sources.baseUrl('crossref'),
          HARVEST_TIMEOUT_SECONDS: '5',
        });
        expect(run.code, `${source}: ${run.stdout}${run.stderr}`).toBe(1);
        expect(`${run.stdout}${run.stderr}`, source).toMatch(/not a public address/);
        expect(run.stderr, source).not.toMatch(/at .*\.ts:\d+/);
      }
      expect(internal.requests(), 'requests that reached the internal service').toBe(0);
      await expectHealthy(backend);
    } finally {
      await sources.close();
      await internal.close();
    }
  });
});
