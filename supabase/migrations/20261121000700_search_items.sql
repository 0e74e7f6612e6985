-- search_items(): the whole browse query in one call — full-text search with typo correction,
-- filters, facet counts (each facet counted with every other filter but its own), sort and a page.
-- The rules are those of core/src/filters (the executable spec), which the tests hold it to.

-- The items a query's text selects: all published ones without text, else full-text matches
-- (websearch syntax: "phrases", -exclusions) and, for plain text, title substrings.
create or replace function public.search_matches(search text)
returns table (content_id uuid, rank real)
language sql stable security definer set search_path = '' as $$
  with q as (
    select nullif(websearch_to_tsquery('pg_catalog.english', btrim(search)), ''::tsquery) as tsq,
           case when btrim(search) !~ '["-]'
                then '%' || replace(replace(replace(lower(btrim(search)), '\', '\\'), '%', '\%'), '_', '\_') || '%' end as pattern
  )
  select ci.id, case when q.tsq is null then 0 else ts_rank_cd(ci.search_vector, q.tsq, 1) end
  from public.content_items ci, q
  where ci.status = 'published'
    and ((q.tsq is not null and ci.search_vector @@ q.tsq)
         or (q.pattern is not null and lower(ci.title) like q.pattern))
$$;

-- Total and facet counts for a query. Each facet ignores its own filter.
create or replace function public.search_facets(
  search text, domain_slugs text[], content_types text[], features text[], organization_sizes text[],
  year_from integer, year_to integer
) returns jsonb
language sql stable security definer set search_path = '' as $$
  with base as materialized (
    select cs.content_type, cs.domain_slugs, cs.features, cs.organization_size, cs.year,
      (cardinality(content_types) = 0 or cs.content_type = any (content_types)) as m_type,
      (cardinality(search_facets.domain_slugs) = 0 or cs.domain_slugs && search_facets.domain_slugs) as m_domain,
      (cs.features @> search_facets.features) as m_feature,
      (cardinality(organization_sizes) = 0 or cs.organization_size = any (organization_sizes)) as m_size,
      (cs.year between year_from and year_to) as m_year
    from public.content_search cs
    where cs.status = 'published'
      and (btrim(search) = '' or cs.content_id in (select m.content_id from public.search_matches(search) m))
  ),
  -- one pass over the rows, grouped by each facet's value and the other filters' outcomes
  grouped as (
    select content_type, domain_slugs, features, organization_size, year,
           m_type, m_domain, m_feature, m_size, m_year, count(*)::integer as n,
           grouping(content_type, domain_slugs, features, organization_size, year) as set_id
    from base
    group by grouping sets (
      (m_type, m_domain, m_feature, m_size, m_year),
      (content_type, m_domain, m_feature, m_size, m_year),
      (domain_slugs, m_type, m_feature, m_size, m_year),
      (features, m_type, m_domain, m_size, m_year),
      (organization_size, m_type, m_domain, m_feature, m_year),
      (year, m_type, m_domain, m_feature, m_size))
  )
  select jsonb_build_object(
    'total', coalesce((select sum(n) from grouped where set_id = 31 and m_type and m_domain and m_feature and m_size and m_year), 0),
    'facets', jsonb_build_object(
      'content_types', (select coalesce(jsonb_object_agg(content_type, n), '{}') from grouped
                        where set_id = 15 and m_domain and m_feature and m_size and m_year),
      'domains', (select coalesce(jsonb_object_agg(slug, total), '{}') from (
                    select d.slug, sum(g.n) as total from grouped g, unnest(g.domain_slugs) as d (slug)
                    where g.set_id = 23 and g.m_type and g.m_feature and g.m_size and g.m_year group by d.slug) t),
      'features', (select coalesce(jsonb_object_agg(feature, total), '{}') from (
                    select f.feature, sum(g.n) as total from grouped g, unnest(g.features) as f (feature)
                    where g.set_id = 27 and g.m_type and g.m_domain and g.m_size and g.m_year group by f.feature) t),
      'organization_sizes', (select coalesce(jsonb_object_agg(organization_size, n), '{}') from grouped
                             where set_id = 29 and organization_size is not null and m_type and m_domain and m_feature and m_year),
      'years', (select coalesce(jsonb_object_agg(year, n), '{}') from grouped
                where set_id = 30 and m_type and m_domain and m_feature and m_size)))
$$;

-- The ids of one page, in order. The ORDER BY is chosen from a fixed list so that each sort can
-- walk its own index; every value travels as a parameter.
create or replace function public.search_page(
  search text, domain_slugs text[], content_types text[], features text[], organization_sizes text[],
  year_from integer, year_to integer, sort_by text, page_offset integer, page_size integer
) returns table (content_id uuid, place integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  order_clause text := case sort_by
    when 'recent' then 'cs.created_at desc, cs.slug'
    when 'most_saved' then 'cs.save_count desc, cs.slug'
    when 'most_viewed' then 'cs.view_count desc, cs.slug'
    when 'alphabetical' then 'cs.title_key, cs.slug'
    when 'relevance' then case when btrim(search) <> '' then 'm.rank desc, cs.trending_score desc, cs.slug'
                               else 'cs.trending_score desc, cs.slug' end
    else 'cs.trending_score desc, cs.slug' end;
begin
  return query execute format($q$
    select cs.content_id, (row_number() over ())::integer
    from (
      select cs.content_id from public.content_search cs %s
      where cs.status = 'published'
        and (cardinality($3) = 0 or cs.content_type = any ($3))
        and (cardinality($2) = 0 or cs.domain_slugs && $2)
        and cs.features @> $4
        and (cardinality($5) = 0 or cs.organization_size = any ($5))
        and cs.year between $6 and $7
      order by %s
      offset $8 limit $9
    ) cs$q$,
    case when btrim(search) <> '' then 'join public.search_matches($1) m on m.content_id = cs.content_id' else '' end,
    order_clause)
  using search, domain_slugs, content_types, features, organization_sizes, year_from, year_to,
        greatest(page_offset, 0), least(greatest(page_size, 1), 100);
end $$;

-- Edit distance counting a swap of neighbours as one edit (optimal string alignment), since
-- "protien" is one slip from "protein".
create or replace function public.edit_distance(a text, b text) returns integer
language plpgsql immutable strict set search_path = '' as $$
declare
  la integer := char_length(a);
  lb integer := char_length(b);
  d integer[];
  cost integer;
  w integer := lb + 1;
begin
  if la = 0 then return lb; end if;
  if lb = 0 then return la; end if;
  d := array_fill(0, array[(la + 1) * (lb + 1)]);
  for i in 0..la loop d[i * w + 1] := i; end loop;
  for j in 0..lb loop d[j + 1] := j; end loop;
  for i in 1..la loop
    for j in 1..lb loop
      cost := case when substr(a, i, 1) = substr(b, j, 1) then 0 else 1 end;
      d[i * w + j + 1] := least(d[(i - 1) * w + j + 1] + 1, d[i * w + j] + 1, d[(i - 1) * w + j] + cost);
      if i > 1 and j > 1 and substr(a, i, 1) = substr(b, j - 1, 1) and substr(a, i - 1, 1) = substr(b, j, 1) then
        d[i * w + j + 1] := least(d[i * w + j + 1], d[(i - 2) * w + j - 1] + 1);
      end if;
    end loop;
  end loop;
  return d[la * w + lb + 1];
end $$;

-- The closest catalog word for each query word the catalog does not know ('Did you mean').
-- Trigram similarity finds candidates quickly; edit distance picks among them.
create or replace function public.correct_search(search text) returns text
language sql stable security definer set search_path = '' as $$
  select string_agg(
    case
      when t.core = '' or exists (select 1 from public.search_vocabulary v where v.word = t.core) then t.token
      else coalesce(
        (select t.prefix || c.word || t.suffix from (
           select v.word, extensions.similarity(v.word, t.core) as similarity
           from public.search_vocabulary v
           where v.word operator(extensions.%) t.core
           order by extensions.similarity(v.word, t.core) desc
           limit 20) c
         where public.edit_distance(c.word, t.core) <= greatest(1, char_length(t.core) / 3)
         order by public.edit_distance(c.word, t.core), c.similarity desc, c.word
         limit 1),
        t.token)
    end, ' ' order by t.position)
  from (
    select tok.position, tok.token,
           substring(tok.token from '^[-"]*') as prefix,
           lower(substring(tok.token from '^[-"]*(.*?)["]*$')) as core,
           substring(tok.token from '["]*$') as suffix
    from regexp_split_to_table(btrim(search), '\s+') with ordinality as tok (token, position)
  ) t
$$;

-- Browse cards for the given ids, in the given order.
create or replace function public.item_cards(ids uuid[]) returns jsonb
language sql stable security definer set search_path = '' as $$
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
  left join public.agents a on a.content_id = ci.id
$$;

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
    facets := public.search_facets(query_text, slugs, types, wanted_features, sizes, from_year, to_year);
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
    result := facets || jsonb_build_object('items', public.item_cards(array(
      select p.content_id from public.search_page(query_text, slugs, types, wanted_features, sizes, from_year, to_year,
                                                  sort_by, page_offset, page_size) p
      order by p.place)));
  end if;
  insert into public.search_cache (cache_key, catalog_version, result) values (page_key, version, result)
  on conflict (cache_key) do update set catalog_version = excluded.catalog_version, result = excluded.result,
    created_at = now();
  return result;
end $$;

revoke execute on function public.search_matches(text) from public, anon, authenticated;
revoke execute on function public.search_facets(text, text[], text[], text[], text[], integer, integer) from public, anon, authenticated;
revoke execute on function public.search_page(text, text[], text[], text[], text[], integer, integer, text, integer, integer) from public, anon, authenticated;
revoke execute on function public.item_cards(uuid[]) from public, anon, authenticated;
revoke execute on function public.correct_search(text) from public, anon, authenticated;
grant execute on function public.search_items(text, text[], text[], text[], text[], integer, integer, text, integer, integer)
  to anon, authenticated, service_role;
