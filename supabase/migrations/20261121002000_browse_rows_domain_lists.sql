-- The browse rows' domain lists, read once for all the items refreshed.
--
-- refresh_content_search built each item's domain list in a subquery per item, which the planner
-- ran as one probe of content_domains per known domain (thirteen per item): 1.3 million probes
-- and 1.4 s of the 1.9 s it spent building the rows of a 100,000-paper import on PostgreSQL. The
-- lists are now aggregated in one pass over the items' links and joined. One item's refresh
-- still reads its links through the primary key. Everything else is as in 20261121001500.

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
    coalesce(dl.slugs, '{}'),
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
  left join (
    select cd.content_id, array_agg(d.slug order by cd.is_primary desc, d.slug) as slugs
    from public.content_domains cd join public.scientific_domains d on d.id = cd.domain_id
    where cd.content_id = any (item_ids)
    group by cd.content_id) dl on dl.content_id = ci.id
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
