import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInAs } from '../support/auth.ts';
import { anonClient, serviceClient } from '../support/clients.ts';
import { runSciai } from '../support/sciai.ts';
import { startSourceFixtureServer, type SourceFixtureServer } from '../support/source-fixture-server.ts';
import { createTestItem } from '../support/test-items.ts';
import { withDatabase } from '../support/auth.ts';
import { expectHealthy } from './hostile-requests.ts';
import { startInternalService, type InternalService } from './internal-service.ts';

/**
 * Hostile callers of the enrich functions and hostile sources answering `sciai enrich`: the
 * wrong role is refused, oversized or odd input is refused or clamped, and a source sending huge
 * bodies, absurd nesting or redirect loops, or pointing the link checker at private addresses,
 * fails that item with a reason. Never a 5xx, a hang or a stopped database.
 */
const backend = inject('backend');
let sources: SourceFixtureServer;
/** A service of the server's own network (as PostgREST's admin port is): it must never be reached. */
let internal: InternalService;
beforeAll(async () => {
  internal = await startInternalService();
  sources = await startSourceFixtureServer({
    handlers: {
      links: ({ url }) =>
        url.pathname === '/to-metadata'
          ? { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }
          : url.pathname === '/to-localhost'
            ? { status: 301, headers: { location: 'http://localhost:5432/' } }
            : url.pathname === '/to-internal-mapped'
              ? { status: 302, headers: { location: `http://[::ffff:7f00:1]:${internal.port}/ready` } }
              : url.pathname === '/to-internal'
                ? { status: 307, headers: { location: `http://127.0.0.1:${internal.port}/ready` } }
                : undefined,
    },
  });
});
afterAll(async () => {
  await sources.close();
  await internal.close();
});

describe('enrich functions called by the wrong role', () => {
  it('refuses anonymous and signed-in callers on every writer, and staff-only readers to users', async () => {
    const user = await signedInAs('user', 'enrich-user');
    const runId = '00000000-0000-4000-8000-000000000000';
    const writers: Array<[string, Record<string, unknown>]> = [
      ['begin_enrich_run', { sources: ['github'], origin: 'cli' }],
      ['record_enrich_batch', { run_id: runId, results: [] }],
      ['finish_enrich_run', { run_id: runId }],
      ['enrich_targets', { sources: ['github'], stale_seconds: 0, max_items: 10 }],
      ['enrich_cache_get', { urls: ['https://example.org'] }],
      ['enrich_cache_put', { entries: [] }],
    ];
    for (const client of [anonClient(), user.client]) {
      for (const [fn, args] of writers) {
        const { error, status } = await client.rpc(fn, args);
        expect(error, fn).not.toBeNull();
        expect(status, fn).toBeLessThan(500);
      }
      const health = await client.rpc('catalog_health', {});
      expect(health.error).not.toBeNull();
      const recheck = await client.rpc('request_enrich_recheck', { content_id: runId });
      expect(recheck.error).not.toBeNull();
      expect(recheck.status).toBeLessThan(500);
    }
    // Nothing enrich keeps besides the public figures is readable to them.
    for (const table of ['enrich_requests', 'enrich_http_cache', 'item_enrich_state', 'enrich_runs']) {
      const { data } = await user.client.from(table).select('*').limit(1);
      expect(data ?? [], table).toEqual([]);
    }
    const write = await user.client.from('item_signals').insert({
      content_id: runId,
      signal: 'github_stars',
      source: 'github',
      value_num: 1e9,
      as_of: new Date().toISOString(),
    });
    expect(write.error).not.toBeNull();
  });

  it('answers a moderator’s odd input with a refusal, never a 5xx', async () => {
    const moderator = await signedInAs('moderator', 'enrich-moderator');
    for (const content_id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', 'x'.repeat(100_000)]) {
      const { error, status } = await moderator.client.rpc('request_enrich_recheck', { content_id });
      expect(error).not.toBeNull();
      expect(status).toBeLessThan(500);
    }
    for (const stale_seconds of [-1, 2_147_483_647]) {
      const { error, status } = await moderator.client.rpc('catalog_health', { stale_seconds });
      expect(error).toBeNull();
      expect(status).toBe(200);
    }
  });

  it('clamps a service caller’s oversized page and survives malformed batches', async () => {
    const service = serviceClient();
    const targets = await service.rpc('enrich_targets', {
      sources: ['github', 'links'],
      stale_seconds: 0,
      max_items: 1_000_000,
    });
    expect(targets.error).toBeNull();
    expect((targets.data as unknown[]).length).toBeLessThanOrEqual(2000);
    const { data: runId } = await service.rpc('begin_enrich_run', { sources: ['links'], origin: 'cli' });
    for (const results of [{ not: 'an array' }, [{ id: 'nope', source: 'links', ok: true }], 'text']) {
      const { error, status } = await service.rpc('record_enrich_batch', { run_id: runId, results });
      expect(error).not.toBeNull();
      expect(status).toBeLessThan(500);
    }
    await expectHealthy(backend);
  });
});

describe('record_enrich_batch and refused links', () => {
  it('stores a refused link as not checked, whatever else the caller sent with it', async () => {
    const service = serviceClient();
    const item = await createTestItem('software', 'enrich-refused-batch');
    const { data: runId } = await service.rpc('begin_enrich_run', { sources: ['links'], origin: 'cli' });
    const link = (extra: Record<string, unknown>) => ({
      link: 'homepage',
      url: 'http://[::ffff:7f00:1]:3001/ready',
      ok: true,
      status: 200,
      final_url: 'http://127.0.0.1:3001/ready',
      error: 'x'.repeat(10_000),
      ms: 3,
      ...extra,
    });
    const stored = async () =>
      (
        await anonClient()
          .from('link_checks')
          .select('ok, health, http_status, final_url, error, elapsed_ms, spaced_failures')
          .eq('content_id', item.id)
          .single()
      ).data;
    const record = (links: unknown[]) =>
      service.rpc('record_enrich_batch', {
        run_id: runId,
        results: [{ id: item.id, source: 'links', ok: true, links }],
      });
    expect((await record([link({ refused: true })])).error).toBeNull();
    expect(await stored()).toEqual({
      ok: false,
      health: 'unchecked',
      http_status: null,
      final_url: null,
      error: null,
      elapsed_ms: null,
      spaced_failures: 0,
    });
    // Only a JSON true refuses; other values are a check like any other, never a 5xx.
    for (const refused of ['yes', 1, { deep: [[[]]] }, null, 'true ']) {
      const { error, status } = await record([link({ refused })]);
      expect(error, JSON.stringify(refused)).toBeNull();
      expect(status).toBeLessThan(500);
      expect((await stored())?.health, JSON.stringify(refused)).toBe('ok');
    }
    // The table itself refuses a row that is unchecked and says more.
    await withDatabase(async (db) => {
      await expect(
        db.query(`update public.link_checks set health = 'unchecked', elapsed_ms = 12 where content_id = $1`, [
          item.id,
        ]),
      ).rejects.toThrow(/link_checks_unchecked_says_nothing/);
    });
    await expectHealthy(backend);
  });
});

describe('sciai enrich against hostile sources', () => {
  it('fails items on huge bodies, deep JSON, redirect loops and redirects to private addresses; the run completes', async () => {
    const item = await createTestItem('software', 'enrich-hostile', { url: `${sources.baseUrl('links')}/loop` });
    const metadata = await createTestItem('software', 'enrich-metadata', {
      url: `${sources.baseUrl('links')}/to-metadata`,
    });
    const local = await createTestItem('software', 'enrich-localhost', {
      url: `${sources.baseUrl('links')}/to-localhost`,
    });
    const paper = await createTestItem('paper', 'enrich-huge');
    await withDatabase(async (db) => {
      await db.query(
        `insert into public.software (content_id, github_url) values ($1, 'https://github.com/hostile/repo'), ($2, null), ($3, null)`,
        [item.id, metadata.id, local.id],
      );
      await db.query(`insert into public.papers (content_id, doi) values ($1, $2)`, [
        paper.id,
        `10.5555/hostile.${paper.slug}`,
      ]);
    });
    sources.fault('links', { kind: 'redirect-loop', match: '/loop' });
    sources.fault('github', { kind: 'huge' });
    sources.fault('openalex', { kind: 'deep-json' });
    sources.fault('crossref', { kind: 'huge' });
    const environment = {
      SUPABASE_URL: backend.url,
      SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
      GITHUB_API_URL: sources.baseUrl('github'),
      OPENALEX_BASE_URL: sources.baseUrl('openalex'),
      CROSSREF_BASE_URL: sources.baseUrl('crossref'),
      HUGGINGFACE_BASE_URL: sources.baseUrl('huggingface'),
      // the fixture server's address and port only: 169.254.169.254 and localhost stay refused
      ENRICH_LINK_ALLOW_HOSTS: new URL(sources.baseUrl('links')).host,
      ENRICH_TIMEOUT_SECONDS: '5',
    };
    // One source a run, so the item's GitHub repository is never checked as a link (no outside DNS).
    const enrich = (source: string, slugs: string[]) =>
      runSciai(['enrich', '--json', '--source', source, '--item', slugs.join(',')], environment);
    const linksRun = await enrich('links', [item.slug, metadata.slug, local.slug]);
    expect(linksRun.code).toBe(0);
    const githubRun = await enrich('github', [item.slug]);
    expect(githubRun.code).toBe(0);
    const run = await enrich('openalex', [paper.slug]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { ok: boolean; items: number; failed: number };
    expect(report.ok).toBe(true);
    expect(report.items).toBe(1);
    expect(report.failed).toBe(2); // OpenAlex's deep JSON, then Crossref's huge body
    expect(JSON.parse(githubRun.stdout)).toMatchObject({ ok: true, items: 1, failed: 1 });

    const { data: links } = await serviceClient()
      .from('link_checks')
      .select('content_id, ok, error')
      .eq('link', 'homepage')
      .in('content_id', [item.id, metadata.id, local.id]);
    const errorOf = (id: string) => links?.find((row) => row.content_id === id)?.error;
    expect(errorOf(item.id)).toMatch(/redirects/);
    // Refused, and said in no more words than that (see below).
    expect(errorOf(metadata.id)).toBeNull();
    expect(errorOf(local.id)).toBeNull();
    const { data: state } = await serviceClient()
      .from('item_enrich_state')
      .select('source, ok, error')
      .eq('content_id', item.id)
      .eq('source', 'github');
    expect(state?.[0]).toMatchObject({ ok: false, error: expect.stringMatching(/more than/) });
    await expectHealthy(backend);
  });
});

describe('the link checker and the server’s own network', () => {
  it('never reaches a loopback service, however its address is written, and publishes nothing about it', async () => {
    const port = internal.port;
    const links = sources.baseUrl('links');
    const targets: Array<[string, string]> = [
      ['mapped', `http://[::ffff:127.0.0.1]:${port}/ready`],
      ['mapped-hex', `http://[::ffff:7f00:1]:${port}/ready`],
      ['translated', `http://[::ffff:0:7f00:1]:${port}/ready`],
      ['compatible', `http://[::127.0.0.1]:${port}/ready`],
      ['nat64', `http://[64:ff9b::7f00:1]:${port}/ready`],
      ['sixtofour', `http://[2002:7f00:1::1]:${port}/ready`],
      ['decimal', `http://2130706433:${port}/ready`],
      ['octal', `http://0177.0.0.1:${port}/ready`],
      ['hex', `http://0x7f.0.0.1:${port}/ready`],
      ['short', `http://127.1:${port}/ready`],
      ['unspecified', `http://0.0.0.0:${port}/ready`],
      ['v6-loopback', `http://[::1]:${port}/ready`],
      ['localhost-dot', `http://localhost.:${port}/ready`],
      ['localhost-sub', `http://api.localhost:${port}/ready`],
      // A public-looking page (allowed by the operator's list) redirecting inward.
      ['redirect-mapped', `${links}/to-internal-mapped`],
      ['redirect-dotted', `${links}/to-internal`],
    ];
    const items = await Promise.all(
      targets.map(([label, url]) => createTestItem('software', `ssrf-${label}`, { url })),
    );
    await withDatabase((db) =>
      db.query(`insert into public.software (content_id, github_url) select unnest($1::uuid[]), null`, [
        items.map((item) => item.id),
      ]),
    );
    const before = internal.requests();
    const run = await runSciai(
      ['enrich', '--json', '--source', 'links', '--item', items.map((item) => item.slug).join(',')],
      {
        SUPABASE_URL: backend.url,
        SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
        // The fixture server only: 127.0.0.1 on any other port stays refused.
        ENRICH_LINK_ALLOW_HOSTS: new URL(links).host,
        ENRICH_TIMEOUT_SECONDS: '5',
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(internal.requests() - before, 'requests that reached the internal service').toBe(0);

    // What anyone can read: the link was not checked, and nothing else.
    const { data, error } = await anonClient()
      .from('link_checks')
      .select('content_id, url, ok, health, http_status, final_url, error, elapsed_ms')
      .eq('link', 'homepage')
      .in(
        'content_id',
        items.map((item) => item.id),
      );
    expect(error).toBeNull();
    expect(data).toHaveLength(targets.length);
    for (const row of data ?? []) {
      const label = targets[items.findIndex((item) => item.id === row.content_id)]![0];
      expect(row, label).toMatchObject({
        ok: false,
        health: 'unchecked',
        http_status: null,
        final_url: null,
        error: null,
        elapsed_ms: null,
      });
    }
    await expectHealthy(backend);
  });
});
