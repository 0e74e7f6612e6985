-- Detail pages: everything about an item in one call, related items, suggestions for an unknown
-- slug, and view counting (once per visitor per item per day, bots excluded).

-- The items a source links an item to (item_relations, docs/product.md#detail-links), as the
-- detail pages list them: outgoing, the papers a tool names as its publications; otherwise the
-- tools that name a paper. Only published items, as the relations' row-level security would let
-- a visitor read (item_details, the only caller, runs as the owner).
--
-- plpgsql, because item_relations is created later (11_harvest.sql) and a language sql body is
-- checked when it is created; this one is read when it runs. Two queries, so each uses its index
-- (the primary key for a tool's papers, item_relations_related_idx for a paper's tools).
create or replace function public.item_links(item_id uuid, outgoing boolean) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
begin
  if outgoing then
    select jsonb_agg(jsonb_build_object('slug', ci.slug, 'title', ci.title,
             'content_type', ci.content_type, 'year', ci.year)
           order by ci.year desc nulls last, ci.title, ci.slug)
    into result
    from public.item_relations r
    join public.content_items ci on ci.id = r.related_id and ci.status = 'published'
    where r.content_id = item_id and r.relation = 'publication';
  else
    select jsonb_agg(jsonb_build_object('slug', ci.slug, 'title', ci.title,
             'content_type', ci.content_type, 'year', ci.year)
           order by ci.title, ci.slug)
    into result
    from public.item_relations r
    join public.content_items ci on ci.id = r.content_id and ci.status = 'published'
    where r.related_id = item_id and r.relation = 'publication';
  end if;
  return coalesce(result, '[]'::jsonb);
end $$;
revoke execute on function public.item_links(uuid, boolean) from public, anon, authenticated;

-- The papers to cite for a tool or agent (docs/product.md#paper-to-cite): every DOI and arXiv id
-- its metadata names (at most 50), in that order, each with the catalog paper it is linked to
-- (item_relations; null when the catalog has none, published) and the sources that name it, each
-- with the item's record there. Sources: the item's publication_sources, else the link's own;
-- only sources of the catalog (catalog_sources) are named.
-- plpgsql for the same reason as item_links.
create or replace function public.item_papers_to_cite(item_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
begin
  with item as (
    select ci.metadata from public.content_items ci
    where ci.id = item_id and ci.content_type in ('software', 'agent')
  ), named as (
    select 'doi' as scheme, lower(btrim(d.value)) as value, d.n as position
    from item, jsonb_array_elements_text(case when jsonb_typeof(item.metadata -> 'publication_dois') = 'array'
                                              then item.metadata -> 'publication_dois' else '[]' end)
                 with ordinality as d (value, n)
    union all
    select 'arxiv', btrim(a.value), 1000000 + a.n
    from item, jsonb_array_elements_text(case when jsonb_typeof(item.metadata -> 'publication_arxiv_ids') = 'array'
                                              then item.metadata -> 'publication_arxiv_ids' else '[]' end)
                 with ordinality as a (value, n)
  ), first_named as (
    select distinct on (nm.scheme, nm.value) nm.scheme, nm.value, nm.position
    from named nm where nm.value <> ''
    order by nm.scheme, nm.value, nm.position
  ), cited as (
    select fn.scheme, fn.value, fn.position, linked.paper, linked.source
    from (select * from first_named order by position limit 50) fn
    left join lateral (
      select jsonb_build_object('slug', ci.slug, 'title', ci.title, 'content_type', ci.content_type,
               'year', ci.year) as paper, r.source
      from public.item_relations r
      join public.papers p on p.content_id = r.related_id
      join public.content_items ci on ci.id = r.related_id and ci.status = 'published'
      where r.content_id = item_id and r.relation = 'publication'
        and case fn.scheme when 'doi' then lower(p.doi) = fn.value else p.arxiv_id = fn.value end
      order by ci.slug
      limit 1) linked on true
  )
  select jsonb_agg(jsonb_build_object(
           'scheme', c.scheme, 'id', c.value, 'paper', c.paper,
           'sources', coalesce((
             select jsonb_agg(jsonb_build_object(
                      'source', cs.id, 'name', cs.name,
                      'record_url', (select min(i.record_url) from public.item_sources i
                                     where i.content_id = item_id and i.source = src.id))
                    order by src.n)
             from (select s.id, s.n
                   from item, jsonb_array_elements_text(case when jsonb_typeof(item.metadata -> 'publication_sources') = 'array'
                                                             then item.metadata -> 'publication_sources' else '[]' end)
                                with ordinality as s (id, n)
                   union all
                   select c.source, 1 from item
                   where c.source is not null and jsonb_typeof(item.metadata -> 'publication_sources') is distinct from 'array'
                  ) src
             join public.catalog_sources cs on cs.id = src.id), '[]'::jsonb))
         order by c.position)
  into result
  from cited c;
  return coalesce(result, '[]'::jsonb);
end $$;
revoke execute on function public.item_papers_to_cite(uuid) from public, anon, authenticated;

-- The star and citation figures of the given items as pages, cards and the API show them
-- (docs/product.md#facts): each with its source and the time it was true, and the curated list
-- it was read from when it did not come from the source itself (detail.via_name); a figure
-- with no signal is absent, never a bare number from the catalog's own columns. The enrich
-- signals ('github_stars', 'citations') are the only place these figures come from. One row
-- per item that has any, so the cards of a bulk import join them in one pass.
--
-- plpgsql, because item_signals is created later (12_signals.sql); see item_links.
create or replace function public.item_figures(item_ids uuid[])
returns table (content_id uuid, figures jsonb)
language plpgsql stable security invoker set search_path = '' as $$
begin
  return query
  select sg.content_id, jsonb_object_agg(sg.signal, jsonb_strip_nulls(jsonb_build_object(
           'value', round(sg.value_num)::bigint, 'source', sg.source, 'as_of', sg.as_of,
           'via', nullif(btrim(sg.detail ->> 'via_name'), ''))))
  from public.item_signals sg
  where sg.content_id = any (item_ids) and sg.signal in ('github_stars', 'citations')
    and sg.value_num >= 0
  group by sg.content_id;
end $$;
revoke execute on function public.item_figures(uuid[]) from public, anon, authenticated;

-- An item's rating as cards, pages and the API show it (docs/product.md#browse-cards): the count and
-- mean of its published reviews by ORCID-verified reviewers, their Bayesian average (score, what
-- 'Highest Rated' sorts by), and the other published reviews' count and mean apart; null when it
-- has no published review, so that nothing shows a rating of nobody. Plain SQL without a SET
-- clause, so that it is inlined where the cards of a bulk refresh are built.
create or replace function public.rating_json(
  verified_count integer, verified_average numeric, score double precision, other_count integer, other_average numeric
) returns jsonb
language sql immutable parallel safe as $$
  select case when coalesce(verified_count, 0) + coalesce(other_count, 0) > 0 then pg_catalog.jsonb_build_object(
    'verified_count', verified_count, 'verified_average', verified_average, 'score', score,
    'other_count', other_count, 'other_average', other_average) end
$$;
revoke execute on function public.rating_json(integer, numeric, double precision, integer, numeric) from public, anon, authenticated;

-- One item's rating (rating_json), for item_details. plpgsql for the same reason as item_links:
-- item_ratings is created later (19_reviews.sql).
create or replace function public.item_rating(item_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  return (select public.rating_json(r.verified_count, r.verified_average, r.rating_score, r.other_count, r.other_average)
          from public.item_ratings r where r.content_id = item_id);
end $$;
revoke execute on function public.item_rating(uuid) from public, anon, authenticated;

-- The source records behind an item (docs/product.md#sources), each with its source's licence,
-- snapshot (or, for a live record, the day it was last fetched) and credit, as the detail pages
-- list them: only for a published item, as the item_sources policy lets a visitor read
-- (item_details, the only caller, runs as the owner). plpgsql for the same reason as item_links:
-- item_sources is created later (16_catalog_sources.sql).
create or replace function public.item_source_records(item_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
begin
  select jsonb_agg(jsonb_build_object(
           'source', s.id, 'name', s.name, 'record_id', i.record_id, 'record_url', i.record_url,
           'kind', s.kind, 'repository', s.repository, 'commit', s.commit_sha, 'snapshot_date', s.snapshot_date,
           'fetched_on', (i.fetched_at at time zone 'UTC')::date,
           'license', s.license, 'share_alike', s.share_alike,
           'copies_descriptions', s.copies_descriptions, 'credit', s.credit)
         order by s.name, i.record_id)
  into result
  from public.item_sources i
  join public.catalog_sources s on s.id = i.source
  where i.content_id = item_id;
  return coalesce(result, '[]'::jsonb);
end $$;
revoke execute on function public.item_source_records(uuid) from public, anon, authenticated;

-- Everything the detail pages and the compare table show, for the published items with these
-- slugs, in the order asked (at most 100).
--
-- security definer, with the visibility rule written out: only published items, and only rows
-- reached from them (their organisation, fields, people, type details), which is exactly what
-- row-level security lets a visitor read. Under security invoker every type table's policy
-- ("exists a published content_items row") was planned as a hash of *all* published items, six
-- times per call: 4.7 ms at 210 items and growing linearly (6.5 ms at 10,000 under PGlite); this
-- way one item costs a handful of index lookups whatever the catalog's size.
create or replace function public.item_details(slugs text[]) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', ci.id, 'slug', ci.slug, 'title', ci.title, 'description', ci.description,
    'short_description', ci.short_description, 'content_type', ci.content_type, 'url', ci.url,
    'status', ci.status, 'verified', ci.verified, 'featured', ci.featured,
    'view_count', ci.view_count, 'save_count', ci.save_count, 'trending_score', ci.trending_score,
    'year', ci.year, 'tags', ci.tags, 'key_features', ci.key_features,
    'competitive_advantages', ci.competitive_advantages, 'metadata', ci.metadata,
    'published_at', ci.published_at, 'created_at', ci.created_at, 'updated_at', ci.updated_at,
    -- a tool's publications, and the tools a paper describes (docs/product.md#detail-links)
    'publications', public.item_links(ci.id, true),
    'describes', public.item_links(ci.id, false),
    -- every paper a tool or agent names, linked or not, with its source (docs/product.md#paper-to-cite)
    'papers_to_cite', case when ci.content_type in ('software', 'agent')
                        then public.item_papers_to_cite(ci.id) else '[]'::jsonb end,
    -- stars and citations, each with its source and date (docs/product.md#facts)
    'figures', coalesce((select f.figures from public.item_figures(array[ci.id]) f), '{}'::jsonb),
    -- where the item comes from, with licences and snapshot dates (docs/product.md#sources)
    'sources', public.item_source_records(ci.id),
    -- its reviews' rating, or null (docs/product.md#browse-cards)
    'rating', public.item_rating(ci.id),
    'organization', case when o.id is not null then jsonb_build_object(
      'id', o.id, 'name', o.name, 'type', o.type, 'size', o.size, 'website', o.website) end,
    'domains', coalesce((
      select jsonb_agg(jsonb_build_object(
               'slug', d.slug, 'name', d.name, 'icon', d.icon, 'color', d.color, 'is_primary', cd.is_primary)
             order by cd.is_primary desc, d.order_index, d.name)
      from public.content_domains cd join public.scientific_domains d on d.id = cd.domain_id
      where cd.content_id = ci.id), '[]'::jsonb),
    'software', case when ci.content_type = 'software' then jsonb_build_object(
      'pricing_model', s.pricing_model, 'open_source', coalesce(s.open_source, false),
      'github_url', s.github_url,
      'api_available', coalesce(s.api_available, false), 'license', s.license,
      'programming_languages', coalesce(s.programming_languages, '{}'),
      'first_release', s.first_release, 'weights_license', s.weights_license,
      'availability', s.availability) end,
    'paper', case when ci.content_type = 'paper' then jsonb_build_object(
      'abstract', p.abstract, 'journal_name', p.journal_name, 'doi', p.doi, 'arxiv_id', p.arxiv_id,
      'pubmed_id', p.pubmed_id, 'publication_date', p.publication_date,
      'peer_reviewed', coalesce(p.peer_reviewed, false), 'open_access', coalesce(p.open_access, false),
      'key_findings', coalesce(p.key_findings, '{}'),
      'research_goals', coalesce(p.research_goals, '{}'), 'keywords', coalesce(p.keywords, '{}'),
      'methodology', p.methodology, 'limitations', p.limitations,
      'authors_complete', coalesce(p.authors_complete, true),
      'authors', coalesce((
        select jsonb_agg(pe.full_name order by cp.order_index, pe.full_name)
        from public.content_people cp join public.people pe on pe.id = cp.person_id
        where cp.content_id = ci.id and cp.role = 'author'), '[]'::jsonb)) end,
    'company', case when ci.content_type = 'company' then jsonb_build_object(
      -- funding stage and size only with when and where they were read (docs/product.md#facts)
      'funding_stage', case when co.funding_stage_as_of is not null and co.funding_stage_source is not null
                         then co.funding_stage end,
      'employee_count', case when co.employee_count_as_of is not null and co.employee_count_source is not null
                          then co.employee_count end,
      'founded_year', co.founded_year, 'headquarters', co.headquarters,
      'business_model', co.business_model, 'industry_focus', coalesce(co.industry_focus, '{}'),
      'target_customers', coalesce(co.target_customers, '{}'),
      'partnerships', coalesce(co.partnerships, '{}'),
      'funding_stage_as_of', co.funding_stage_as_of, 'funding_stage_source', co.funding_stage_source,
      'employee_count_as_of', co.employee_count_as_of, 'employee_count_source', co.employee_count_source,
      'headquarters_as_of', co.headquarters_as_of, 'headquarters_source', co.headquarters_source) end,
    'agent', case when ci.content_type = 'agent' then jsonb_build_object(
      'model_type', a.model_type, 'specialization', a.specialization,
      'interaction_mode', a.interaction_mode, 'capabilities', coalesce(a.capabilities, '{}'),
      'integration_options', coalesce(a.integration_options, '{}'),
      'open_source', coalesce(a.open_source, false), 'pricing_model', a.pricing_model,
      'license', a.license, 'first_release', a.first_release, 'weights_license', a.weights_license,
      'availability', a.availability) end
  ) order by ord.position), '[]'::jsonb)
  from unnest(slugs[1:100]) with ordinality as ord (slug, position)
  join public.content_items ci on ci.slug = ord.slug and ci.status = 'published'
  left join public.organizations o on o.id = ci.organization_id
  left join public.software s on s.content_id = ci.id and ci.content_type = 'software'
  left join public.papers p on p.content_id = ci.id and ci.content_type = 'paper'
  left join public.companies co on co.content_id = ci.id and ci.content_type = 'company'
  left join public.agents a on a.content_id = ci.id and ci.content_type = 'agent'
$$;
revoke execute on function public.item_details(text[]) from public;
grant execute on function public.item_details(text[]) to anon, authenticated;

-- A small card of an item (related items, 404 suggestions).
create or replace function public.item_summary(ci public.content_items) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'slug', ci.slug, 'title', ci.title, 'content_type', ci.content_type,
    'organization_name', (select o.name from public.organizations o where o.id = ci.organization_id),
    'summary', coalesce(nullif(ci.short_description, ''), left(ci.description, 200)),
    'view_count', ci.view_count, 'save_count', ci.save_count)
$$;
grant execute on function public.item_summary(public.content_items) to anon, authenticated;

-- Related items (the 2,000 most trending items as candidates, the full
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
grant execute on function public.related_items(text, integer) to anon, authenticated;

create index content_items_title_trgm_knn_idx on public.content_items
  using gist (lower(title) extensions.gist_trgm_ops) where status = 'published';

-- Published items whose slug or title looks like the text, for the 404 page of an unknown slug
-- ('alphafoldd' → AlphaFold 2): the two dozen nearest titles by trigram distance, scored on slug
-- and title, kept when the score reaches 0.2.
create or replace function public.similar_items(query text, max_items integer default 3) returns jsonb
language sql stable security invoker set search_path = '' as $$
  with wanted as (
    select lower(left(btrim(query), 200)) as slug,
           btrim(regexp_replace(lower(left(query, 200)), '[^a-z0-9]+', ' ', 'g')) as title
  ), candidates as (
    -- (the text itself, not wanted.title: an index orders only by distance to a constant)
    select ci.id
    from public.content_items ci
    where ci.status = 'published'
    order by lower(ci.title) operator(extensions.<->) btrim(regexp_replace(lower(left(query, 200)), '[^a-z0-9]+', ' ', 'g'))
    limit 24
  ), ranked as (
    select ci, greatest(extensions.similarity(ci.slug, w.slug), extensions.similarity(lower(ci.title), w.title)) as score
    from wanted w, candidates c join public.content_items ci on ci.id = c.id
  )
  select coalesce(jsonb_agg(public.item_summary(t.ci) order by t.score desc, (t.ci).slug), '[]'::jsonb)
  from (
    select r.ci, r.score from ranked r where r.score >= 0.2
    order by r.score desc, (r.ci).slug
    limit least(greatest(coalesce(max_items, 3), 0), 12)
  ) t
$$;
grant execute on function public.similar_items(text, integer) to anon, authenticated;

-- Views: one row per item, visitor and UTC day. The visitor is a daily-rotating keyed hash set by
-- the gateway, never an address, so rows from different days cannot be linked to one person.
create table public.item_views (
  content_id uuid not null references public.content_items (id) on delete cascade,
  visitor_hash text not null check (char_length(visitor_hash) between 16 and 128),
  day date not null,
  primary key (content_id, visitor_hash, day)
);
alter table public.item_views enable row level security;
revoke all on public.item_views from anon, authenticated;

create index item_views_day_idx on public.item_views (day);

-- Counts a view of a published item; true when it was the visitor's first today. The embedded
-- gateway sets x-sciai-visitor (an HMAC of address, user agent and day) and drops bots before
-- they get here; on hosted Supabase, which has no such gateway, the visitor is a hash of the
-- forwarded address, user agent and day, and well-known bot user agents are ignored here.
create or replace function public.record_item_view(item_slug text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  headers jsonb := nullif(current_setting('request.headers', true), '')::jsonb;
  today date := (now() at time zone 'UTC')::date;
  visitor text;
  item_id uuid;
  inserted integer;
begin
  if headers is null then
    return false; -- not an API request: nobody to count
  end if;
  if coalesce(headers ->> 'user-agent', '') ~* '(bot|crawl|spider|slurp|preview|headless|lighthouse|curl|wget|python-requests)' then
    return false;
  end if;
  visitor := headers ->> 'x-sciai-visitor';
  if visitor is null or visitor !~ '^[0-9a-f]{16,128}$' then
    visitor := md5(coalesce(headers ->> 'x-forwarded-for', '') || '|' || coalesce(headers ->> 'user-agent', '') || '|' || today::text);
  end if;

  select ci.id into item_id from public.content_items ci where ci.slug = item_slug and ci.status = 'published';
  if item_id is null then
    return false;
  end if;

  insert into public.item_views (content_id, visitor_hash, day) values (item_id, visitor, today)
  on conflict do nothing;
  get diagnostics inserted = row_count;
  if inserted = 0 then
    return false;
  end if;
  update public.content_items set view_count = view_count + 1 where id = item_id;

  -- Only today's rows decide anything; keep a month for analytics, prune now and then.
  if random() < 0.01 then
    delete from public.item_views where day < today - 30;
  end if;
  return true;
end $$;
revoke execute on function public.record_item_view(text) from public;
grant execute on function public.record_item_view(text) to anon, authenticated;

-- A view or a save is not an edit: counters alone leave updated_at (the sitemap's lastmod) as it was.
create or replace function public.content_items_set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (to_jsonb(new) - array['view_count', 'save_count', 'trending_score', 'updated_at'])
     is not distinct from (to_jsonb(old) - array['view_count', 'save_count', 'trending_score', 'updated_at']) then
    new.updated_at := old.updated_at;
  else
    new.updated_at := now();
  end if;
  return new;
end $$;
revoke execute on function public.content_items_set_updated_at() from public, anon, authenticated;

create trigger content_items_updated_at before update on public.content_items
  for each row execute function public.content_items_set_updated_at();
