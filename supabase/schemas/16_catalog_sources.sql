-- Where catalog items come from (docs/product.md#sources). The shipped catalog is built from
-- openly licensed lists read at a named commit (fixtures/sources/snapshots, core/src/catalog-build);
-- each source is one row here, with its licence and the credit it asks for, and each item keeps
-- the records it was built from. Loaded by load_catalog_sources and load_catalog (01_catalog.sql).
-- The sources `sciai harvest` reads live are rows too (kind 'live', written with the reference
-- data, 99_reference_data.sql), and a harvested item keeps the live record it came from, dated by
-- its last fetch (commit_harvest_page, 11_harvest.sql). Readable by everyone where the item is
-- published, written only by the service role and those functions.

create table public.catalog_sources (
  id text primary key check (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(id) <= 60),
  name text not null check (char_length(name) between 1 and 200),
  -- a snapshot's repository; a live source's home page
  repository text not null check (repository ~ '^https://' and char_length(repository) <= 500),
  -- 'snapshot': a list read at one commit; 'live': a source's API, read by `sciai harvest`
  kind text not null default 'snapshot' check (kind in ('snapshot', 'live')),
  commit_sha text check (commit_sha ~ '^[0-9a-f]{40}$'),
  snapshot_date date check (snapshot_date >= '2000-01-01'),
  -- the `sciai harvest` source a live source is (core's HARVEST_SOURCES)
  harvest_source text unique check (harvest_source in ('openalex', 'arxiv', 'crossref', 'github', 'huggingface',
    'biotools')),
  -- an SPDX id, 'public-domain', or 'none' (no licence: facts only, never prose)
  license text not null check (char_length(license) between 1 and 100),
  license_basis text not null check (char_length(license_basis) between 1 and 1000),
  -- SciAI copies its descriptions word for word, with credit: never from a source without a
  -- licence (docs/product.md#sources)
  copies_descriptions boolean not null,
  share_alike boolean not null,
  credit text not null check (char_length(credit) between 1 and 1000),
  constraint catalog_sources_prose_needs_licence check (license <> 'none' or not copies_descriptions),
  -- a snapshot names its commit and date; a live source names the harvest that reads it
  constraint catalog_sources_snapshot_or_live check (case kind
    when 'snapshot' then commit_sha is not null and snapshot_date is not null and harvest_source is null
    else commit_sha is null and snapshot_date is null and harvest_source is not null end)
);
alter table public.catalog_sources enable row level security;
revoke all on public.catalog_sources from anon, authenticated;
grant select on public.catalog_sources to anon, authenticated;
create policy "catalog sources are public" on public.catalog_sources for select using (true);

-- One row per source record behind an item: an item two lists name has two rows.
create table public.item_sources (
  content_id uuid not null references public.content_items (id) on delete cascade,
  source text not null references public.catalog_sources (id) on delete cascade,
  record_id text not null check (char_length(record_id) between 1 and 300),
  record_url text not null check (record_url ~ '^https://' and char_length(record_url) <= 2000),
  -- a live record's last fetch (a harvest that found it); null for a snapshot's record, which is
  -- as of its source's snapshot_date
  fetched_at timestamptz,
  primary key (content_id, source, record_id)
);
alter table public.item_sources enable row level security;
create index item_sources_source_idx on public.item_sources (source);
revoke all on public.item_sources from anon, authenticated;
grant select on public.item_sources to anon, authenticated;
create policy "sources of published items are public" on public.item_sources for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
         or (select public.is_staff()));

-- Writes the sources of a built catalog (fixtures/catalog/built/sources.json): new ones are
-- added, known ones take the snapshot they were rebuilt from. Only the service role may call it.
create or replace function public.load_catalog_sources(sources jsonb)
returns integer
language plpgsql security invoker set search_path = '' as $$
declare
  written integer;
begin
  if jsonb_typeof(sources) <> 'array' then
    raise exception 'sources must be a JSON array' using errcode = '22023';
  end if;
  insert into public.catalog_sources as c (id, name, repository, commit_sha, snapshot_date, license, license_basis,
    copies_descriptions, share_alike, credit)
  select r.id, r.name, r.repository, r.commit, r.snapshot_date, r.license, r.license_basis,
    r.copies_descriptions, r.share_alike, r.credit
  from jsonb_to_recordset(sources) as r (id text, name text, repository text, commit text, snapshot_date date,
    license text, license_basis text, copies_descriptions boolean, share_alike boolean, credit text)
  on conflict (id) do update set name = excluded.name, repository = excluded.repository,
    commit_sha = excluded.commit_sha, snapshot_date = excluded.snapshot_date, license = excluded.license,
    license_basis = excluded.license_basis, copies_descriptions = excluded.copies_descriptions,
    share_alike = excluded.share_alike, credit = excluded.credit;
  get diagnostics written = row_count;
  return written;
end $$;
revoke execute on function public.load_catalog_sources(jsonb) from public, anon, authenticated;
grant execute on function public.load_catalog_sources(jsonb) to service_role;

-- What /about/data shows (docs/product.md#sources): the published items by source, by type and by
-- field (the tree, each field counting the items of its children too), and each source's
-- licence, snapshot (or that it is read live) and credit. Counts of published items only, which
-- anyone may see; security definer so that one call costs a few aggregates instead of a policy
-- check per row.
create or replace function public.catalog_data_summary() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'items', (select count(*) from public.content_items ci where ci.status = 'published'),
    'items_without_sources', (
      select count(*) from public.content_items ci
      where ci.status = 'published'
        and not exists (select 1 from public.item_sources i where i.content_id = ci.id)),
    'by_type', coalesce((
      select jsonb_object_agg(t.content_type, t.count)
      from (select ci.content_type, count(*) as count from public.content_items ci
            where ci.status = 'published' group by ci.content_type) t), '{}'::jsonb),
    'sources', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', s.id, 'name', s.name, 'kind', s.kind, 'repository', s.repository, 'commit', s.commit_sha,
               'snapshot_date', s.snapshot_date, 'license', s.license, 'license_basis', s.license_basis,
               'copies_descriptions', s.copies_descriptions, 'share_alike', s.share_alike,
               'credit', s.credit, 'items', coalesce(n.count, 0))
             order by coalesce(n.count, 0) desc, s.name)
      from public.catalog_sources s
      left join (select i.source, count(distinct i.content_id) as count
                 from public.item_sources i
                 join public.content_items ci on ci.id = i.content_id and ci.status = 'published'
                 group by i.source) n on n.source = s.id
      -- a live source once some published item holds one of its records
      where s.kind = 'snapshot' or n.count > 0), '[]'::jsonb),
    'fields', coalesce((
      select jsonb_agg(jsonb_build_object(
               'slug', d.slug, 'name', d.name, 'parent', p.slug, 'items', coalesce(c.count, 0))
             order by d.order_index, d.name)
      from public.scientific_domains d
      left join public.scientific_domains p on p.id = d.parent_id
      left join public.domain_counts c on c.domain_id = d.id), '[]'::jsonb))
$$;
revoke execute on function public.catalog_data_summary() from public;
grant execute on function public.catalog_data_summary() to anon, authenticated;
