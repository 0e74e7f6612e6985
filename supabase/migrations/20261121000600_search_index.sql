-- The browse index: one narrow row per item with everything search filters, counts and sorts
-- on, kept current by the database; the catalog's words for typo correction; and a cache of
-- facet counts that is exact because it is keyed by the catalog version.

create table public.content_search (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  status text not null,
  content_type text not null,
  slug text not null collate "C",
  title_key text not null collate "C",
  created_at timestamptz not null,
  save_count integer not null,
  view_count integer not null,
  trending_score double precision not null,
  -- spec 5: metadata year, else the year the item was created
  year integer not null,
  organization_size text,
  domain_slugs text[] not null,
  -- spec 5 feature rules: verified, competitive, enterprise, peer_reviewed, open_source, free_tier
  features text[] not null
);
alter table public.content_search enable row level security;
create policy "published index rows are public" on public.content_search for select
  using (status = 'published' or (select public.is_staff()));

create index content_search_trending_idx on public.content_search (trending_score desc, slug) where status = 'published';
create index content_search_recent_idx on public.content_search (created_at desc, slug) where status = 'published';
create index content_search_saves_idx on public.content_search (save_count desc, slug) where status = 'published';
create index content_search_views_idx on public.content_search (view_count desc, slug) where status = 'published';
create index content_search_title_idx on public.content_search (title_key, slug) where status = 'published';
create index content_search_domains_idx on public.content_search using gin (domain_slugs) where status = 'published';
create index content_search_features_idx on public.content_search using gin (features) where status = 'published';
create index content_search_type_idx on public.content_search (content_type) where status = 'published';

-- Published items per domain for the landing cards, kept exact by a trigger on the index, so
-- reading them costs thirteen rows whatever the size of the catalog.
create table public.domain_item_counts (
  slug text primary key,
  count integer not null default 0
);
alter table public.domain_item_counts enable row level security;
revoke all on public.domain_item_counts from anon, authenticated;

create or replace function public.apply_domain_count_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- transition tables exist only for the operations that have them, hence three statements
  if tg_op = 'INSERT' then
    insert into public.domain_item_counts as c (slug, count)
    select u.domain, count(*) from new_rows r, unnest(r.domain_slugs) as u (domain)
    where r.status = 'published' group by u.domain
    on conflict (slug) do update set count = c.count + excluded.count;
  elsif tg_op = 'DELETE' then
    update public.domain_item_counts c set count = c.count - d.n
    from (select u.domain, count(*) as n from old_rows r, unnest(r.domain_slugs) as u (domain)
          where r.status = 'published' group by u.domain) d
    where c.slug = d.domain;
  else
    insert into public.domain_item_counts as c (slug, count)
    select d.domain, sum(d.change) from (
      select u.domain, 1 as change from new_rows r, unnest(r.domain_slugs) as u (domain) where r.status = 'published'
      union all
      select u.domain, -1 from old_rows r, unnest(r.domain_slugs) as u (domain) where r.status = 'published') d
    group by d.domain having sum(d.change) <> 0
    on conflict (slug) do update set count = c.count + excluded.count;
  end if;
  return null;
end $$;

create trigger content_search_domain_counts_insert after insert on public.content_search
  referencing new table as new_rows for each statement execute function public.apply_domain_count_changes();
create trigger content_search_domain_counts_update after update on public.content_search
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.apply_domain_count_changes();
create trigger content_search_domain_counts_delete after delete on public.content_search
  referencing old table as old_rows for each statement execute function public.apply_domain_count_changes();

create or replace view public.domain_counts with (security_invoker = false) as
  select d.id as domain_id, d.slug, coalesce(c.count, 0) as count
  from public.scientific_domains d
  left join public.domain_item_counts c on c.slug = d.slug;
comment on view public.domain_counts is
  'Published items per domain. Owner rights on purpose: it exposes only counts of published items.';

-- Which catalog the cached search results describe. Bumped whenever anything a facet counts changes.
create table public.catalog_state (
  singleton boolean primary key default true check (singleton),
  version bigint not null default 1
);
insert into public.catalog_state default values;
alter table public.catalog_state enable row level security;

-- Facet counts are exact for their catalog version; pages also age out (their cards carry
-- popularity counters, which change without a new version).
create table public.search_cache (
  cache_key text primary key,
  catalog_version bigint not null,
  result jsonb not null,
  created_at timestamptz not null default now()
);
alter table public.search_cache enable row level security;
revoke all on public.catalog_state, public.search_cache from anon, authenticated;

-- Rebuilds the index rows of the given items. Facet-relevant changes bump the catalog version;
-- popularity counters alone do not (they are never counted, only sorted on).
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
  insert into pending_search_rows
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
    ], null)
  from public.content_items ci
  left join public.organizations o on o.id = ci.organization_id
  left join public.software s on s.content_id = ci.id
  left join public.papers p on p.content_id = ci.id
  left join public.agents a on a.content_id = ci.id
  where ci.id = any (item_ids);

  insert into public.content_search as cs
  select * from pending_search_rows
  on conflict (content_id) do update set
    status = excluded.status, content_type = excluded.content_type, slug = excluded.slug,
    title_key = excluded.title_key, created_at = excluded.created_at, year = excluded.year,
    organization_size = excluded.organization_size, domain_slugs = excluded.domain_slugs, features = excluded.features
  where (cs.status, cs.content_type, cs.slug, cs.title_key, cs.created_at, cs.year, cs.organization_size,
         cs.domain_slugs, cs.features)
        is distinct from
        (excluded.status, excluded.content_type, excluded.slug, excluded.title_key, excluded.created_at,
         excluded.year, excluded.organization_size, excluded.domain_slugs, excluded.features);
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

create or replace function public.refresh_search_from_items() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.refresh_content_search(array(select id from new_rows));
  return null;
end $$;

create or replace function public.refresh_search_from_details() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    perform public.refresh_content_search(array(select distinct content_id from old_rows));
  else
    perform public.refresh_content_search(array(select distinct content_id from new_rows));
  end if;
  return null;
end $$;

create or replace function public.refresh_search_from_organizations() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.refresh_content_search(array(
    select ci.id from public.content_items ci join new_rows o on o.id = ci.organization_id));
  return null;
end $$;

create or replace function public.bump_catalog_version() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.catalog_state set version = version + 1;
  return null;
end $$;

create trigger content_items_search_insert after insert on public.content_items
  referencing new table as new_rows for each statement execute function public.refresh_search_from_items();
create trigger content_items_search_update after update on public.content_items
  referencing new table as new_rows for each statement execute function public.refresh_search_from_items();
create trigger content_search_deleted after delete on public.content_search
  for each statement execute function public.bump_catalog_version();

create trigger software_search_insert after insert on public.software
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();
create trigger software_search_update after update on public.software
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();
create trigger papers_search_insert after insert on public.papers
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();
create trigger papers_search_update after update on public.papers
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();
create trigger agents_search_insert after insert on public.agents
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();
create trigger agents_search_update after update on public.agents
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();
create trigger content_domains_search_insert after insert on public.content_domains
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();
create trigger content_domains_search_update after update on public.content_domains
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();
create trigger content_domains_search_delete after delete on public.content_domains
  referencing old table as old_rows for each statement execute function public.refresh_search_from_details();
create trigger organizations_search_update after update on public.organizations
  referencing new table as new_rows for each statement execute function public.refresh_search_from_organizations();
create trigger scientific_domains_search_update after update of slug on public.scientific_domains
  for each statement execute function public.bump_catalog_version();

-- Words of the published catalog (unstemmed), for 'Did you mean …' and typo tolerance.
create table public.search_vocabulary (
  word text primary key
);
alter table public.search_vocabulary enable row level security;
revoke all on public.search_vocabulary from anon, authenticated;
create index search_vocabulary_trgm_idx on public.search_vocabulary using gin (word extensions.gin_trgm_ops);

create or replace function public.add_search_vocabulary() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.search_vocabulary (word)
  select distinct w.word
  from new_rows r,
       unnest(tsvector_to_array(to_tsvector('pg_catalog.simple',
         r.title || ' ' || array_to_string(r.tags, ' ') || ' ' || r.short_description || ' ' || r.description))) as w (word)
  where r.status = 'published' and w.word ~ '^[a-z][a-z0-9-]{2,40}$'
  on conflict (word) do nothing;
  return null;
end $$;

create trigger content_items_vocabulary_insert after insert on public.content_items
  referencing new table as new_rows for each statement execute function public.add_search_vocabulary();
create trigger content_items_vocabulary_update after update on public.content_items
  referencing new table as new_rows for each statement execute function public.add_search_vocabulary();

revoke execute on function public.refresh_content_search(uuid[]) from public, anon, authenticated;
revoke execute on function public.refresh_search_from_items() from public, anon, authenticated;
revoke execute on function public.refresh_search_from_details() from public, anon, authenticated;
revoke execute on function public.refresh_search_from_organizations() from public, anon, authenticated;
revoke execute on function public.bump_catalog_version() from public, anon, authenticated;
revoke execute on function public.add_search_vocabulary() from public, anon, authenticated;
revoke execute on function public.apply_domain_count_changes() from public, anon, authenticated;

-- Items already in the catalog.
select public.refresh_content_search(array(select id from public.content_items));
insert into public.search_vocabulary (word)
select distinct w.word
from public.content_items ci,
     unnest(tsvector_to_array(to_tsvector('pg_catalog.simple',
       ci.title || ' ' || array_to_string(ci.tags, ' ') || ' ' || ci.short_description || ' ' || ci.description))) as w (word)
where ci.status = 'published' and w.word ~ '^[a-z][a-z0-9-]{2,40}$'
on conflict (word) do nothing;
