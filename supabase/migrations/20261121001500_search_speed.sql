-- Search without waiting for the cache (docs/decisions/0009-search-speed.md).
--
-- A query's first run used to match text on the wide content_items rows, rank every match, and
-- count facets with six grouping sets over all of them: about a second at 100,000 items. Now:
--   * the text is matched on the narrow browse index (content_search carries the tsvector, with
--     its own GIN index, and a trigram index on the lower-cased title for substring matches);
--   * facets read only the rows that can count somewhere: a row failing two or more filters is
--     in no facet (each facet drops only its own filter), and that condition is handed to the
--     planner as index-friendly predicates, so it can combine the indexes in a bitmap;
--   * ranking (ts_rank_cd) runs only for a relevance-sorted page, over the filtered matches;
--   * every statement is built per call with its values as parameters (EXECUTE … USING), so each
--     call is planned for its own filters instead of a generic plan that can use no index.
-- Signatures are unchanged: search_items and its cache work as before.

alter table public.content_search add column search_vector tsvector not null default ''::tsvector;
-- for related_items: candidates by shared tag come from this index, in trending order
alter table public.content_search add column tags text[] not null default '{}';

create index content_search_text_idx on public.content_search using gin (search_vector) where status = 'published';
create index content_search_title_trgm_idx on public.content_search
  using gin (title_key extensions.gin_trgm_ops) where status = 'published';
create index content_search_size_idx on public.content_search (organization_size) where status = 'published';
create index content_search_year_idx on public.content_search (year) where status = 'published';
create index content_search_tags_idx on public.content_search using gin (tags) where status = 'published';

-- As before, plus the text vector. A text change now also bumps the catalog version: which items
-- a query matches is part of what its cached facet counts describe.
create or replace function public.refresh_content_search(item_ids uuid[]) returns void
language plpgsql security definer set search_path = '' as $$
declare
  facet_changes integer;
begin
  if to_regclass('pg_temp.pending_search_rows') is null then
    create temporary table pending_search_rows (like public.content_search) on commit drop;
  else
    truncate pending_search_rows;
  end if;
  insert into pending_search_rows (content_id, status, content_type, slug, title_key, created_at, save_count,
    view_count, trending_score, year, organization_size, domain_slugs, features, search_vector, tags)
  select
    ci.id, ci.status, ci.content_type, ci.slug, lower(ci.title), ci.created_at, ci.save_count, ci.view_count,
    ci.trending_score, coalesce(ci.year, extract(year from ci.created_at at time zone 'UTC')::integer), o.size,
    coalesce((select array_agg(d.slug order by cd.is_primary desc, d.slug)
              from public.content_domains cd join public.scientific_domains d on d.id = cd.domain_id
              where cd.content_id = ci.id), '{}'),
    array_remove(array[
      case when ci.verified then 'verified' end,
      case when cardinality(ci.competitive_advantages) > 0 then 'competitive' end,
      case when o.size in ('large', 'enterprise') then 'enterprise' end,
      case when p.peer_reviewed then 'peer_reviewed' end,
      case when coalesce(s.open_source, a.open_source) then 'open_source' end,
      case when coalesce(s.pricing_model, a.pricing_model) in ('free', 'freemium') then 'free_tier' end
    ], null),
    ci.search_vector, ci.tags
  from public.content_items ci
  left join public.organizations o on o.id = ci.organization_id
  left join public.software s on s.content_id = ci.id
  left join public.papers p on p.content_id = ci.id
  left join public.agents a on a.content_id = ci.id
  where ci.id = any (item_ids);

  insert into public.content_search as cs (content_id, status, content_type, slug, title_key, created_at, save_count,
    view_count, trending_score, year, organization_size, domain_slugs, features, search_vector, tags)
  select content_id, status, content_type, slug, title_key, created_at, save_count, view_count, trending_score,
         year, organization_size, domain_slugs, features, search_vector, tags
  from pending_search_rows
  on conflict (content_id) do update set
    status = excluded.status, content_type = excluded.content_type, slug = excluded.slug,
    title_key = excluded.title_key, created_at = excluded.created_at, year = excluded.year,
    organization_size = excluded.organization_size, domain_slugs = excluded.domain_slugs, features = excluded.features,
    search_vector = excluded.search_vector, tags = excluded.tags
  where (cs.status, cs.content_type, cs.slug, cs.title_key, cs.created_at, cs.year, cs.organization_size,
         cs.domain_slugs, cs.features, cs.search_vector, cs.tags)
        is distinct from
        (excluded.status, excluded.content_type, excluded.slug, excluded.title_key, excluded.created_at,
         excluded.year, excluded.organization_size, excluded.domain_slugs, excluded.features, excluded.search_vector,
         excluded.tags);
  get diagnostics facet_changes = row_count;

  update public.content_search cs
  set save_count = r.save_count, view_count = r.view_count, trending_score = r.trending_score
  from pending_search_rows r
  where cs.content_id = r.content_id
    and (cs.save_count, cs.view_count, cs.trending_score) is distinct from (r.save_count, r.view_count, r.trending_score);

  if facet_changes > 0 then
    update public.catalog_state set version = version + 1;
  end if;
end $$;

update public.content_search cs set search_vector = ci.search_vector, tags = ci.tags
from public.content_items ci where ci.id = cs.content_id;
update public.catalog_state set version = version + 1;

-- Facet counts of the whole published catalog (no text, no filter: what /browse opens with),
-- kept exact by statement triggers on the index like domain_item_counts, so that answer reads
-- some sixty rows whatever the size of the catalog. ('total', '') holds the number of items.
create table public.facet_value_counts (
  facet text not null,
  value text not null,
  count integer not null default 0,
  primary key (facet, value)
);
alter table public.facet_value_counts enable row level security;
revoke all on public.facet_value_counts from anon, authenticated;

-- The (facet, value) pairs one index row counts in.
create or replace function public.facet_values_of(
  content_type text, domain_slugs text[], features text[], organization_size text, year integer
) returns table (facet text, value text)
language sql immutable set search_path = '' as $$
  select 'total', ''
  union all select 'content_types', content_type
  union all select 'domains', d from unnest(domain_slugs) as d
  union all select 'features', f from unnest(features) as f
  union all select 'organization_sizes', organization_size where organization_size is not null
  union all select 'years', year::text
$$;

create or replace function public.apply_facet_count_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- transition tables exist only for the operations that have them, hence three statements
  if tg_op = 'INSERT' then
    insert into public.facet_value_counts as c (facet, value, count)
    select v.facet, v.value, count(*)
    from new_rows r, public.facet_values_of(r.content_type, r.domain_slugs, r.features, r.organization_size, r.year) v
    where r.status = 'published' group by v.facet, v.value
    on conflict (facet, value) do update set count = c.count + excluded.count;
  elsif tg_op = 'DELETE' then
    update public.facet_value_counts c set count = c.count - d.n
    from (select v.facet, v.value, count(*) as n
          from old_rows r, public.facet_values_of(r.content_type, r.domain_slugs, r.features, r.organization_size, r.year) v
          where r.status = 'published' group by v.facet, v.value) d
    where c.facet = d.facet and c.value = d.value;
  else
    -- most updates only move popularity counters (every view and save): rows whose counted
    -- columns did not change are left out before anything is expanded
    insert into public.facet_value_counts as c (facet, value, count)
    select d.facet, d.value, sum(d.change) from (
      select v.facet, v.value, 1 as change
      from (select n.* from new_rows n join old_rows o on o.content_id = n.content_id
            where (n.status, n.content_type, n.domain_slugs, n.features, n.organization_size, n.year)
                  is distinct from (o.status, o.content_type, o.domain_slugs, o.features, o.organization_size, o.year)) r,
           public.facet_values_of(r.content_type, r.domain_slugs, r.features, r.organization_size, r.year) v
      where r.status = 'published'
      union all
      select v.facet, v.value, -1
      from (select o.* from old_rows o join new_rows n on n.content_id = o.content_id
            where (n.status, n.content_type, n.domain_slugs, n.features, n.organization_size, n.year)
                  is distinct from (o.status, o.content_type, o.domain_slugs, o.features, o.organization_size, o.year)) r,
           public.facet_values_of(r.content_type, r.domain_slugs, r.features, r.organization_size, r.year) v
      where r.status = 'published') d
    group by d.facet, d.value having sum(d.change) <> 0
    on conflict (facet, value) do update set count = c.count + excluded.count;
  end if;
  return null;
end $$;

create trigger content_search_facet_counts_insert after insert on public.content_search
  referencing new table as new_rows for each statement execute function public.apply_facet_count_changes();
create trigger content_search_facet_counts_update after update on public.content_search
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.apply_facet_count_changes();
create trigger content_search_facet_counts_delete after delete on public.content_search
  referencing old table as old_rows for each statement execute function public.apply_facet_count_changes();

insert into public.facet_value_counts (facet, value, count)
select v.facet, v.value, count(*)
from public.content_search r, public.facet_values_of(r.content_type, r.domain_slugs, r.features, r.organization_size, r.year) v
where r.status = 'published' group by v.facet, v.value;

-- The counts above in search_facets' shape.
create or replace function public.catalog_facets() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'total', coalesce((select c.count from public.facet_value_counts c where c.facet = 'total'), 0),
    'facets', jsonb_build_object(
      'content_types', '{}'::jsonb, 'domains', '{}'::jsonb, 'features', '{}'::jsonb,
      'organization_sizes', '{}'::jsonb, 'years', '{}'::jsonb)
      || coalesce((select jsonb_object_agg(f.facet, f.counts) from (
           select c.facet, jsonb_object_agg(c.value, c.count) as counts
           from public.facet_value_counts c
           where c.facet in ('content_types', 'domains', 'features', 'organization_sizes', 'years') and c.count > 0
           group by c.facet) f), '{}'::jsonb))
$$;

revoke execute on function public.facet_values_of(text, text[], text[], text, integer) from public, anon, authenticated;
revoke execute on function public.apply_facet_count_changes() from public, anon, authenticated;
revoke execute on function public.catalog_facets() from public, anon, authenticated;

-- The SQL condition a query's text puts on content_search rows, over parameters $1 (tsquery, or
-- null) and $2 (a LIKE pattern for a title substring, or null): websearch syntax ("phrases",
-- -exclusions), and for plain text a title substring too. Blank text matches every row.
create or replace function public.search_text_condition(search text, out condition text, out tsq tsquery, out pattern text)
language plpgsql stable set search_path = '' as $$
begin
  if btrim(coalesce(search, '')) = '' then
    condition := 'true';
    return;
  end if;
  tsq := nullif(websearch_to_tsquery('pg_catalog.english', btrim(search)), ''::tsquery);
  if btrim(search) !~ '["-]' then
    pattern := '%' || replace(replace(replace(lower(btrim(search)), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  end if;
  condition := case
    when tsq is not null and pattern is not null then '(cs.search_vector @@ $1 or cs.title_key like $2)'
    when tsq is not null then 'cs.search_vector @@ $1'
    when pattern is not null then 'cs.title_key like $2'
    else 'false' end;
end $$;

-- Each active filter's condition on content_search rows, over parameters $3 (domains), $4
-- (types), $5 (features), $6 (sizes), $7/$8 (years); 'true' when the filter is not in use.
create or replace function public.search_filter_conditions(
  domain_slugs text[], content_types text[], features text[], organization_sizes text[], year_from integer, year_to integer
) returns text[]
language sql immutable set search_path = '' as $$
  select array[
    case when cardinality(content_types) = 0 then 'true' else 'cs.content_type = any ($4)' end,
    case when cardinality(domain_slugs) = 0 then 'true' else 'cs.domain_slugs && $3' end,
    case when cardinality(features) = 0 then 'true' else 'cs.features @> $5' end,
    case when cardinality(organization_sizes) = 0 then 'true' else 'cs.organization_size = any ($6)' end,
    case when year_from <= -32768 and year_to >= 32767 then 'true' else 'cs.year between $7 and $8' end]
$$;

-- A year range that holds every published item's year filters nothing: widen it to "any", so
-- the default range (2000 to this year) costs no condition and can use the catalog counts.
create or replace function public.search_year_bounds(year_from integer, year_to integer, out from_year integer, out to_year integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  lowest integer;
  highest integer;
begin
  select min(c.value::integer), max(c.value::integer) into lowest, highest
  from public.facet_value_counts c where c.facet = 'years' and c.count > 0;
  if year_from <= lowest and year_to >= highest then
    from_year := -32768;
    to_year := 32767;
  else
    from_year := year_from;
    to_year := year_to;
  end if;
end $$;

-- Kept for callers of the old helper: the matching items and their text rank.
create or replace function public.search_matches(search text)
returns table (content_id uuid, rank real)
language plpgsql stable security definer set search_path = '' as $$
declare
  t record := public.search_text_condition(search);
begin
  return query execute format(
    'select cs.content_id, case when $1 is null then 0::real else ts_rank_cd(cs.search_vector, $1, 1) end
     from public.content_search cs where cs.status = ''published'' and %s', t.condition)
  using t.tsq, t.pattern;
end $$;

-- Total and facet counts for a query. Each facet ignores its own filter.
create or replace function public.search_facets(
  search text, domain_slugs text[], content_types text[], features text[], organization_sizes text[],
  year_from integer, year_to integer
) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  t record := public.search_text_condition(search);
  years record := public.search_year_bounds(year_from, year_to);
  tests text[] := public.search_filter_conditions(domain_slugs, content_types, features, organization_sizes,
                                                  years.from_year, years.to_year);
  active text[] := array(select x from unnest(tests) as x where x <> 'true');
  -- a row counts only if it fails at most one filter: with two or more filters in use, that is
  -- "all but one hold" for some filter, an OR of ANDs the planner can answer from the indexes
  relevant text := 'true';
  own text;
  result jsonb;
begin
  if t.condition = 'true' and cardinality(active) = 0 then
    return public.catalog_facets();
  end if;
  -- without text and with one filter in use, that filter's own facet is the catalog's, and the
  -- other facets count only the rows the filter keeps
  if t.condition = 'true' and cardinality(active) = 1 then
    relevant := active[1];
  end if;
  if cardinality(active) >= 2 then
    select string_agg('(' || (select string_agg(o, ' and ') from unnest(active) with ordinality as x (o, j) where j <> i) || ')', ' or ')
    into relevant
    from generate_subscripts(active, 1) as i;
  end if;
  execute format($q$
    with base as materialized (
      select cs.content_type, cs.domain_slugs, cs.features, cs.organization_size, cs.year,
             %1$s as m_type, %2$s as m_domain, %3$s as m_feature, %4$s as m_size, %5$s as m_year
      from public.content_search cs
      where cs.status = 'published' and %6$s and (%7$s)
    )
    select jsonb_build_object(
      'total', (select count(*) from base where m_type and m_domain and m_feature and m_size and m_year),
      'facets', jsonb_build_object(
        'content_types', (select coalesce(jsonb_object_agg(content_type, n), '{}') from (
                            select content_type, count(*) as n from base
                            where m_domain and m_feature and m_size and m_year group by content_type) g),
        'domains', (select coalesce(jsonb_object_agg(slug, n), '{}') from (
                      select d.slug, count(*) as n from base b, unnest(b.domain_slugs) as d (slug)
                      where b.m_type and b.m_feature and b.m_size and b.m_year group by d.slug) g),
        'features', (select coalesce(jsonb_object_agg(feature, n), '{}') from (
                       select f.feature, count(*) as n from base b, unnest(b.features) as f (feature)
                       where b.m_type and b.m_domain and b.m_size and b.m_year group by f.feature) g),
        'organization_sizes', (select coalesce(jsonb_object_agg(organization_size, n), '{}') from (
                                 select organization_size, count(*) as n from base
                                 where organization_size is not null and m_type and m_domain and m_feature and m_year
                                 group by organization_size) g),
        'years', (select coalesce(jsonb_object_agg(year, n), '{}') from (
                    select year, count(*) as n from base
                    where m_type and m_domain and m_feature and m_size group by year) g)))$q$,
    tests[1], tests[2], tests[3], tests[4], tests[5], t.condition, relevant)
  into result
  using t.tsq, t.pattern, domain_slugs, content_types, features, organization_sizes, years.from_year, years.to_year;
  if t.condition = 'true' and cardinality(active) = 1 then
    own := (array['content_types', 'domains', 'features', 'organization_sizes', 'years'])[array_position(tests, active[1])];
    result := jsonb_set(result, array['facets', own], public.catalog_facets() -> 'facets' -> own);
  end if;
  return result;
end $$;

-- The ids of one page, in order. The ORDER BY is chosen from a fixed list so that each sort can
-- walk its own index; every value travels as a parameter. Text rank is computed only when the
-- page is sorted by it.
create or replace function public.search_page(
  search text, domain_slugs text[], content_types text[], features text[], organization_sizes text[],
  year_from integer, year_to integer, sort_by text, page_offset integer, page_size integer
) returns table (content_id uuid, place integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  t record := public.search_text_condition(search);
  years record := public.search_year_bounds(year_from, year_to);
  tests text[] := public.search_filter_conditions(domain_slugs, content_types, features, organization_sizes,
                                                  years.from_year, years.to_year);
  order_clause text := case sort_by
    when 'recent' then 'cs.created_at desc, cs.slug'
    when 'most_saved' then 'cs.save_count desc, cs.slug'
    when 'most_viewed' then 'cs.view_count desc, cs.slug'
    when 'alphabetical' then 'cs.title_key, cs.slug'
    when 'relevance' then case when t.tsq is not null
                               then 'ts_rank_cd(cs.search_vector, $1, 1) desc, cs.trending_score desc, cs.slug'
                               else 'cs.trending_score desc, cs.slug' end
    else 'cs.trending_score desc, cs.slug' end;
begin
  return query execute format($q$
    select p.content_id, (row_number() over ())::integer
    from (
      select cs.content_id from public.content_search cs
      where cs.status = 'published' and %s and %s
      order by %s
      offset $9 limit $10
    ) p$q$,
    t.condition, array_to_string(tests, ' and '), order_clause)
  using t.tsq, t.pattern, domain_slugs, content_types, features, organization_sizes, years.from_year, years.to_year,
        greatest(page_offset, 0), least(greatest(page_size, 1), 100);
end $$;

revoke execute on function public.search_text_condition(text) from public, anon, authenticated;
revoke execute on function public.search_year_bounds(integer, integer) from public, anon, authenticated;
revoke execute on function public.search_filter_conditions(text[], text[], text[], text[], integer, integer) from public, anon, authenticated;
revoke execute on function public.search_matches(text) from public, anon, authenticated;
revoke execute on function public.search_facets(text, text[], text[], text[], text[], integer, integer) from public, anon, authenticated;
revoke execute on function public.search_page(text, text[], text[], text[], text[], integer, integer, text, integer, integer) from public, anon, authenticated;

-- Other published items most like this one: the most shared fields and tags, then the most
-- trending. Scoring every item that shares a field means reading a large part of the catalog (a
-- field holds thousands of items at 100,000), so the candidates are the 2,000 most trending items
-- (one short walk of the trending index); only when fewer than the wanted number of those share
-- anything are all items sharing a field or a tag scored, through their GIN indexes.
create or replace function public.related_items(item_slug text, max_items integer default 4) returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  self_id uuid;
  self_domains text[];
  self_tags text[];
  wanted integer := least(greatest(coalesce(max_items, 4), 0), 24);
  picked uuid[];
  result jsonb;
begin
  select cs.content_id, cs.domain_slugs, cs.tags into self_id, self_domains, self_tags
  from public.content_search cs
  where cs.slug = item_slug and cs.status = 'published';
  if self_id is null or wanted = 0 then
    return '[]'::jsonb;
  end if;

  picked := array(
    select r.content_id from (
      select top.content_id, top.trending_score, top.slug,
             (select count(*) from unnest(top.domain_slugs) d where d = any (self_domains))
             + (select count(*) from unnest(top.tags) t where t = any (self_tags)) as shared
      from (select cs.content_id, cs.trending_score, cs.slug, cs.domain_slugs, cs.tags
            from public.content_search cs where cs.status = 'published'
            order by cs.trending_score desc, cs.slug limit 2000) top
      where top.content_id <> self_id and (top.domain_slugs && self_domains or top.tags && self_tags)
      order by shared desc, top.trending_score desc, top.slug
      limit wanted) r);

  if cardinality(picked) < wanted then
    picked := array(
      select r.content_id from (
        select cs.content_id, cs.trending_score, cs.slug,
               (select count(*) from unnest(cs.domain_slugs) d where d = any (self_domains))
               + (select count(*) from unnest(cs.tags) t where t = any (self_tags)) as shared
        from public.content_search cs
        where cs.status = 'published' and cs.content_id <> self_id
          and (cs.domain_slugs && self_domains or cs.tags && self_tags)
        order by shared desc, cs.trending_score desc, cs.slug
        limit wanted) r);
  end if;

  select coalesce(jsonb_agg(public.item_summary(ci) order by p.position), '[]'::jsonb)
  into result
  from unnest(picked) with ordinality as p (id, position)
  join public.content_items ci on ci.id = p.id;
  return result;
end $$;

-- The browse card of one published item, for a quick view opened from a shared URL
-- (/browse?item=slug) whose item is not on the loaded page of results.
create or replace function public.quick_view_card(item_slug text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select public.item_cards(array(
    select ci.id from public.content_items ci where ci.slug = item_slug and ci.status = 'published')) -> 0
$$;
revoke execute on function public.quick_view_card(text) from public;
grant execute on function public.quick_view_card(text) to anon, authenticated, service_role;
