import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { TestBackend } from '../support/backend.ts';
import { startSyntheticCatalogBackend } from '../support/search.ts';

/**
 * Cards are kept ready in item_card_ready (docs/decisions/0063-search-cards-kept-ready.md): each
 * must stay what a join of the tables it is made from gives — the item, its type's row, its
 * organization, its own fields and its browse row (signals) — after a change to any of them, and the
 * search, saved-list and quick-view cards read it. BUILT is that join as item_cards ran it
 * before the table existed.
 */
const BUILT = `
  select ci.id::text as id, ci.status = 'published' as published, jsonb_build_object(
    'id', ci.id, 'slug', ci.slug, 'title', ci.title, 'content_type', ci.content_type,
    'short_description', coalesce(nullif(ci.short_description, ''), left(ci.description, 200)),
    'url', ci.url, 'verified', ci.verified, 'featured', ci.featured,
    'view_count', ci.view_count, 'save_count', ci.save_count, 'trending_score', ci.trending_score,
    'year', ci.year, 'created_at', ci.created_at, 'tags', ci.tags,
    'key_features', ci.key_features, 'competitive_advantages', ci.competitive_advantages,
    'domains', coalesce((
      select array_agg(d.slug order by cd.is_primary desc, d.slug)
      from public.content_domains cd join public.scientific_domains d on d.id = cd.domain_id
      where cd.content_id = ci.id), '{}'),
    'organization', case when o.id is null then null
                    else jsonb_build_object('name', o.name, 'type', o.type, 'size', o.size) end,
    'pricing_model', coalesce(s.pricing_model, a.pricing_model),
    'open_source', coalesce(s.open_source, a.open_source),
    'license_status', coalesce(s.license_status, a.license_status),
    'api_available', s.api_available,
    'journal_name', pa.journal_name, 'peer_reviewed', pa.peer_reviewed,
    'figures', coalesce((
      select jsonb_object_agg(sg.signal, jsonb_strip_nulls(jsonb_build_object(
               'value', round(sg.value_num)::bigint, 'source', sg.source, 'as_of', sg.as_of,
               'via', nullif(btrim(sg.detail ->> 'via_name'), ''))))
      from public.item_signals sg
      where sg.content_id = ci.id and sg.signal in ('github_stars', 'citations') and sg.value_num >= 0), '{}'),
    'funding_stage', case when co.funding_stage_as_of is not null and co.funding_stage_source is not null
                       then co.funding_stage end,
    'funding_stage_as_of', co.funding_stage_as_of, 'funding_stage_source', co.funding_stage_source,
    'employee_count', case when co.employee_count_as_of is not null and co.employee_count_source is not null
                        then co.employee_count end,
    'employee_count_as_of', co.employee_count_as_of, 'employee_count_source', co.employee_count_source,
    'model_type', a.model_type, 'interaction_mode', a.interaction_mode,
    'citations', cs.citations, 'stars', cs.stars, 'active_at', cs.active_at, 'archived', cs.archived,
    'link_health', cs.link_health,
    'rating', case when r.verified_count + r.other_count > 0 then jsonb_build_object(
      'verified_count', r.verified_count, 'verified_average', r.verified_average, 'score', r.rating_score,
      'other_count', r.other_count, 'other_average', r.other_average) end)::text as card
  from public.content_items ci
  join public.content_search cs on cs.content_id = ci.id
  left join public.organizations o on o.id = ci.organization_id
  left join public.software s on s.content_id = ci.id
  left join public.papers pa on pa.content_id = ci.id
  left join public.companies co on co.content_id = ci.id
  left join public.agents a on a.content_id = ci.id
  left join public.item_ratings r on r.content_id = ci.id
  order by ci.id`;

describe('cards kept ready', () => {
  let backend: TestBackend;
  let db: pg.Client;

  beforeAll(async () => {
    ({ backend } = await startSyntheticCatalogBackend(120, 63, { signals: true }));
    db = new pg.Client({ connectionString: backend.connectionString });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await backend?.stop();
  });

  const expectCardsCurrent = async () => {
    const built = (await db.query<{ id: string; published: boolean; card: string }>(BUILT)).rows;
    const ready = (
      await db.query<{ id: string; published: boolean; card: string }>(
        'select content_id::text as id, published, card::text as card from public.item_card_ready order by content_id',
      )
    ).rows;
    expect(ready).toEqual(built);
    return built;
  };
  const itemOfType = async (type: string) =>
    (
      await db.query<{ id: string; organization_id: string }>(
        "select id, organization_id from public.content_items where content_type = $1 and status = 'published' limit 1",
        [type],
      )
    ).rows[0]!;

  it('has every item of a seeded catalog', async () => {
    const built = await expectCardsCurrent();
    expect(built.length).toBeGreaterThan(120);
  });

  it('follows the item, each type table and the organization', async () => {
    const software = await itemOfType('software');
    const company = await itemOfType('company');
    await db.query(
      "update public.content_items set title = title || ' II', view_count = view_count + 7 where id = $1",
      [software.id],
    );
    await db.query("update public.software set pricing_model = 'paid' where content_id = $1", [software.id]);
    await db.query("update public.papers set journal_name = 'Journal of Ready Cards' where content_id = $1", [
      (await itemOfType('paper')).id,
    ]);
    await db.query(
      `update public.companies set funding_stage = 'Series B', funding_stage_as_of = '2026-03-01',
         funding_stage_source = 'https://example.org/series-b', employee_count = '51-200',
         employee_count_as_of = null where content_id = $1`,
      [company.id],
    );
    await db.query("update public.agents set model_type = 'Ready-card agent' where content_id = $1", [
      (await itemOfType('agent')).id,
    ]);
    await db.query("update public.organizations set name = name || ' Labs', size = 'large' where id = $1", [
      software.organization_id,
    ]);
    const built = await expectCardsCurrent();
    // a company's funding stage and size only with their date and source (docs/product.md#facts)
    expect(JSON.parse(built.find((row) => row.id === company.id)!.card)).toMatchObject({
      funding_stage: 'Series B',
      funding_stage_as_of: '2026-03-01',
      funding_stage_source: 'https://example.org/series-b',
      employee_count: null,
    });
    const card = JSON.parse(built.find((row) => row.id === software.id)!.card);
    expect(card).toMatchObject({ pricing_model: 'paid' });
    expect(card.title).toMatch(/ II$/);
    expect(card.organization.name).toMatch(/ Labs$/);
  });

  it('follows domain links, signals and link checks', async () => {
    const { id } = await itemOfType('software');
    await db.query('delete from public.content_domains where content_id = $1 and not is_primary', [id]);
    await db.query(
      `insert into public.content_domains (content_id, domain_id)
       select $1, d.id from public.scientific_domains d
       where d.id not in (select domain_id from public.content_domains where content_id = $1) limit 1`,
      [id],
    );
    await db.query(
      `insert into public.item_signals (content_id, signal, source, value_num, as_of)
       values ($1, 'github_stars', 'github', 98765, now())
       on conflict (content_id, signal) do update set value_num = excluded.value_num`,
      [id],
    );
    await db.query(
      `insert into public.link_checks (content_id, link, url, ok, health, checked_at)
       values ($1, 'homepage', 'https://example.org/ready', false, 'down', now())
       on conflict do nothing`,
      [id],
    );
    await db.query("update public.link_checks set ok = false, health = 'down' where content_id = $1", [id]);
    const built = await expectCardsCurrent();
    expect(JSON.parse(built.find((row) => row.id === id)!.card)).toMatchObject({
      stars: 98765,
      figures: { github_stars: { value: 98765, source: 'github' } },
      link_health: 'down',
    });
  });

  // docs/product.md#browse-cards: ratings are written by the reviews' triggers; here as the owner
  it('follows the rating, and shows none (null) for an item without published reviews', async () => {
    const { id } = await itemOfType('software');
    const other = (await itemOfType('paper')).id;
    await db.query(
      `insert into public.item_ratings (content_id, verified_count, verified_average, rating_score, other_count, other_average)
       values ($1, 12, 4.62, 4.31, 3, 3.67), ($2, 0, null, null, 2, 5)`,
      [id, other],
    );
    let built = await expectCardsCurrent();
    const cardOf = (itemId: string) => JSON.parse(built.find((row) => row.id === itemId)!.card);
    expect(cardOf(id).rating).toEqual({
      verified_count: 12,
      verified_average: 4.62,
      score: 4.31,
      other_count: 3,
      other_average: 3.67,
    });
    expect(cardOf(other).rating).toMatchObject({ verified_count: 0, verified_average: null, other_count: 2 });
    await db.query('update public.item_ratings set verified_count = 13, verified_average = 4.5 where content_id = $1', [
      id,
    ]);
    await db.query('delete from public.item_ratings where content_id = $1', [other]);
    built = await expectCardsCurrent();
    expect(cardOf(id).rating).toMatchObject({ verified_count: 13, verified_average: 4.5 });
    expect(cardOf(other).rating).toBeNull();
  });

  it('is what search, the quick view and saved lists show, published items only', async () => {
    const { rows } = await db.query<{ page: { items: Array<{ id: string }> } }>(
      "select public.search_items(sort_by => 'recent') as page",
    );
    const built = new Map((await db.query<{ id: string; card: string }>(BUILT)).rows.map((row) => [row.id, row.card]));
    const items = rows[0]!.page.items;
    expect(items).toHaveLength(20);
    for (const item of items) expect(item).toEqual(JSON.parse(built.get(item.id)!));

    const hidden = items[0]!.id;
    await db.query("update public.content_items set status = 'archived' where id = $1", [hidden]);
    const slug = (await db.query<{ slug: string }>('select slug from public.content_items where id = $1', [hidden]))
      .rows[0]!.slug;
    const after = await db.query<{ cards: Array<{ id: string }>; quick: unknown }>(
      'select public.item_cards($1::uuid[]) as cards, public.quick_view_card($2) as quick',
      [items.map((item) => item.id), slug],
    );
    expect(after.rows[0]!.cards.map((card) => card.id)).toEqual(items.slice(1).map((item) => item.id));
    expect(after.rows[0]!.quick).toBeNull();
    await expectCardsCurrent();
  });
});
