import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { anonClient, serviceClient } from '../support/clients.ts';
import { rpcOf, stageAndCommit } from '../support/csv-import.ts';
import { makeMaintainer } from '../support/review-replies.ts';
import { createTestItem, type TestItem } from '../support/test-items.ts';

interface PublicVersion {
  version: number;
  changed_at: string;
  actor: string;
  actor_name: string | null;
  fields: string[];
  changes?: Record<string, { old: unknown; new: unknown }>;
}

interface History {
  item: { slug: string; latest: number };
  total: number;
  versions: PublicVersion[];
}

/** The item's history as a visitor reads it. */
async function historyOf(item: TestItem): Promise<History> {
  const { data, error } = await anonClient().rpc('item_history', { _slug: item.slug });
  expect(error).toBeNull();
  return data as unknown as History;
}

/** One version with its changes, as a visitor reads it. */
async function versionOf(item: TestItem, version: number): Promise<PublicVersion> {
  const { data, error } = await anonClient().rpc('item_version', { _slug: item.slug, _version: version });
  expect(error).toBeNull();
  return (data as unknown as { version: PublicVersion }).version;
}

/** A published tool with a repository, a licence and two domains. */
async function toolWithFacts(label: string): Promise<TestItem> {
  const item = await createTestItem('software', label, { domainSlugs: ['biology', 'chemistry'] });
  await withDatabase((db) =>
    db.query(
      `insert into public.software (content_id, github_url, license, pricing_model, github_stars)
       values ($1, $2, 'MIT', 'free', 10)`,
      [item.id, `https://github.com/history-lab/${item.slug}`],
    ),
  );
  // (set up in several transactions after the item was published: its history starts here)
  await withDatabase((db) => db.query('delete from public.item_versions where content_id = $1', [item.id]));
  return item;
}

/**
 * The item history (docs/product.md#item-history): every change to a published item is one
 * version with its actor and only the public fields it changed, whoever wrote it; admins and
 * maintainers revert within their rights; visitors read the history of published items only.
 */
describe('item history', () => {
  let admin: SignedInUser;
  let moderator: SignedInUser;
  let maintainer: SignedInUser;

  beforeAll(async () => {
    [admin, moderator, maintainer] = await Promise.all([
      signedInAs('admin', 'history-admin'),
      signedInAs('moderator', 'history-moderator'),
      signedInAs('user', 'history-maintainer'),
    ]);
  });

  it("records a moderator's edit as one version with only the fields it changed", async () => {
    const item = await toolWithFacts('history-moderated');
    const domains = await withDatabase(async (db) => {
      const { rows } = await db.query<{ id: string }>(
        "select id from public.scientific_domains where slug in ('physics', 'biology') order by slug = 'physics' desc",
      );
      return rows.map((row) => row.id);
    });
    const edited = await moderator.client.rpc('admin_update_item', {
      item_id: item.id,
      // the short description as it is: no change; featured: not a public fact
      changes: { title: `${item.title} renamed`, short_description: `About ${item.title}`, featured: true },
      domain_ids: domains,
    });
    expect(edited.error).toBeNull();

    const history = await historyOf(item);
    expect(history.total).toBe(1);
    expect(history.versions).toEqual([
      expect.objectContaining({ version: 1, actor: 'moderator', actor_name: null, fields: ['domains', 'title'] }),
    ]);
    expect((await versionOf(item, 1)).changes).toEqual({
      title: { old: item.title, new: `${item.title} renamed` },
      domains: { old: ['biology', 'chemistry'], new: ['physics', 'biology'] },
    });
  });

  it('folds the updates of one transaction into one version, and leaves out derived and private columns', async () => {
    const item = await toolWithFacts('history-folded');
    await withDatabase(async (db) => {
      await db.query('begin');
      await db.query("update public.content_items set title = 'Folded title', view_count = 7 where id = $1", [item.id]);
      await db.query("update public.software set license = 'Apache-2.0', github_stars = 99 where content_id = $1", [
        item.id,
      ]);
      await db.query('update public.content_items set title = $2 where id = $1', [item.id, item.title]);
      await db.query('commit');
      // counters, scores, figures with their own history, flags, metadata, status internals: no version
      await db.query(
        `update public.content_items set save_count = 3, trending_score = 2.5, verified = true, featured = true,
           metadata = '{"internal": true}', year = 2001, search_vector = ''::tsvector where id = $1`,
        [item.id],
      );
      await db.query('update public.software set github_stars = 120 where content_id = $1', [item.id]);
    });
    const history = await historyOf(item);
    expect(history.versions.map((version) => [version.actor, version.fields])).toEqual([['system', ['license']]]);
    // open_source follows the licence (derived): the change is the licence alone
    expect((await versionOf(item, 1)).changes).toEqual({ license: { old: 'MIT', new: 'Apache-2.0' } });
  });

  it("records a maintainer's edit, and a moderator's approval of their waiting change, as theirs", async () => {
    const item = await toolWithFacts('history-maintained');
    await makeMaintainer(item.id, maintainer.userId);
    await withDatabase((db) =>
      db.query("update public.user_profiles set display_name = 'Hedy History', is_public = true where id = $1", [
        maintainer.userId,
      ]),
    );
    const edited = await maintainer.client.rpc('maintainer_update_item', {
      _content_id: item.id,
      _changes: { description: 'A new description.', pricing_model: 'freemium', title: 'Maintained name' },
    });
    expect(edited.data).toEqual({ applied: ['description', 'pricing_model'], pending: ['title'] });
    const queue = (await moderator.client.rpc('pending_item_fact_changes')).data as Array<{
      id: string;
      content_id: string;
    }>;
    const waiting = queue.find((change) => change.content_id === item.id)!;
    expect(
      (await moderator.client.rpc('decide_item_fact_change', { _change_id: waiting.id, _approve: true })).error,
    ).toBeNull();

    const history = await historyOf(item);
    expect(history.versions).toEqual([
      expect.objectContaining({ version: 2, actor: 'maintainer', actor_name: 'Hedy History', fields: ['title'] }),
      expect.objectContaining({
        version: 1,
        actor: 'maintainer',
        actor_name: 'Hedy History',
        fields: ['description', 'pricing_model'],
      }),
    ]);
  });

  it('credits a harvest, an enrich and an import to their source, the import making no version', async () => {
    const paper = await createTestItem('paper', 'history-harvested');
    const doi = `10.5555/${paper.slug}`;
    await withDatabase((db) =>
      db.query('insert into public.papers (content_id, doi, citation_count) values ($1, $2, 1)', [paper.id, doi]),
    );
    const service = serviceClient();
    const run = await service.rpc('begin_harvest', { source: 'openalex', query: { test: paper.slug }, publish: true });
    expect(run.error).toBeNull();
    const page = await service.rpc('commit_harvest_page', {
      run_id: (run.data as { run_id: string }).run_id,
      items: [
        {
          content_type: 'paper',
          title: paper.title,
          ids: [{ scheme: 'doi', value: doi }],
          paper: { doi, journal_name: 'Journal of Histories', citation_count: 40 },
        },
      ],
      next_cursor: null,
      finished: true,
    });
    expect(page.error).toBeNull();
    // the journal filled in; the citation count is a figure with its own dated history
    expect((await historyOf(paper)).versions.map((version) => [version.actor, version.fields])).toEqual([
      ['harvest:openalex', ['journal_name']],
    ]);

    const tool = await toolWithFacts('history-enriched');
    const enrichRun = await service.rpc('begin_enrich_run', { sources: ['github'] });
    expect(enrichRun.error).toBeNull();
    const enriched = await service.rpc('record_enrich_batch', {
      run_id: enrichRun.data as string,
      results: [
        {
          id: tool.id,
          source: 'github',
          ok: true,
          signals: [{ signal: 'github_stars', num: 321, detail: { repo: `history-moved/${tool.slug}`, id: 777001 } }],
        },
      ],
    });
    expect(enriched.error).toBeNull();
    expect((await versionOf(tool, 1)).changes).toEqual({
      github_url: {
        old: `https://github.com/history-lab/${tool.slug}`,
        new: `https://github.com/history-moved/${tool.slug}`,
      },
    });
    expect((await historyOf(tool)).versions[0]?.actor).toBe('enrich:github');

    // An import adds items (its duplicates are left as they are): their history starts as published.
    const imported = await stageAndCommit(rpcOf(service), 'company', [
      { row_number: 1, title: `History Import Co ${tool.slug}`, short_description: 'Imported', domains: ['biology'] },
    ]);
    expect(imported.error).toBeNull();
    const importedItem = await withDatabase(async (db) => {
      const { rows } = await db.query<{ id: string; slug: string; title: string; versions: number }>(
        `select ci.id, ci.slug, ci.title, (select count(*)::integer from public.item_versions v where v.content_id = ci.id) as versions
         from public.content_items ci where ci.title = $1`,
        [`History Import Co ${tool.slug}`],
      );
      return rows[0]!;
    });
    expect(importedItem.versions).toBe(0);
    expect(await historyOf(importedItem)).toMatchObject({ total: 0, versions: [], item: { latest: 0 } });
  });

  it('lets an admin revert to any version, as a new version', async () => {
    const item = await toolWithFacts('history-reverted');
    await moderator.client.rpc('admin_update_item', { item_id: item.id, changes: { title: 'Second title' } });
    await moderator.client.rpc('admin_update_item', {
      item_id: item.id,
      changes: { title: 'Third title', description: 'Third description' },
    });
    await withDatabase((db) =>
      db.query("update public.software set license = 'GPL-3.0-only' where content_id = $1", [item.id]),
    );

    const reverted = await admin.client.rpc('revert_item_to_version', { _content_id: item.id, _version: 1 });
    expect(reverted.error).toBeNull();
    expect(reverted.data).toEqual({ version: 4, restored: ['description', 'license', 'title'], skipped: [] });
    const now = await withDatabase(async (db) => {
      const { rows } = await db.query(
        `select ci.title, ci.description, s.license, s.open_source from public.content_items ci
         join public.software s on s.content_id = ci.id where ci.id = $1`,
        [item.id],
      );
      return rows[0];
    });
    expect(now).toEqual({
      title: 'Second title',
      description: `Description of ${item.title}.`,
      license: 'MIT',
      open_source: true,
    });
    const revert = await versionOf(item, 4);
    expect(revert).toMatchObject({ actor: 'revert:1', fields: ['description', 'license', 'title'] });
    expect(revert.changes?.title).toEqual({ old: 'Third title', new: 'Second title' });

    // back to the item as first published; a revert to where it is changes nothing
    expect((await admin.client.rpc('revert_item_to_version', { _content_id: item.id, _version: 0 })).data).toEqual({
      version: 5,
      restored: ['title'],
      skipped: [],
    });
    expect((await admin.client.rpc('revert_item_to_version', { _content_id: item.id, _version: 5 })).data).toEqual({
      version: null,
      restored: [],
      skipped: [],
    });
    const missing = await admin.client.rpc('revert_item_to_version', { _content_id: item.id, _version: 6 });
    expect(missing.error?.message).toBe('Version not found');
  });

  it("lets a maintainer revert only what they may edit without review, and nobody else's item", async () => {
    const item = await toolWithFacts('history-maintainer-revert');
    await makeMaintainer(item.id, maintainer.userId);
    await moderator.client.rpc('admin_update_item', {
      item_id: item.id,
      changes: { title: 'Vandal title', short_description: 'Vandal summary' },
    });
    const other = await toolWithFacts('history-not-theirs');
    await moderator.client.rpc('admin_update_item', { item_id: other.id, changes: { title: 'Other title' } });

    const reverted = await maintainer.client.rpc('revert_item_to_version', { _content_id: item.id, _version: 0 });
    expect(reverted.data).toEqual({ version: 2, restored: ['short_description'], skipped: ['title'] });
    expect((await versionOf(item, 2)).changes).toEqual({
      short_description: { old: 'Vandal summary', new: `About ${item.title}` },
    });

    for (const client of [maintainer.client, moderator.client]) {
      const refused = await client.rpc('revert_item_to_version', { _content_id: other.id, _version: 0 });
      expect(refused.error?.message).toBe("Only an admin or the item's maintainer can revert it");
    }
    const visitor = await anonClient().rpc('revert_item_to_version', { _content_id: other.id, _version: 0 });
    expect(visitor.error?.code).toBe('42501');
    expect((await historyOf(other)).total).toBe(1);
  });

  it('shows visitors the history of published items only, without accounts, and keeps it out of item details', async () => {
    const item = await toolWithFacts('history-visible');
    await moderator.client.rpc('admin_update_item', {
      item_id: item.id,
      changes: { description: 'history-new-words' },
    });
    const [version] = (await historyOf(item)).versions;
    expect(Object.keys(version!).sort()).toEqual(['actor', 'actor_name', 'changed_at', 'fields', 'version']);
    expect(JSON.stringify(await versionOf(item, 1))).not.toContain(moderator.userId);

    // the table itself is staff's: visitors and users read versions only through the functions
    expect((await anonClient().from('item_versions').select('id').eq('content_id', item.id)).error?.code).toBe('42501');
    expect((await maintainer.client.from('item_versions').select('id').eq('content_id', item.id)).data).toEqual([]);
    expect(
      (await moderator.client.from('item_versions').select('actor_user_id').eq('content_id', item.id)).data,
    ).toEqual([{ actor_user_id: moderator.userId }]);

    // What the dumps and the API's item details carry: the item as it is, never its history.
    const details = await anonClient().rpc('item_details', { slugs: [item.slug] });
    const text = JSON.stringify(details.data);
    expect(text).toContain('history-new-words');
    expect(text).not.toContain(`Description of ${item.title}.`);

    await moderator.client.rpc('admin_update_item', { item_id: item.id, changes: { status: 'archived' } });
    expect((await anonClient().rpc('item_history', { _slug: item.slug })).data).toBeNull();
    expect((await anonClient().rpc('item_version', { _slug: item.slug, _version: 1 })).data).toBeNull();
    expect((await anonClient().rpc('item_version', { _slug: 'no-such-item', _version: 1 })).data).toBeNull();
  });
});
