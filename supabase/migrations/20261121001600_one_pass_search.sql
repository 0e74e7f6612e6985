-- One pass for a query's first run (docs/decisions/0016-one-pass-search.md).
--
-- search_items used to answer a query it had not cached with two statements: search_facets
-- read every row that could count in a facet, then search_page matched the text again and read
-- the rows passing every filter. For a broad word ("neural" matches 28 % of the catalog) both
-- statements read most of the browse index, which is the cost of the cold pass. search_results
-- does it once: the matching rows' narrow columns (facet values, which filters each passes, the
-- sort key) are materialised once, and the total, the five facets and the page's ids are all
-- computed from that set. search_page stays for the cases that need no facets from the rows (no
-- text and no filter: kept counts and an index walk; a further page of a query whose facets are
-- cached); search_facets is no longer called by search_items and stays as the two-statement
-- reference the tests hold search_results to.

-- The facets and one page of ids for a query, in one statement.
create or replace function public.search_results(
  search text, domain_slugs text[], content_types text[], features text[], organization_sizes text[],
  year_from integer, year_to integer, sort_by text, page_offset integer, page_size integer,
  out facets jsonb, out ids uuid[]
)
-- work_mem: the materialised set of a broad word (tens of thousands of rows) stays in memory
-- instead of going to a temporary file and back for each of the seven reads
language plpgsql stable security definer set search_path = '' set work_mem = '32MB' as $$
declare
  t record := public.search_text_condition(search);
  years record := public.search_year_bounds(year_from, year_to);
  tests text[] := public.search_filter_conditions(domain_slugs, content_types, features, organization_sizes,
                                                  years.from_year, years.to_year);
  active text[] := array(select x from unnest(tests) as x where x <> 'true');
  -- a row counts only if it fails at most one filter (each facet drops only its own): with two
  -- or more filters in use, that is "all but one hold" for some filter, an OR of ANDs the
  -- planner can answer from the indexes
  relevant text := 'true';
  own text;
  -- the page's sort: one key column in the materialised set, then the tie-breaks search_page uses
  sort_key text := case sort_by
    when 'recent' then 'cs.created_at'
    when 'most_saved' then 'cs.save_count'
    when 'most_viewed' then 'cs.view_count'
    when 'alphabetical' then 'cs.title_key'
    -- the text rank only for rows on the page's side of the filters: those are the only ones sorted
    when 'relevance' then case when t.tsq is not null
                               then format('case when %s then ts_rank_cd(cs.search_vector, $1, 1) end',
                                           array_to_string(tests, ' and '))
                               else 'cs.trending_score' end
    else 'cs.trending_score' end;
  order_clause text := case
    when sort_by = 'alphabetical' then 'sort_key, slug'
    when sort_by = 'relevance' and t.tsq is not null then 'sort_key desc, trending_score desc, slug'
    else 'sort_key desc, slug' end;
begin
  -- The whole catalog: kept counts, and the page walks the sort's index (reads twenty rows).
  if t.condition = 'true' and cardinality(active) = 0 then
    facets := public.catalog_facets();
    ids := array(select p.content_id from public.search_page(search, domain_slugs, content_types, features,
                   organization_sizes, year_from, year_to, sort_by, page_offset, page_size) p order by p.place);
    return;
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
  -- Every row the page can show passes all filters, so it is in the set the facets count.
  execute format($q$
    with base as materialized (
      select cs.content_id, cs.content_type, cs.domain_slugs, cs.features, cs.organization_size, cs.year,
             %1$s as m_type, %2$s as m_domain, %3$s as m_feature, %4$s as m_size, %5$s as m_year,
             %8$s as sort_key,
             -- the tie-breaks only for rows the page can show: the set stays narrow
             case when %10$s then cs.trending_score end as trending_score,
             case when %10$s then cs.slug end as slug
      from public.content_search cs
      where cs.status = 'published' and %6$s and (%7$s)
    )
    select jsonb_build_object(
      'total', (select count(*) from base where m_type and m_domain and m_feature and m_size and m_year),
      'facets', jsonb_build_object(
        'content_types', (select coalesce(jsonb_object_agg(content_type, n), '{}') from (
                            select content_type, count(*) as n from base
                            where m_domain and m_feature and m_size and m_year group by content_type) g),
        -- unnest in the select list (one ProjectSet) rather than a lateral join, which ran a
        -- function scan per row
        'domains', (select coalesce(jsonb_object_agg(slug, n), '{}') from (
                      select slug, count(*) as n from (
                        select unnest(domain_slugs) as slug from base
                        where m_type and m_feature and m_size and m_year) u group by slug) g),
        'features', (select coalesce(jsonb_object_agg(feature, n), '{}') from (
                       select feature, count(*) as n from (
                         select unnest(features) as feature from base
                         where m_type and m_domain and m_size and m_year) u group by feature) g),
        'organization_sizes', (select coalesce(jsonb_object_agg(organization_size, n), '{}') from (
                                 select organization_size, count(*) as n from base
                                 where organization_size is not null and m_type and m_domain and m_feature and m_year
                                 group by organization_size) g),
        'years', (select coalesce(jsonb_object_agg(year, n), '{}') from (
                    select year, count(*) as n from base
                    where m_type and m_domain and m_feature and m_size group by year) g))),
      array(select content_id from base where m_type and m_domain and m_feature and m_size and m_year
            order by %9$s offset $9 limit $10)$q$,
    tests[1], tests[2], tests[3], tests[4], tests[5], t.condition, relevant, sort_key, order_clause,
    array_to_string(tests, ' and '))
  into facets, ids
  using t.tsq, t.pattern, domain_slugs, content_types, features, organization_sizes, years.from_year, years.to_year,
        greatest(page_offset, 0), least(greatest(page_size, 1), 100);
  if t.condition = 'true' and cardinality(active) = 1 then
    own := (array['content_types', 'domains', 'features', 'organization_sizes', 'years'])[array_position(tests, active[1])];
    facets := jsonb_set(facets, array['facets', own], public.catalog_facets() -> 'facets' -> own);
  end if;
end $$;

revoke execute on function public.search_results(text, text[], text[], text[], text[], integer, integer, text, integer, integer)
  from public, anon, authenticated;

-- Browse cards for the given ids, in the given order: as in 20261121000700, but planned once.
-- As a SQL function the eight-table join was planned again on every call (SQL functions keep no
-- plans), which cost more than running it: 39 ms of planning against 14 ms of execution for a
-- page of 20 at 100,000 items on the loaded bench machine, paid by every page not in the cache.
-- PL/pgSQL keeps the plan for the session, and the joins are taken in the order written (the
-- ids, their items, then one row each from the other tables by primary key), so even the first
-- plans of a connection are cheap.
create or replace function public.item_cards(ids uuid[]) returns jsonb
language plpgsql stable security definer set search_path = '' set join_collapse_limit = 1 as $$
begin
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
        'id', ci.id, 'slug', ci.slug, 'title', ci.title, 'content_type', ci.content_type,
        'short_description', coalesce(nullif(ci.short_description, ''), left(ci.description, 200)),
        'url', ci.url, 'verified', ci.verified, 'featured', ci.featured,
        'view_count', ci.view_count, 'save_count', ci.save_count, 'trending_score', ci.trending_score,
        'year', ci.year, 'created_at', ci.created_at, 'tags', ci.tags,
        'key_features', ci.key_features, 'competitive_advantages', ci.competitive_advantages,
        'domains', cs.domain_slugs,
        'organization', case when o.id is null then null
                        else jsonb_build_object('name', o.name, 'type', o.type, 'size', o.size) end,
        'pricing_model', coalesce(s.pricing_model, a.pricing_model),
        'open_source', coalesce(s.open_source, a.open_source),
        'api_available', s.api_available,
        'github_stars', s.github_stars,
        'journal_name', pa.journal_name,
        'citation_count', pa.citation_count,
        'peer_reviewed', pa.peer_reviewed,
        'funding_stage', co.funding_stage,
        'employee_count', co.employee_count,
        'model_type', a.model_type,
        'interaction_mode', a.interaction_mode
      ) order by ord.position), '[]')
      from unnest(ids) with ordinality as ord (id, position)
      join public.content_items ci on ci.id = ord.id and ci.status = 'published'
      join public.content_search cs on cs.content_id = ci.id
      left join public.organizations o on o.id = ci.organization_id
      left join public.software s on s.content_id = ci.id
      left join public.papers pa on pa.content_id = ci.id
      left join public.companies co on co.content_id = ci.id
      left join public.agents a on a.content_id = ci.id);
end $$;
revoke execute on function public.item_cards(uuid[]) from public, anon, authenticated;

-- As in 20261121000700, except that a query whose facets are not cached gets them and its page
-- from search_results in one pass.
create or replace function public.search_items(
  search text default '',
  domains text[] default '{}',
  content_types text[] default '{}',
  features text[] default '{}',
  organization_sizes text[] default '{}',
  year_from integer default null,
  year_to integer default null,
  sort_by text default 'relevance',
  page_offset integer default 0,
  page_size integer default 20
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  query_text text := lower(btrim(coalesce(search, '')));
  slugs text[];
  types text[] := array(select distinct unnest(coalesce(content_types, '{}')) order by 1);
  wanted_features text[] := array(select distinct unnest(coalesce(features, '{}')) order by 1);
  sizes text[] := array(select distinct unnest(coalesce(organization_sizes, '{}')) order by 1);
  from_year integer := coalesce(year_from, -32768);
  to_year integer := coalesce(year_to, 32767);
  version bigint;
  key text;
  page_key text;
  facets jsonb;
  page_ids uuid[];
  result jsonb;
  corrected text;
begin
  if sort_by not in ('relevance', 'recent', 'most_saved', 'most_viewed', 'trending', 'alphabetical') then
    raise exception 'Unknown sort: %', sort_by using errcode = '22023';
  end if;
  if char_length(query_text) > 200 then
    raise exception 'Search text is limited to 200 characters' using errcode = '22023';
  end if;
  -- domains arrive as slugs or ids; an unknown one matches nothing
  slugs := array(
    select distinct coalesce(d.slug, '?' || x.value)
    from unnest(coalesce(domains, '{}')) as x (value)
    left join public.scientific_domains d on d.slug = lower(x.value) or d.id::text = lower(x.value)
    order by 1);

  select s.version into version from public.catalog_state s;
  key := md5(concat_ws('|', query_text, slugs::text, types::text, wanted_features::text, sizes::text, from_year, to_year));
  page_key := md5(concat_ws('|', key, sort_by, greatest(page_offset, 0), least(greatest(page_size, 1), 100)));

  select c.result into result from public.search_cache c
  where c.cache_key = page_key and c.catalog_version = version and c.created_at > now() - interval '60 seconds';
  if result is not null then
    return result;
  end if;

  select c.result into facets from public.search_cache c where c.cache_key = key and c.catalog_version = version;
  if facets is null then
    -- the first run of this query: facets and the page's ids from one read of the matching rows
    select r.facets, r.ids into facets, page_ids
    from public.search_results(query_text, slugs, types, wanted_features, sizes, from_year, to_year,
                               sort_by, page_offset, page_size) r;
    insert into public.search_cache (cache_key, catalog_version, result) values (key, version, facets)
    on conflict (cache_key) do update set catalog_version = excluded.catalog_version, result = excluded.result,
      created_at = now();
    -- keep the cache small: now and then forget entries of older catalogs and old pages
    if random() < 0.02 then
      delete from public.search_cache c where c.catalog_version < version or c.created_at < now() - interval '10 minutes';
    end if;
  end if;

  -- Nothing matched: try the query with misspelt words corrected, and say so.
  if (facets ->> 'total')::integer = 0 and query_text <> '' then
    corrected := public.correct_search(query_text);
    if corrected is distinct from query_text then
      declare
        corrected_result jsonb := public.search_items(corrected, domains, content_types, features, organization_sizes,
                                                      year_from, year_to, sort_by, page_offset, page_size);
      begin
        if (corrected_result ->> 'total')::integer > 0 then
          result := corrected_result || jsonb_build_object('corrected_search', corrected);
        else
          result := facets || jsonb_build_object('items', '[]'::jsonb, 'suggestion', corrected);
        end if;
      end;
    end if;
  end if;

  if result is null then
    if page_ids is null then
      -- facets were cached (another page or sort of a query already answered): the page alone
      page_ids := array(
        select p.content_id from public.search_page(query_text, slugs, types, wanted_features, sizes, from_year, to_year,
                                                    sort_by, page_offset, page_size) p
        order by p.place);
    end if;
    result := facets || jsonb_build_object('items', public.item_cards(page_ids));
  end if;
  insert into public.search_cache (cache_key, catalog_version, result) values (page_key, version, result)
  on conflict (cache_key) do update set catalog_version = excluded.catalog_version, result = excluded.result,
    created_at = now();
  return result;
end $$;

-- Related items, as in 20261121001500 (the 2,000 most trending items as candidates, the full
-- query only when fewer of them share anything than asked for), except for the first lookup:
-- content_search has no index on slug, so finding the item there walked a whole sort index (a
-- slug is the second column of each); it is found through content_items' unique slug instead,
-- then its browse row by primary key.
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
  from public.content_items ci
  join public.content_search cs on cs.content_id = ci.id and cs.status = 'published'
  where ci.slug = item_slug and ci.status = 'published';
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
