import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../support/auth.ts';
import { anonClient, serviceClient } from '../support/clients.ts';
import { runSciai } from '../support/sciai.ts';
import { startSourceFixtureServer, type SourceFixtureServer } from '../support/source-fixture-server.ts';
import { createTestItem, type TestItem } from '../support/test-items.ts';

/**
 * `sciai enrich` against local stand-ins of GitHub, OpenAlex, Crossref, the Hub and a website,
 * on the run's shared backend: figures stored with their source and date, one history value a
 * day, the figures the catalog shows follow the live ones, link health with the down/dead rule.
 * Each run is limited to this file's items (--item), so the shared catalog is never looked up.
 */
let sources: SourceFixtureServer;
let stars = 1200;

beforeAll(async () => {
  sources = await startSourceFixtureServer({
    handlers: {
      github: ({ url }) => {
        if (url.pathname === '/repos/enrich-fixtures/tool')
          return {
            body: {
              full_name: 'enrich-fixtures/tool',
              stargazers_count: stars,
              forks_count: 80,
              open_issues_count: 12,
              pushed_at: '2026-11-01T08:00:00Z',
              archived: false,
              license: { spdx_id: 'Apache-2.0' },
            },
          };
        if (url.pathname === '/repos/enrich-fixtures/tool/releases/latest')
          return { body: { tag_name: 'v3.0.0', published_at: '2026-09-15T00:00:00Z' } };
        return undefined;
      },
      openalex: ({ url }) =>
        url.pathname.startsWith('/works/doi:10.5555/enrich') || url.pathname.startsWith('/works/doi%3A10.5555%2Fenrich')
          ? { body: { id: 'https://openalex.org/W42', cited_by_count: 456 } }
          : undefined,
      links: ({ url }) => (url.pathname === '/home' ? { status: 200, body: 'ok' } : undefined),
    },
  });
});
afterAll(() => sources.close());

function environment(): Record<string, string> {
  const backend = inject('backend');
  return {
    SUPABASE_URL: backend.url,
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
    GITHUB_API_URL: sources.baseUrl('github'),
    OPENALEX_BASE_URL: sources.baseUrl('openalex'),
    CROSSREF_BASE_URL: sources.baseUrl('crossref'),
    HUGGINGFACE_BASE_URL: sources.baseUrl('huggingface'),
    ENRICH_LINK_ALLOW_HOSTS: '127.0.0.1',
    // The fixture server answers at once; a loaded machine can still take seconds to deliver it.
    ENRICH_TIMEOUT_SECONDS: '20',
  };
}

async function enrich(args: string[]) {
  const run = await runSciai(['enrich', '--json', ...args], environment());
  expect(run.stderr).not.toMatch(/error:/i);
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as { ok: boolean; items: number; updated: number; failed: number; runId: string };
}

describe('sciai enrich', () => {
  let tool: TestItem;
  let paper: TestItem;
  let site: TestItem;

  beforeAll(async () => {
    // the tool's GitHub repository is also its only link: links are checked on `site` and `paper`
    tool = await createTestItem('software', 'enrich-tool', { url: 'https://github.com/enrich-fixtures/tool' });
    site = await createTestItem('software', 'enrich-site', { url: `${sources.baseUrl('links')}/home` });
    paper = await createTestItem('paper', 'enrich-paper', { url: `${sources.baseUrl('links')}/missing` });
    await withDatabase(async (db) => {
      await db.query(
        `insert into public.software (content_id, github_url, github_stars) values ($1, 'https://github.com/enrich-fixtures/tool', 5)`,
        [tool.id],
      );
      await db.query(`insert into public.papers (content_id, doi, citation_count) values ($1, $2, 3)`, [
        paper.id,
        `10.5555/enrich.${paper.slug}`,
      ]);
    });
  });

  it('stores GitHub facts and citations with their source and date, and the catalog figures follow', async () => {
    const report = await enrich(['--item', `${tool.slug},${paper.slug}`, '--source', 'github']);
    expect(report).toMatchObject({ ok: true, items: 1, failed: 0 });
    const cited = await enrich(['--item', paper.slug, '--source', 'openalex']);
    expect(cited).toMatchObject({ ok: true, items: 1, failed: 0 });

    const { data: signals } = await anonClient()
      .from('item_signals')
      .select('content_id, signal, source, value_num, value_text, as_of')
      .in('content_id', [tool.id, paper.id]);
    const byName = Object.fromEntries((signals ?? []).map((row) => [`${row.content_id}:${row.signal}`, row]));
    expect(byName[`${tool.id}:github_stars`]).toMatchObject({ source: 'github', value_num: 1200 });
    expect(byName[`${tool.id}:github_release`]).toMatchObject({ value_text: 'v3.0.0' });
    expect(byName[`${tool.id}:github_license`]).toMatchObject({ value_text: 'Apache-2.0' });
    expect(byName[`${tool.id}:github_archived`]).toMatchObject({ value_num: 0 });
    expect(byName[`${paper.id}:citations`]).toMatchObject({ source: 'openalex', value_num: 456 });
    expect(Date.now() - Date.parse(String(byName[`${tool.id}:github_stars`]?.as_of))).toBeLessThan(3_600_000);

    const { data: software } = await serviceClient()
      .from('software')
      .select('github_stars')
      .eq('content_id', tool.id)
      .single();
    expect(software?.github_stars).toBe(1200);
    const { data: papers } = await serviceClient()
      .from('papers')
      .select('citation_count')
      .eq('content_id', paper.id)
      .single();
    expect(papers?.citation_count).toBe(456);
  });

  it('keeps one history value per day: a second run the same day replaces it', async () => {
    stars = 1250;
    await enrich(['--item', tool.slug, '--source', 'github']);
    const { data: history } = await anonClient()
      .from('item_signal_history')
      .select('day, value_num')
      .eq('content_id', tool.id)
      .eq('signal', 'github_stars');
    expect(history).toEqual([expect.objectContaining({ value_num: 1250 })]);
  });

  it('checks links: ok, then down after a failure, then dead after failures on 3 checks a week apart', async () => {
    await enrich(['--item', `${site.slug},${paper.slug}`, '--source', 'links']);
    const read = async (id: string) => {
      const { data } = await anonClient()
        .from('link_checks')
        .select('link, health, ok, http_status, spaced_failures')
        .eq('content_id', id);
      return data ?? [];
    };
    expect(await read(site.id)).toEqual([
      expect.objectContaining({ link: 'homepage', health: 'ok', http_status: 200 }),
    ]);
    expect(await read(paper.id)).toEqual([
      expect.objectContaining({ link: 'homepage', health: 'down', http_status: 404, spaced_failures: 1 }),
    ]);

    // A failure within the week does not count again.
    await enrich(['--item', paper.slug, '--source', 'links']);
    expect((await read(paper.id))[0]).toMatchObject({ health: 'down', spaced_failures: 1 });

    // Two more failures, each a week after the last one counted: dead.
    for (const expected of [
      { health: 'down', spaced_failures: 2 },
      { health: 'dead', spaced_failures: 3 },
    ]) {
      await withDatabase((db) =>
        db.query(
          `update public.link_checks set last_counted_failure_at = last_counted_failure_at - interval '8 days' where content_id = $1`,
          [paper.id],
        ),
      );
      await enrich(['--item', paper.slug, '--source', 'links']);
      expect((await read(paper.id))[0]).toMatchObject(expected);
    }
  });

  it('records the run with its counts, and shows it on catalog health to staff only', async () => {
    const { data: runs } = await serviceClient()
      .from('enrich_runs')
      .select('origin, status, items, updated, failed')
      .order('started_at', { ascending: false })
      .limit(1);
    expect(runs?.[0]).toMatchObject({ origin: 'recheck', status: 'completed', items: 1 });
    const { data: health, error } = await serviceClient().rpc('catalog_health', {});
    expect(error).toBeNull();
    expect((health as { links: { slug: string; health: string }[] }).links).toEqual(
      expect.arrayContaining([expect.objectContaining({ slug: paper.slug, health: 'dead' })]),
    );
    const denied = await anonClient().rpc('catalog_health', {});
    expect(denied.error).not.toBeNull();
  });
});
