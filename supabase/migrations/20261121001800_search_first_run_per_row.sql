-- A query's first run: less work per matching row (docs/decisions/0020-search-first-run-per-row.md).
--
-- search_results (20261121001600) reads the rows that can count in a facet once, but for a
-- broad word that is 15,000-30,000 rows, and what it did with each was the cost: every filter
-- test was evaluated up to five times per row (once in the WHERE, once for its own flag, and
-- again inside each of the three page columns), and the domain and feature facets unnested every
-- row's text array into a hash table (38,000 values for "neural" with two filters). Now:
--   * the five filter flags are computed once per row, in a subquery the planner keeps apart
--     (offset 0), and the page's columns (rank, trending score, slug) are chosen by those flags,
--     so a test runs at most twice per row (the WHERE and its flag);
--   * domains and features are counted per distinct array first (about 1,000 distinct domain
--     lists and 40 feature sets among those rows) and only those arrays are unnested.
-- Signature, answers and the cases that bypass the one pass are unchanged; search_facets and
-- search_page stay the reference the tests hold this to.

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
  -- the page's sort: one key column in the materialised set, then the tie-breaks search_page
  -- uses; "cs" below is the per-row subquery, which carries the filter flags
  sort_key text := case sort_by
    when 'recent' then 'cs.created_at'
    when 'most_saved' then 'cs.save_count'
    when 'most_viewed' then 'cs.view_count'
    when 'alphabetical' then 'cs.title_key'
    -- the text rank only for rows on the page's side of the filters: those are the only ones sorted
    when 'relevance' then case when t.tsq is not null
                               then 'case when cs.m_all then ts_rank_cd(cs.search_vector, $1, 1) end'
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
             cs.m_type, cs.m_domain, cs.m_feature, cs.m_size, cs.m_year,
             %7$s as sort_key,
             -- the tie-breaks only for rows the page can show: the set stays narrow
             case when cs.m_all then cs.trending_score end as trending_score,
             case when cs.m_all then cs.slug end as slug
      from (
        select f.*, f.m_type and f.m_domain and f.m_feature and f.m_size and f.m_year as m_all
        from (
          -- each flag computed once per row: offset 0 keeps the planner from folding the tests
          -- back into every expression that uses a flag, where each would run again
          select cs.content_id, cs.content_type, cs.domain_slugs, cs.features, cs.organization_size, cs.year,
                 cs.created_at, cs.save_count, cs.view_count, cs.title_key, cs.trending_score, cs.slug, cs.search_vector,
                 %1$s as m_type, %2$s as m_domain, %3$s as m_feature, %4$s as m_size, %5$s as m_year
          from public.content_search cs
          where cs.status = 'published' and %6$s and (%8$s)
          offset 0) f) cs
    )
    select jsonb_build_object(
      'total', (select count(*) from base where m_type and m_domain and m_feature and m_size and m_year),
      'facets', jsonb_build_object(
        'content_types', (select coalesce(jsonb_object_agg(content_type, n), '{}') from (
                            select content_type, count(*) as n from base
                            where m_domain and m_feature and m_size and m_year group by content_type) g),
        -- rows share few distinct domain lists and feature sets: count those, then unnest only them
        'domains', (select coalesce(jsonb_object_agg(slug, n), '{}') from (
                      select slug, sum(n) as n from (
                        select unnest(domain_slugs) as slug, n from (
                          select domain_slugs, count(*) as n from base
                          where m_type and m_feature and m_size and m_year group by domain_slugs) a) u
                      group by slug) g),
        'features', (select coalesce(jsonb_object_agg(feature, n), '{}') from (
                       select feature, sum(n) as n from (
                         select unnest(features) as feature, n from (
                           select features, count(*) as n from base
                           where m_type and m_domain and m_size and m_year group by features) a) u
                       group by feature) g),
        'organization_sizes', (select coalesce(jsonb_object_agg(organization_size, n), '{}') from (
                                 select organization_size, count(*) as n from base
                                 where organization_size is not null and m_type and m_domain and m_feature and m_year
                                 group by organization_size) g),
        'years', (select coalesce(jsonb_object_agg(year, n), '{}') from (
                    select year, count(*) as n from base
                    where m_type and m_domain and m_feature and m_size group by year) g))),
      array(select content_id from base where m_type and m_domain and m_feature and m_size and m_year
            order by %9$s offset $9 limit $10)$q$,
    tests[1], tests[2], tests[3], tests[4], tests[5], t.condition, sort_key, relevant, order_clause)
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
