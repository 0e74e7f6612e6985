-- docs/product.md#browse-search: accents do not matter. The letters of Latin scripts folded to
-- their base letter by translate(), the same on PGlite and PostgreSQL with no extension to load;
-- immutable and without a SET clause, so that it is inlined into the functions using it.
create or replace function public.fold_accents(value text) returns text
language sql immutable parallel safe as $$
  select pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.translate(value,
    'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżžÀÁÂÃÄÅĀĂĄÇĆĈĊČĎĐÈÉÊËĒĔĖĘĚĜĞĠĢĤĦÌÍÎÏĨĪĬĮĴĶĹĻĽĿŁÑŃŅŇÒÓÔÕÖØŌŎŐŔŖŘŚŜŞŠŢŤŦÙÚÛÜŨŪŬŮŰŲŴÝŸŶŹŻŽ',
    'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzzAAAAAAAAACCCCCDDEEEEEEEEEGGGGHHIIIIIIIIJKLLLLLNNNNOOOOOOOOORRRSSSSTTTUUUUUUUUUUWYYYZZZ'),
    'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'Æ', 'AE')
$$;
-- called by item_search_vector as the user who writes an item; not an API of its own
revoke execute on function public.fold_accents(text) from public, anon;
grant execute on function public.fold_accents(text) to authenticated, service_role;

-- A name's compact form: lower case, accents folded, letters and digits only ("nnU-Net" →
-- "nnunet", "Schrödinger FEP+" → "schrodingerfep"). Names and queries are compared in this form.
create or replace function public.search_key(value text) returns text
language sql immutable parallel safe as $$
  select pg_catalog.regexp_replace(public.fold_accents(pg_catalog.lower(value)), '[^a-z0-9]+', '', 'g')
$$;
revoke execute on function public.search_key(text) from public, anon;
grant execute on function public.search_key(text) to authenticated, service_role;

-- The browse index: one narrow row per item with everything search filters, counts and sorts
-- on, kept current by the database; the catalog's words for typo correction; and a cache of
-- facet counts that is exact because it is keyed by the catalog version.
create table public.content_search (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  status text not null,
  content_type text not null,
  slug text not null collate "C",
  title_key text not null collate "C",
  -- docs/product.md#browse-search: the title folded for matching (lower case, accents dropped,
  -- only letters and digits), so "nnunet", "nn-unet" and "nnU-Net", "alpha fold" and "AlphaFold",
  -- "schrodinger" and "Schrödinger" are one name
  name_key text not null collate "C" default '',
  created_at timestamptz not null,
  save_count integer not null,
  view_count integer not null,
  trending_score double precision not null,
  -- docs/product.md#browse-year: metadata year, else the year the item was created
  year integer not null,
  organization_size text,
  domain_slugs text[] not null,
  -- docs/product.md#browse-features: verified, competitive, enterprise, peer_reviewed, open_source, free_tier
  features text[] not null,
  -- the item's weighted document, so text is matched on this narrow row
  search_vector tsvector not null default ''::tsvector,
  -- for related_items: candidates by shared tag come from this index, in trending order
  tags text[] not null default '{}',
  -- docs/product.md#browse-health: the live signals browse sorts and filters on (12_signals.sql),
  -- kept here by refresh_content_search: citations and stars (the live figures, as the cards
  -- show them), the latest push or release, whether the repository is archived, and the
  -- worst health of the homepage and repository links ('ok', 'down', 'dead'; null: never checked)
  citations integer,
  stars integer,
  active_at timestamptz,
  archived boolean not null default false,
  link_health text,
  -- docs/product.md#browse-filters: what a tool does (EDAM operations) and the data it reads (EDAM
  -- data terms), as its sources state them in the item's metadata (metadata_terms)
  operations text[] not null default '{}',
  input_data text[] not null default '{}',
  -- docs/product.md#browse-sort: the Bayesian average of the item's reviews by ORCID-verified
  -- reviewers (item_ratings.rating_score), what 'Highest Rated' sorts by; null: no such review.
  -- Kept here by refresh_content_search, as trending_score is, so that the sort walks an index
  -- of this table instead of joining the ratings on every search (20_ratings_in_browse.sql)
  rating_score double precision
);
grant all on public.content_search to anon, authenticated;
alter table public.content_search enable row level security;

create policy "published index rows are public" on public.content_search for select
  using (status = 'published' or (select public.is_staff()));

create index content_search_trending_idx on public.content_search (trending_score desc, slug) where status = 'published';

create index content_search_recent_idx on public.content_search (created_at desc, slug) where status = 'published';

create index content_search_saves_idx on public.content_search (save_count desc, slug) where status = 'published';

create index content_search_views_idx on public.content_search (view_count desc, slug) where status = 'published';

create index content_search_title_idx on public.content_search (title_key, slug) where status = 'published';

-- the signal sorts walk these without text or filters; items without the signal come last
create index content_search_cited_idx on public.content_search (citations desc nulls last, slug) where status = 'published';

create index content_search_starred_idx on public.content_search (stars desc nulls last, slug) where status = 'published';

create index content_search_active_idx on public.content_search (active_at desc nulls last, slug) where status = 'published';

create index content_search_rating_idx on public.content_search (rating_score desc nulls last, slug) where status = 'published';

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
revoke execute on function public.apply_domain_count_changes() from public, anon, authenticated;

create trigger content_search_domain_counts_insert after insert on public.content_search
  referencing new table as new_rows for each statement execute function public.apply_domain_count_changes();

create trigger content_search_domain_counts_update after update on public.content_search
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.apply_domain_count_changes();

create trigger content_search_domain_counts_delete after delete on public.content_search
  referencing old table as old_rows for each statement execute function public.apply_domain_count_changes();

-- Published items per domain, for the landing page's field cards.
create or replace view public.domain_counts with (security_invoker = false) as
  select d.id as domain_id, d.slug, coalesce(c.count, 0) as count
  from public.scientific_domains d
  left join public.domain_item_counts c on c.slug = d.slug;
comment on view public.domain_counts is
  'Published items per domain. Owner rights on purpose: it exposes only counts of published items.';
grant all on public.domain_counts to anon, authenticated;

-- Which catalog the cached search results describe. Bumped whenever anything a facet counts changes.
create table public.catalog_state (
  singleton boolean primary key default true check (singleton),
  version bigint not null default 1,
  -- the most the search cache may hold, in bytes of stored results: the server sets it at start
  -- from SEARCH_CACHE_MAX_MB (README, configuration)
  search_cache_max_bytes bigint not null default 67108864 check (search_cache_max_bytes > 0)
);
alter table public.catalog_state enable row level security;

insert into public.catalog_state default values;

-- Facet counts are exact for their catalog version and stay as long as it does; pages also
-- age out after ten minutes, since their cards carry popularity counters and the popular sorts
-- follow them, which change without a new version
-- (docs/decisions/0042-search-cache-and-maintenance.md).
-- Unlogged: a search that fills the cache writes no WAL, so its commit does not wait for a WAL
-- flush to disk; after a crash the cache starts empty, which costs only recomputation
-- (docs/decisions/0059-search-first-run-fixed-costs.md).
-- Bounded: every distinct query adds entries (some 25 KB a page), so the least recently used go
-- once the entries pass catalog_state.search_cache_max_bytes (prune_search_cache).
create unlogged table public.search_cache (
  cache_key text primary key,
  catalog_version bigint not null,
  result jsonb not null,
  created_at timestamptz not null default now(),
  -- when a search last wrote or read the entry (to within a few seconds: see search_items)
  used_at timestamptz not null default now(),
  -- the stored result's size, which the bound counts
  bytes integer not null default 0
);
-- Stored out of line but not compressed: compressing a page's 25 KB (its 20 cards) cost a first
-- run 0.8-2.5 ms on the loaded bench machine, against 0.3 ms to store it as it is; a hit reads it
-- either way (docs/decisions/0063-search-cards-kept-ready.md).
alter table public.search_cache alter column result set storage external;
alter table public.search_cache enable row level security;
revoke all on public.catalog_state, public.search_cache from anon, authenticated;

-- Counts the cache's writes, so that every 64th prunes it (search_items): a sequence, so
-- concurrent searches never wait on one another for it.
create sequence public.search_cache_writes;
revoke all on sequence public.search_cache_writes from anon, authenticated;

-- Keeps the cache within its bound: entries of older catalog versions and entries unused for a
-- day go, then the least recently used until the rest fit in catalog_state.search_cache_max_bytes.
-- One prune at a time (the advisory lock key follows the schema and job locks', bootstrap.ts and
-- scheduled-jobs.ts); rows another search is writing are left for the next prune.
create or replace function public.prune_search_cache() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  max_bytes bigint;
  current_version bigint;
  doomed text[];
begin
  if not pg_catalog.pg_try_advisory_xact_lock(7412093003) then
    return;
  end if;
  select s.search_cache_max_bytes, s.version into max_bytes, current_version from public.catalog_state s;
  doomed := array(
    select k.cache_key from (
      select c.cache_key, c.catalog_version, c.used_at,
             sum(c.bytes) over (order by c.used_at desc rows unbounded preceding) as held
      from public.search_cache c) k
    where k.held > max_bytes or k.catalog_version < current_version or k.used_at < now() - interval '1 day');
  if cardinality(doomed) > 0 then
    delete from public.search_cache c
    using (select l.cache_key from public.search_cache l where l.cache_key = any (doomed) for update skip locked) d
    where c.cache_key = d.cache_key;
  end if;
end $$;
revoke execute on function public.prune_search_cache() from public, anon, authenticated;

-- A signal's date (an ISO time as enrich stores it), or null for anything that is not one.
create or replace function public.signal_time(value text) returns timestamptz
language plpgsql stable set search_path = '' as $$
begin
  if value is null or value !~ '^\d{4}-\d{2}-\d{2}' then
    return null;
  end if;
  return value::timestamptz;
exception when others then
  return null;
end $$;
revoke execute on function public.signal_time(text) from public, anon, authenticated;

-- The distinct texts of a metadata list, sorted: the strings of a list of strings, or with `field`
-- the strings under that key of a list of objects. Anything of another shape, blank or longer
-- than 200 characters is left out. A plain SQL function without a SET clause, so that it is
-- inlined where it is used (every name in it is schema-qualified instead).
create or replace function public.metadata_terms(value jsonb, field text default null) returns text[]
language sql immutable parallel safe as $$
  select coalesce(pg_catalog.array_agg(distinct x.term order by x.term), '{}')
  from (
    select case when field is null then e.value operator(pg_catalog.#>>) '{}'
                else e.value operator(pg_catalog.->>) field end as term
    from pg_catalog.jsonb_array_elements(case when pg_catalog.jsonb_typeof(value) = 'array' then value
                                              else '[]'::jsonb end) as e (value)
    where case when field is null then pg_catalog.jsonb_typeof(e.value) = 'string'
               else pg_catalog.jsonb_typeof(e.value operator(pg_catalog.->) field) = 'string' end) x
  where pg_catalog.btrim(x.term) <> '' and pg_catalog.char_length(x.term) <= 200
$$;
revoke execute on function public.metadata_terms(jsonb, text) from public, anon, authenticated;

-- The browse rows' domain lists, read once for all the items refreshed.
--
-- refresh_content_search built each item's domain list in a subquery per item, which the planner
-- ran as one probe of content_domains per known domain (thirteen per item): 1.3 million probes
-- and 1.4 s of the 1.9 s it spent building the rows of a 100,000-paper import on PostgreSQL. The
-- lists are now aggregated in one pass over the items' links and joined. One item's refresh
-- still reads its links through the primary key.
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
  insert into pending_search_rows (content_id, status, content_type, slug, title_key, name_key, created_at, save_count,
    view_count, trending_score, year, organization_size, domain_slugs, features, search_vector, tags,
    citations, stars, active_at, archived, link_health, operations, input_data, rating_score)
  select
    ci.id, ci.status, ci.content_type, ci.slug, lower(ci.title), public.search_key(ci.title), ci.created_at, ci.save_count, ci.view_count,
    ci.trending_score, coalesce(ci.year, extract(year from ci.created_at at time zone 'UTC')::integer), o.size,
    coalesce(dl.slugs, '{}'),
    array_remove(array[
      case when ci.verified then 'verified' end,
      case when cardinality(ci.competitive_advantages) > 0 then 'competitive' end,
      -- a label true of the item: sold on enterprise terms, not merely made by a large organisation
      case when coalesce(s.pricing_model, a.pricing_model) = 'enterprise' then 'enterprise' end,
      case when p.peer_reviewed then 'peer_reviewed' end,
      case when coalesce(s.open_source, a.open_source) then 'open_source' end,
      case when coalesce(s.pricing_model, a.pricing_model) in ('free', 'freemium') then 'free_tier' end,
      -- docs/product.md#browse-features: the mean of its verified reviews as the card shows it,
      -- to one decimal, is 4.0 or more
      case when round(rt.verified_average, 1) >= 4 then 'rated_4_up' end
    ], null),
    ci.search_vector, ci.tags,
    -- the live figures only: an item sorts by the stars and citations its card shows, each with
    -- its source and date, never by the catalog's undated columns (docs/product.md#facts)
    (case when sig.citations > 2147483647 then 2147483647 else sig.citations end)::integer,
    (case when sig.stars > 2147483647 then 2147483647 else sig.stars end)::integer,
    sig.active_at, coalesce(sig.archived, false), lk.health,
    public.metadata_terms(ci.metadata -> 'edam_operations'), public.metadata_terms(ci.metadata -> 'edam_inputs', 'data'),
    rt.rating_score
  from public.content_items ci
  -- the item's fields, primary first, then the fields above them (docs/product.md#fields)
  left join (
    select f.content_id, array_agg(f.slug order by f.rank, f.slug) as slugs
    from (
      select cd.content_id, a.ancestor_slug as slug,
        min(case when a.depth > 0 then 2 when cd.is_primary then 0 else 1 end) as rank
      from public.content_domains cd join public.domain_ancestry a on a.domain_id = cd.domain_id
      where cd.content_id = any (item_ids)
      group by cd.content_id, a.ancestor_slug) f
    group by f.content_id) dl on dl.content_id = ci.id
  -- the live signals, one row per item (docs/product.md#browse-health)
  left join (
    select sg.content_id,
      max(round(sg.value_num)) filter (where sg.signal = 'citations' and sg.value_num >= 0) as citations,
      max(round(sg.value_num)) filter (where sg.signal = 'github_stars' and sg.value_num >= 0) as stars,
      greatest(max(public.signal_time(sg.value_text)) filter (where sg.signal = 'github_pushed_at'),
               max(public.signal_time(sg.detail ->> 'published_at')) filter (where sg.signal = 'github_release'))
        as active_at,
      bool_or(sg.value_num = 1) filter (where sg.signal = 'github_archived') as archived
    from public.item_signals sg
    where sg.content_id = any (item_ids)
    group by sg.content_id) sig on sig.content_id = ci.id
  left join (
    select lc.content_id,
      case when bool_or(lc.health = 'dead') then 'dead' when bool_or(lc.health = 'down') then 'down' else 'ok' end as health
    from public.link_checks lc
    where lc.content_id = any (item_ids)
    group by lc.content_id) lk on lk.content_id = ci.id
  left join public.organizations o on o.id = ci.organization_id
  left join public.software s on s.content_id = ci.id
  left join public.papers p on p.content_id = ci.id
  left join public.agents a on a.content_id = ci.id
  left join public.item_ratings rt on rt.content_id = ci.id and rt.verified_count > 0
  where ci.id = any (item_ids);

  -- what a filter can see (the signal filters too) bumps the catalog version below; the sort
  -- keys that are counters (popularity, stars, citations, the rating's score) follow in the
  -- second statement
  insert into public.content_search as cs (content_id, status, content_type, slug, title_key, name_key, created_at,
    save_count, view_count, trending_score, year, organization_size, domain_slugs, features, search_vector, tags,
    citations, stars, active_at, archived, link_health, operations, input_data, rating_score)
  select content_id, status, content_type, slug, title_key, name_key, created_at, save_count, view_count, trending_score,
         year, organization_size, domain_slugs, features, search_vector, tags, citations, stars, active_at, archived,
         link_health, operations, input_data, rating_score
  from pending_search_rows
  on conflict (content_id) do update set
    status = excluded.status, content_type = excluded.content_type, slug = excluded.slug,
    title_key = excluded.title_key, name_key = excluded.name_key, created_at = excluded.created_at, year = excluded.year,
    organization_size = excluded.organization_size, domain_slugs = excluded.domain_slugs, features = excluded.features,
    search_vector = excluded.search_vector, tags = excluded.tags, active_at = excluded.active_at,
    archived = excluded.archived, link_health = excluded.link_health, operations = excluded.operations,
    input_data = excluded.input_data
  where (cs.status, cs.content_type, cs.slug, cs.title_key, cs.name_key, cs.created_at, cs.year, cs.organization_size,
         cs.domain_slugs, cs.features, cs.search_vector, cs.tags, cs.active_at, cs.archived, cs.link_health,
         cs.operations, cs.input_data)
        is distinct from
        (excluded.status, excluded.content_type, excluded.slug, excluded.title_key, excluded.name_key, excluded.created_at,
         excluded.year, excluded.organization_size, excluded.domain_slugs, excluded.features, excluded.search_vector,
         excluded.tags, excluded.active_at, excluded.archived, excluded.link_health, excluded.operations,
         excluded.input_data);
  get diagnostics facet_changes = row_count;

  -- the rating's score is such a key too: a new review that leaves the item on the same side of
  -- 'Rated 4★ and up' changes no count (docs/decisions/0085-ratings-in-browse.md)
  update public.content_search cs
  set save_count = r.save_count, view_count = r.view_count, trending_score = r.trending_score,
      citations = r.citations, stars = r.stars, rating_score = r.rating_score
  from pending_search_rows r
  where cs.content_id = r.content_id
    and (cs.save_count, cs.view_count, cs.trending_score, cs.citations, cs.stars, cs.rating_score)
        is distinct from (r.save_count, r.view_count, r.trending_score, r.citations, r.stars, r.rating_score);

  if facet_changes > 0 then
    update public.catalog_state set version = version + 1;
  end if;
  -- the cards' own part (15_item_cards.sql)
  perform public.refresh_item_cards(item_ids);
end $$;
revoke execute on function public.refresh_content_search(uuid[]) from public, anon, authenticated;

-- The statement triggers that keep the browse index current, with the bulk-mode exit first.
create or replace function public.refresh_search_from_items() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.import_bulk_load_active() then
    return null;
  end if;
  perform public.refresh_content_search(array(select id from new_rows));
  return null;
end $$;
revoke execute on function public.refresh_search_from_items() from public, anon, authenticated;

create or replace function public.refresh_search_from_details() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.import_bulk_load_active() then
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform public.refresh_content_search(array(select distinct content_id from old_rows));
  else
    perform public.refresh_content_search(array(select distinct content_id from new_rows));
  end if;
  return null;
end $$;
revoke execute on function public.refresh_search_from_details() from public, anon, authenticated;

create or replace function public.refresh_search_from_organizations() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.refresh_content_search(array(
    select ci.id from public.content_items ci join new_rows o on o.id = ci.organization_id));
  return null;
end $$;
revoke execute on function public.refresh_search_from_organizations() from public, anon, authenticated;

create or replace function public.bump_catalog_version() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.catalog_state set version = version + 1;
  return null;
end $$;
revoke execute on function public.bump_catalog_version() from public, anon, authenticated;

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

-- Fresh planner statistics for the catalog after a bulk write (docs/decisions/0042-search-cache-and-maintenance.md).
-- A seed or an import adds or rewrites most of the browse index at once; until ANALYZE the
-- planner guesses its size and selectivities (a 100,000-item seed left none at all, and a
-- search's first run took 450 ms instead of 20). `sciai seed` and imports call this when they
-- finish; the server's maintenance job catches anything else. VACUUM cannot run in a function:
-- dead rows are the job's.
-- A GIN index keeps new entries in a pending list (up to 4 MB) until it is merged, and every scan
-- reads that list in full: after a bulk load or the trending refresh, the name match's trigram
-- index read 232 pages for a name matching nothing (2.7 ms on the loaded bench machine) and 34
-- once merged (0.12 ms). The list lets writes batch (inserting 65,000 names took 3.9 s with it and
-- 55 s without), so it is kept, and merged after the bulk writes that fill it: seeds and imports
-- (refresh_catalog_statistics) and the trending refresh (docs/decisions/0059-search-first-run-fixed-costs.md).
create or replace function public.merge_search_index_pending() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  index_name text;
begin
  foreach index_name in array array['content_search_text_idx', 'content_search_name_trgm_idx',
                                    'content_search_domains_idx', 'content_search_features_idx',
                                    'content_search_tags_idx'] loop
    perform pg_catalog.gin_clean_pending_list(('public.' || index_name)::regclass);
  end loop;
end $$;
revoke execute on function public.merge_search_index_pending() from public, anon, authenticated;

create or replace function public.refresh_catalog_statistics() returns text[]
language plpgsql volatile security definer set search_path = '' as $$
declare
  tables text[] := array['content_items', 'content_search', 'content_domains', 'content_people', 'software', 'papers',
                         'companies', 'agents', 'organizations', 'people', 'search_vocabulary'];
  name text;
begin
  -- through the Data API (which always names a role): the service key or an administrator, who
  -- imports; the server's own connection (seeding the sample catalog) names none
  if auth.role() is not null and auth.role() <> 'service_role' and not coalesce(public.is_admin(), false) then
    raise exception 'Only an administrator can refresh the catalog statistics' using errcode = '42501';
  end if;
  foreach name in array tables loop
    execute format('analyze public.%I', name);
  end loop;
  perform public.merge_search_index_pending();
  return tables;
end $$;
revoke execute on function public.refresh_catalog_statistics() from public, anon;
grant execute on function public.refresh_catalog_statistics() to authenticated, service_role;

-- Words of the published catalog (unstemmed), for 'Did you mean …' and typo tolerance.
create table public.search_vocabulary (
  word text primary key
);
alter table public.search_vocabulary enable row level security;
revoke all on public.search_vocabulary from anon, authenticated;

create index search_vocabulary_trgm_idx on public.search_vocabulary using gin (word extensions.gin_trgm_ops);

-- A leaner import commit (docs/decisions/0022-import-commit-leaner.md). Timing each
-- statement of the commit on both engines showed three avoidable costs: the vocabulary's word
-- pattern tested on every word of every row (the planner pushed the test below the DISTINCT:
-- 5.6 s of 100,000 papers on PostgreSQL), an UPDATE of every working row to set its slug, and one
-- of content_items' two GiST trigram indexes, which each inserted item descends with a penalty
-- computed on every page.

-- The row trigger's vocabulary update, with the word pattern tested once per distinct word (see
-- the commit below for why the CTE is materialised).
create or replace function public.add_search_vocabulary() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.import_bulk_load_active() then
    return null;
  end if;
  with distinct_words as materialized (
    select distinct w.word
    from new_rows r, public.vocabulary_words(r.title, r.tags, r.short_description) as w (word)
    where r.status = 'published')
  insert into public.search_vocabulary (word)
  select v.word from distinct_words v
  where public.is_vocabulary_word(v.word)
  on conflict (word) do nothing;
  return null;
end $$;
revoke execute on function public.add_search_vocabulary() from public, anon, authenticated;

create trigger content_items_vocabulary_insert after insert on public.content_items
  referencing new table as new_rows for each statement execute function public.add_search_vocabulary();

create trigger content_items_vocabulary_update after update on public.content_items
  referencing new table as new_rows for each statement execute function public.add_search_vocabulary();

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
revoke execute on function public.search_matches(text) from public, anon, authenticated;

-- Total and facet counts for a query. Each facet ignores its own filter.
create or replace function public.search_facets(
  search text, domain_slugs text[], content_types text[], features text[], organization_sizes text[],
  year_from integer, year_to integer, health text[] default '{}', operations text[] default '{}',
  input_data text[] default '{}'
) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  t record := public.search_text_condition(search);
  years record := public.search_year_bounds(year_from, year_to);
  tests text[] := public.search_filter_conditions(domain_slugs, content_types, features, organization_sizes,
                                                  years.from_year, years.to_year, operations, input_data);
  active text[] := array(select x from unnest(tests) as x where x <> 'true');
  scope text := public.search_scope(t.condition, public.search_health_condition(health));
  -- a row counts only if it fails at most one filter: with two or more filters in use, that is
  -- "all but one hold" for some filter, an OR of ANDs the planner can answer from the indexes
  relevant text := 'true';
  own text;
  result jsonb;
begin
  if scope = 'true' and cardinality(active) = 0 then
    return public.catalog_facets();
  end if;
  -- without text and with one filter in use, that filter's own facet is the catalog's, and the
  -- other facets count only the rows the filter keeps
  if scope = 'true' and cardinality(active) = 1 then
    relevant := active[1];
  end if;
  if cardinality(active) >= 2 then
    select string_agg('(' || (select string_agg(o, ' and ') from unnest(active) with ordinality as x (o, j) where j <> i) || ')', ' or ')
    into relevant
    from generate_subscripts(active, 1) as i;
  end if;
  execute format($q$
    with base as materialized (
      select cs.content_type, cs.domain_slugs, cs.features, cs.organization_size, cs.year, cs.operations, cs.input_data,
             %1$s as m_type, %2$s as m_domain, %3$s as m_feature, %4$s as m_size, %5$s as m_year,
             %8$s as m_operation, %9$s as m_input
      from public.content_search cs
      where cs.status = 'published' and %6$s and (%7$s)
    )
    select jsonb_build_object(
      'total', (select count(*) from base
                where m_type and m_domain and m_feature and m_size and m_year and m_operation and m_input),
      'facets', jsonb_build_object(
        'content_types', (select coalesce(jsonb_object_agg(content_type, n), '{}') from (
                            select content_type, count(*) as n from base
                            where m_domain and m_feature and m_size and m_year and m_operation and m_input
                            group by content_type) g),
        'domains', (select coalesce(jsonb_object_agg(slug, n), '{}') from (
                      select d.slug, count(*) as n from base b, unnest(b.domain_slugs) as d (slug)
                      where b.m_type and b.m_feature and b.m_size and b.m_year and b.m_operation and b.m_input
                      group by d.slug) g),
        'features', (select coalesce(jsonb_object_agg(feature, n), '{}') from (
                       select f.feature, count(*) as n from base b, unnest(b.features) as f (feature)
                       where b.m_type and b.m_domain and b.m_size and b.m_year and b.m_operation and b.m_input
                       group by f.feature) g),
        'organization_sizes', (select coalesce(jsonb_object_agg(organization_size, n), '{}') from (
                                 select organization_size, count(*) as n from base
                                 where organization_size is not null and m_type and m_domain and m_feature and m_year
                                   and m_operation and m_input
                                 group by organization_size) g),
        'years', (select coalesce(jsonb_object_agg(year, n), '{}') from (
                    select year, count(*) as n from base
                    where m_type and m_domain and m_feature and m_size and m_operation and m_input group by year) g),
        'operations', (select coalesce(jsonb_object_agg(operation, n), '{}') from (
                         select o.operation, count(*) as n from base b, unnest(b.operations) as o (operation)
                         where b.m_type and b.m_domain and b.m_feature and b.m_size and b.m_year and b.m_input
                         group by o.operation) g),
        'input_data', (select coalesce(jsonb_object_agg(data, n), '{}') from (
                         select i.data, count(*) as n from base b, unnest(b.input_data) as i (data)
                         where b.m_type and b.m_domain and b.m_feature and b.m_size and b.m_year and b.m_operation
                         group by i.data) g)))$q$,
    tests[1], tests[2], tests[3], tests[4], tests[5], scope, relevant, tests[6], tests[7])
  into result
  using t.tsq, t.pattern, domain_slugs, content_types, features, organization_sizes, years.from_year, years.to_year,
        null::integer, null::integer, public.search_active_since(), null::tsquery[], operations, input_data;
  if scope = 'true' and cardinality(active) = 1 then
    own := (array['content_types', 'domains', 'features', 'organization_sizes', 'years', 'operations',
                  'input_data'])[array_position(tests, active[1])];
    result := jsonb_set(result, array['facets', own], public.catalog_facets() -> 'facets' -> own);
  end if;
  return result;
end $$;
revoke execute on function public.search_facets(text, text[], text[], text[], text[], integer, integer, text[], text[], text[]) from public, anon, authenticated;

-- The ids of one page, in order. The ORDER BY is chosen from a fixed list so that each sort can
-- walk its own index; every value travels as a parameter. Text rank is computed only when the
-- page is sorted by it.
create or replace function public.search_page(
  search text, domain_slugs text[], content_types text[], features text[], organization_sizes text[],
  year_from integer, year_to integer, sort_by text, page_offset integer, page_size integer, health text[] default '{}',
  operations text[] default '{}', input_data text[] default '{}'
) returns table (content_id uuid, place integer)
language plpgsql stable security definer set search_path = '' as $$
declare
  t record := public.search_text_condition(search);
  years record := public.search_year_bounds(year_from, year_to);
  tests text[] := public.search_filter_conditions(domain_slugs, content_types, features, organization_sizes,
                                                  years.from_year, years.to_year, operations, input_data);
  order_clause text := case sort_by
    when 'recent' then 'cs.created_at desc, cs.slug'
    when 'most_saved' then 'cs.save_count desc, cs.slug'
    when 'most_viewed' then 'cs.view_count desc, cs.slug'
    when 'alphabetical' then 'cs.title_key, cs.slug'
    when 'most_cited' then 'cs.citations desc nulls last, cs.slug'
    when 'most_starred' then 'cs.stars desc nulls last, cs.slug'
    when 'recently_active' then 'cs.active_at desc nulls last, cs.slug'
    when 'highest_rated' then 'cs.rating_score desc nulls last, cs.slug'
    when 'relevance' then case when t.condition <> 'true'
                               then public.search_relevance_expression() || ' desc, cs.trending_score desc, cs.slug'
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
    public.search_scope(t.condition, public.search_health_condition(health)), array_to_string(tests, ' and '),
    order_clause)
  using t.tsq, t.pattern, domain_slugs, content_types, features, organization_sizes, years.from_year, years.to_year,
        greatest(page_offset, 0), least(greatest(page_size, 1), 100), public.search_active_since(), t.alternatives,
        operations, input_data;
end $$;
revoke execute on function public.search_page(text, text[], text[], text[], text[], integer, integer, text, integer, integer, text[], text[], text[]) from public, anon, authenticated;

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
-- Only search_correction_candidates calls it, as its owner: not for the Data API.
revoke execute on function public.edit_distance(text, text) from public, anon, authenticated;

-- Two catalog words run together ("proteinfolding" → "protein folding"), for a word the
-- vocabulary does not hold; null when there is no such split. The split nearest the middle wins.
-- PL/pgSQL, so that its two statements are planned once per session: every search calls it for
-- each word, and as a SQL function (security definer, never inlined) its body was planned again
-- on every call, which cost more than running it (docs/decisions/0059-search-first-run-fixed-costs.md).
create or replace function public.split_joined_word(word text) returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  -- the usual case: a word the catalog knows is never split
  if exists (select 1 from public.search_vocabulary v where v.word = split_joined_word.word) then
    return null;
  end if;
  return (
    select left(split_joined_word.word, i) || ' ' || substr(split_joined_word.word, i + 1)
    from generate_series(3, char_length(split_joined_word.word) - 3) as i
    where exists (select 1 from public.search_vocabulary v where v.word = left(split_joined_word.word, i))
      and exists (select 1 from public.search_vocabulary v where v.word = substr(split_joined_word.word, i + 1))
    order by abs(char_length(split_joined_word.word) - 2 * i), i
    limit 1);
end $$;
revoke execute on function public.split_joined_word(text) from public, anon, authenticated;

-- The vocabulary's words nearest one query word: trigram similarity finds candidates quickly
-- (an index), edit distance is then computed for those twenty only.
create or replace function public.search_correction_candidates(query_word text)
returns table (word text, similarity real, distance integer)
language sql stable security definer set search_path = '' as $$
  select c.word, c.similarity, public.edit_distance(c.word, query_word)
  from (select v.word, extensions.similarity(v.word, query_word) as similarity
        from public.search_vocabulary v
        where v.word operator(extensions.%) query_word
        order by extensions.similarity(v.word, query_word) desc
        limit 20) c
$$;
revoke execute on function public.search_correction_candidates(text) from public, anon, authenticated;

-- The closest catalog word for each query word the catalog does not know ('Did you mean').
-- Trigram similarity finds candidates quickly; edit distance picks among them. Each unknown word
-- costs trigram index scans and edit distances (15-50 ms on PGlite, more for a word with no near
-- neighbour), so a query with more than three is left as it is: a 200-character query of misspelt
-- words otherwise held the database for half a second, and a query that far from the catalog's
-- words is not a slip to correct.
create or replace function public.correct_search(search text) returns text
language sql stable security definer set search_path = '' as $$
  with tokens as (
    select t.position, t.token, t.prefix, t.core, t.suffix,
           -- words of one or two letters and stop words ("in", "el", "for") are never corrected:
           -- search ignores stop words, and "in" is one slip from "inc"
           char_length(t.core) > 2
             and pg_catalog.length(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, t.core)) > 0
             and not exists (select 1 from public.search_vocabulary v where v.word = t.core)
             -- nor a word the items' text holds in some form ('economics' beside 'economical'):
             -- it is not a slip, and correcting it to a neighbour of the same stem or another
             -- would change what was asked
             and not exists (select 1 from public.content_search cs
                             where cs.status = 'published'
                               and cs.search_vector @@ pg_catalog.plainto_tsquery('pg_catalog.english'::pg_catalog.regconfig, t.core))
               as unknown
    from (
      select tok.position, tok.token,
             substring(tok.token from '^[-"]*') as prefix,
             substring(tok.token from '^[-"]*(.*?)["]*$') as core,
             substring(tok.token from '["]*$') as suffix
      from regexp_split_to_table(public.fold_accents(lower(btrim(search))), '\s+') with ordinality as tok (token, position)
    ) t
  )
  select case
    when (select count(*) from tokens where unknown) > 3 then search
    else (
      select string_agg(
        case
          when not t.unknown then t.token
          else coalesce(
            -- one slip first, then two catalog words run together ("proteinfolding"), then more slips
            (select t.prefix || c.word || t.suffix from public.search_correction_candidates(t.core) c
             where c.distance <= 1 order by c.distance, c.similarity desc, c.word limit 1),
            t.prefix || public.split_joined_word(t.core) || t.suffix,
            (select t.prefix || c.word || t.suffix from public.search_correction_candidates(t.core) c
             where c.distance <= greatest(1, char_length(t.core) / 3)
             order by c.distance, c.similarity desc, c.word limit 1),
            t.token)
        end, ' ' order by t.position)
      from tokens t)
  end
$$;
revoke execute on function public.correct_search(text) from public, anon, authenticated;

-- A query's words as alternatives ("cryo-em ligand xyz" → "cryo-em or ligand or xyz") for the
-- partial-match fallback of search_items, or null when it has fewer than two: quotes are
-- dropped, and so are exclusions (-word) and "or", at most twelve words, each once.
create or replace function public.search_partial_text(query_text text) returns text
language sql immutable set search_path = '' as $$
  select case when count(*) >= 2 then string_agg(w.word, ' or ' order by w.n) end
  from (
    select d.word, d.n from (
      select distinct on (t.word) t.word, t.n
      from regexp_split_to_table(replace(lower(query_text), '"', ' '), '\s+') with ordinality as t (word, n)
      where t.word <> '' and t.word <> 'or' and t.word !~ '^-' and t.word ~ '[[:alnum:]]'
      order by t.word, t.n) d
    order by d.n
    limit 12) w
$$;
revoke execute on function public.search_partial_text(text) from public, anon, authenticated;

-- Browse cards for the given ids, in the given order, planned once.
-- As a SQL function the eight-table join was planned again on every call (SQL functions keep no
-- plans), which cost more than running it: 39 ms of planning against 14 ms of execution for a
-- page of 20 at 100,000 items on the loaded bench machine, paid by every page not in the cache.
-- A page's cards in the order of its ids, published items only: one primary-key read per card
-- (item_card_ready, docs/decisions/0063-search-cards-kept-ready.md).
create or replace function public.item_cards(ids uuid[]) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select coalesce(jsonb_agg(r.card order by ord.position), '[]')
    from unnest(ids) with ordinality as ord (id, position)
    join public.item_card_ready r on r.content_id = ord.id and r.published);
end $$;
revoke execute on function public.item_cards(uuid[]) from public, anon, authenticated;

-- The app's browse and search call. A query whose facets are not cached gets them and its page
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
  page_size integer default 20,
  health text[] default '{}',
  operations text[] default '{}',
  input_data text[] default '{}'
) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  query_text text := lower(btrim(coalesce(search, '')));
  slugs text[];
  -- docs/product.md#browse-health: 'maintained', 'links_ok'
  health_filters text[] := array(select distinct unnest(coalesce(health, '{}')) order by 1);
  types text[] := array(select distinct unnest(coalesce(content_types, '{}')) order by 1);
  wanted_features text[] := array(select distinct unnest(coalesce(features, '{}')) order by 1);
  sizes text[] := array(select distinct unnest(coalesce(organization_sizes, '{}')) order by 1);
  -- docs/product.md#browse-filters: EDAM terms as the sources write them (any of them matches)
  wanted_operations text[] := array(select distinct x from unnest(coalesce(operations, '{}')) as x
                                    where x is not null order by 1);
  wanted_inputs text[] := array(select distinct x from unnest(coalesce(input_data, '{}')) as x
                                where x is not null order by 1);
  from_year integer := coalesce(year_from, -32768);
  to_year integer := coalesce(year_to, 32767);
  version bigint;
  key text;
  page_key text;
  facets jsonb;
  new_facets jsonb;
  page_ids uuid[];
  result jsonb;
  last_used timestamptz;
  corrected text;
  partial_text text;
  partial_facets jsonb;
  fill_total integer;
  fill_ids uuid[];
begin
  if sort_by not in ('relevance', 'recent', 'most_saved', 'most_viewed', 'trending', 'alphabetical',
                     'most_cited', 'most_starred', 'recently_active', 'highest_rated') then
    raise exception 'Unknown sort: %', left(sort_by, 40) using errcode = '22023';
  end if;
  if not health_filters <@ array['maintained', 'links_ok'] then
    raise exception 'Unknown health filter' using errcode = '22023';
  end if;
  -- docs/product.md#browse-features: a misspelt feature is a mistake to say, not a filter that
  -- quietly matches nothing
  if not wanted_features <@ array['verified', 'competitive', 'enterprise', 'peer_reviewed', 'open_source', 'free_tier',
                                  'rated_4_up'] then
    raise exception 'Unknown feature' using errcode = '22023';
  end if;
  if char_length(query_text) > 200 then
    raise exception 'Search text is limited to 200 characters' using errcode = '22023';
  end if;
  if cardinality(wanted_operations) > 20 or cardinality(wanted_inputs) > 20 then
    raise exception 'At most 20 operations and 20 input data terms can be chosen' using errcode = '22023';
  end if;
  if exists (select 1 from unnest(wanted_operations || wanted_inputs) as x where char_length(x) > 200) then
    raise exception 'An operation or input data term is limited to 200 characters' using errcode = '22023';
  end if;
  -- domains arrive as slugs or ids; an unknown one matches nothing
  slugs := array(
    select distinct coalesce(d.slug, '?' || x.value)
    from unnest(coalesce(domains, '{}')) as x (value)
    left join public.scientific_domains d on d.slug = lower(x.value) or d.id::text = lower(x.value)
    order by 1);

  select s.version into version from public.catalog_state s;
  -- 'maintained' reads the date: its answers hold for the day (search_active_since)
  key := md5(concat_ws('|', query_text, slugs::text, types::text, wanted_features::text, sizes::text, from_year, to_year,
                       health_filters::text,
                       case when 'maintained' = any (health_filters) then public.search_active_since()::text end,
                       -- left out when unused, so the keys of every other query stay as they were
                       case when cardinality(wanted_operations) + cardinality(wanted_inputs) > 0
                            then wanted_operations::text || wanted_inputs::text end));
  page_key := md5(concat_ws('|', key, sort_by, greatest(page_offset, 0), least(greatest(page_size, 1), 100)));

  -- A hit marks its entry used, at most every ten seconds, so that pruning keeps what is asked.
  select c.result, c.used_at into result, last_used from public.search_cache c
  where c.cache_key = page_key and c.catalog_version = version and c.created_at > now() - interval '10 minutes';
  if result is not null then
    if last_used < now() - interval '10 seconds' then
      update public.search_cache c set used_at = now() where c.cache_key = page_key;
    end if;
    return result;
  end if;

  select c.result, c.used_at into facets, last_used from public.search_cache c
  where c.cache_key = key and c.catalog_version = version;
  if facets is not null and last_used < now() - interval '10 seconds' then
    update public.search_cache c set used_at = now() where c.cache_key = key;
  end if;
  if facets is null then
    -- the first run of this query: facets and the page's ids from one read of the matching rows
    select r.facets, r.ids into facets, page_ids
    from public.search_results(query_text, slugs, types, wanted_features, sizes, from_year, to_year,
                               sort_by, page_offset, page_size, health_filters, wanted_operations, wanted_inputs) r;
    new_facets := facets;
  end if;

  -- Nothing matched: try the query with misspelt words corrected, and say so. Correction comes
  -- first: a misspelt word is why all the words together found nothing, and the corrected query
  -- keeps every word the person typed, where matching some of the words would drop that one.
  -- (The corrected query, asked here in turn, falls back to some of its words if it must.)
  if (facets ->> 'total')::integer = 0 and query_text <> '' then
    corrected := public.correct_search(query_text);
    if corrected is distinct from query_text then
      declare
        corrected_result jsonb := public.search_items(corrected, domains, content_types, features, organization_sizes,
                                                      year_from, year_to, sort_by, page_offset, page_size, health,
                                                      operations, input_data);
      begin
        if (corrected_result ->> 'total')::integer > 0 then
          result := corrected_result || jsonb_build_object('corrected_search', corrected);
        else
          result := facets || jsonb_build_object('items', '[]'::jsonb, 'suggestion', corrected);
        end if;
      end;
    end if;
    -- Still nothing: the items matching some of the words, those matching more of them first
    -- (docs/product.md#browse-search), flagged so that the page says so.
    if result is null or (result ->> 'total')::integer = 0 then
      partial_text := public.search_partial_text(query_text);
      if partial_text is not null then
        select r.facets, r.ids into partial_facets, page_ids
        from public.search_results(partial_text, slugs, types, wanted_features, sizes, from_year, to_year,
                                   sort_by, page_offset, page_size, health_filters, wanted_operations, wanted_inputs) r;
        if (partial_facets ->> 'total')::integer > 0 then
          result := partial_facets || jsonb_build_object('items', public.item_cards(page_ids), 'partial_match', true);
        end if;
      end if;
    end if;
  end if;

  if result is null then
    if page_ids is null then
      -- facets were cached (another page or sort of a query already answered): the page alone
      page_ids := array(
        select p.content_id from public.search_page(query_text, slugs, types, wanted_features, sizes, from_year, to_year,
                                                    sort_by, page_offset, page_size, health_filters, wanted_operations,
                                                    wanted_inputs) p
        order by p.place);
    end if;
    -- Fewer items hold every word than a page shows: the first page follows them with items
    -- matching some of the words, ranked as the fallback below ranks them, and says where they
    -- begin (docs/product.md#browse-search). Not for phrases, exclusions or "or", taken as typed.
    fill_total := (facets ->> 'total')::integer;
    if greatest(page_offset, 0) = 0 and fill_total > 0 and fill_total < least(greatest(page_size, 1), 100)
       and query_text !~ '"' and query_text !~ '(^|\s)-' and query_text !~ '(^|\s)or(\s|$)' then
      partial_text := public.search_partial_text(query_text);
      if partial_text is not null then
        fill_ids := array(
          select p.content_id
          from public.search_page(partial_text, slugs, types, wanted_features, sizes, from_year, to_year, sort_by, 0,
                                  least(least(greatest(page_size, 1), 100) + fill_total, 100), health_filters,
                                  wanted_operations, wanted_inputs) p
          where p.content_id <> all (page_ids)
          order by p.place
          limit least(greatest(page_size, 1), 100) - fill_total);
      end if;
    end if;
    if cardinality(fill_ids) > 0 then
      result := facets || jsonb_build_object('items', public.item_cards(page_ids || fill_ids),
                                             'partial_from', cardinality(page_ids));
    else
      result := facets || jsonb_build_object('items', public.item_cards(page_ids));
    end if;
  end if;
  -- The page is kept from the first run on (docs/decisions/0059-search-first-run-fixed-costs.md):
  -- keeping it only from a second ask saved a first run its write (0.5-1.4 ms) but made the
  -- second ask rank every match again, and the app asks again often (revalidation, going back).
  -- A first run's facets are written in the same statement.
  insert into public.search_cache (cache_key, catalog_version, result, bytes)
  select e.cache_key, version, e.result, pg_catalog.pg_column_size(e.result)
  from (values (page_key, result), (key, new_facets)) as e (cache_key, result)
  where e.result is not null
  on conflict (cache_key) do update set catalog_version = excluded.catalog_version, result = excluded.result,
    created_at = now(), used_at = now(), bytes = excluded.bytes;
  -- every 64th write keeps the cache within its bound: between two prunes it can pass the bound
  -- by what 64 searches add (some 2 MB at 20 cards a page). A prune reads every entry (15-30 ms
  -- for 4,000 on the loaded bench machine): every 16th write cost a first run 1-2 ms on average.
  if pg_catalog.nextval('public.search_cache_writes') % 64 = 0 then
    perform public.prune_search_cache();
  end if;
  return result;
end $$;
grant execute on function public.search_items(text, text[], text[], text[], text[], integer, integer, text, integer, integer, text[], text[], text[])
  to anon, authenticated, service_role;

create index content_search_text_idx on public.content_search using gin (search_vector) where status = 'published';

-- the name match of search_text_condition (name_key like '%…%')
create index content_search_name_trgm_idx on public.content_search
  using gin (name_key extensions.gin_trgm_ops) where status = 'published';

create index content_search_size_idx on public.content_search (organization_size) where status = 'published';

create index content_search_year_idx on public.content_search (year) where status = 'published';

create index content_search_tags_idx on public.content_search using gin (tags) where status = 'published';

-- docs/product.md#browse-filters: the Operation and Input data filters
create index content_search_operations_idx on public.content_search using gin (operations) where status = 'published';

create index content_search_input_data_idx on public.content_search using gin (input_data) where status = 'published';

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

-- The facet values of a browse row, inlined into the statements that count them.
--
-- facet_values_of carried a SET clause (search_path), and a function with one is never inlined:
-- the facet counts' statement triggers called it once per row. Without it the planner expands the
-- body in place (its one name outside pg_catalog's reach is qualified): counting the facets of the
-- 100,210-row discovery bench catalog took 1.0–1.4 s through the call and 0.34 s inlined, which
-- is what a 100,000-row import's browse index insert pays in its trigger. Same rows, same values.
create or replace function public.facet_values_of(
  content_type text, domain_slugs text[], features text[], organization_size text, year integer,
  operations text[], input_data text[]
) returns table (facet text, value text)
language sql immutable as $$
  select 'total', ''
  union all select 'content_types', content_type
  union all select 'domains', d from pg_catalog.unnest(domain_slugs) as d
  union all select 'features', f from pg_catalog.unnest(features) as f
  union all select 'organization_sizes', organization_size where organization_size is not null
  union all select 'years', year::text
  union all select 'operations', o from pg_catalog.unnest(operations) as o
  union all select 'input_data', i from pg_catalog.unnest(input_data) as i
$$;
revoke execute on function public.facet_values_of(text, text[], text[], text, integer, text[], text[]) from public, anon, authenticated;

create or replace function public.apply_facet_count_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- transition tables exist only for the operations that have them, hence three statements
  if tg_op = 'INSERT' then
    insert into public.facet_value_counts as c (facet, value, count)
    select v.facet, v.value, count(*)
    from new_rows r, public.facet_values_of(r.content_type, r.domain_slugs, r.features, r.organization_size, r.year,
                                         r.operations, r.input_data) v
    where r.status = 'published' group by v.facet, v.value
    on conflict (facet, value) do update set count = c.count + excluded.count;
  elsif tg_op = 'DELETE' then
    update public.facet_value_counts c set count = c.count - d.n
    from (select v.facet, v.value, count(*) as n
          from old_rows r, public.facet_values_of(r.content_type, r.domain_slugs, r.features, r.organization_size, r.year,
                                         r.operations, r.input_data) v
          where r.status = 'published' group by v.facet, v.value) d
    where c.facet = d.facet and c.value = d.value;
  else
    -- most updates only move popularity counters (every view and save): rows whose counted
    -- columns did not change are left out before anything is expanded
    insert into public.facet_value_counts as c (facet, value, count)
    select d.facet, d.value, sum(d.change) from (
      select v.facet, v.value, 1 as change
      from (select n.* from new_rows n join old_rows o on o.content_id = n.content_id
            where (n.status, n.content_type, n.domain_slugs, n.features, n.organization_size, n.year, n.operations,
                   n.input_data)
                  is distinct from (o.status, o.content_type, o.domain_slugs, o.features, o.organization_size, o.year,
                                    o.operations, o.input_data)) r,
           public.facet_values_of(r.content_type, r.domain_slugs, r.features, r.organization_size, r.year,
                                         r.operations, r.input_data) v
      where r.status = 'published'
      union all
      select v.facet, v.value, -1
      from (select o.* from old_rows o join new_rows n on n.content_id = o.content_id
            where (n.status, n.content_type, n.domain_slugs, n.features, n.organization_size, n.year, n.operations,
                   n.input_data)
                  is distinct from (o.status, o.content_type, o.domain_slugs, o.features, o.organization_size, o.year,
                                    o.operations, o.input_data)) r,
           public.facet_values_of(r.content_type, r.domain_slugs, r.features, r.organization_size, r.year,
                                         r.operations, r.input_data) v
      where r.status = 'published') d
    group by d.facet, d.value having sum(d.change) <> 0
    on conflict (facet, value) do update set count = c.count + excluded.count;
  end if;
  return null;
end $$;
revoke execute on function public.apply_facet_count_changes() from public, anon, authenticated;

create trigger content_search_facet_counts_insert after insert on public.content_search
  referencing new table as new_rows for each statement execute function public.apply_facet_count_changes();

create trigger content_search_facet_counts_update after update on public.content_search
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.apply_facet_count_changes();

create trigger content_search_facet_counts_delete after delete on public.content_search
  referencing old table as old_rows for each statement execute function public.apply_facet_count_changes();

-- The counts above in search_facets' shape.
create or replace function public.catalog_facets() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'total', coalesce((select c.count from public.facet_value_counts c where c.facet = 'total'), 0),
    'facets', jsonb_build_object(
      'content_types', '{}'::jsonb, 'domains', '{}'::jsonb, 'features', '{}'::jsonb,
      'organization_sizes', '{}'::jsonb, 'years', '{}'::jsonb, 'operations', '{}'::jsonb, 'input_data', '{}'::jsonb)
      || coalesce((select jsonb_object_agg(f.facet, f.counts) from (
           select c.facet, jsonb_object_agg(c.value, c.count) as counts
           from public.facet_value_counts c
           where c.facet in ('content_types', 'domains', 'features', 'organization_sizes', 'years', 'operations',
                             'input_data') and c.count > 0
           group by c.facet) f), '{}'::jsonb))
$$;
revoke execute on function public.catalog_facets() from public, anon, authenticated;

-- The SQL condition a query's text puts on content_search rows, over parameters $1 (tsquery, or
-- null) and $2 (a LIKE pattern, '%' || compact query || '%', or null), accents folded: websearch
-- syntax ("phrases", -exclusions), and for text without them the compact query within an item's
-- compact name too ("alpha fold", "AlphaFold3", "nn-unet" find their names; an index serves it).
-- Blank text matches every row.
create or replace function public.search_text_condition(
  search text, out condition text, out tsq tsquery, out pattern text, out alternatives tsquery[]
)
language plpgsql stable set search_path = '' as $$
declare
  folded text := public.fold_accents(lower(btrim(coalesce(search, ''))));
  split text;
  plural_tsq tsquery;
  compact text;
  synonyms tsquery;
begin
  if folded = '' then
    condition := 'true';
    return;
  end if;
  tsq := nullif(websearch_to_tsquery('pg_catalog.english', folded), ''::tsquery);
  -- not for phrases or exclusions, whose meaning the name match would lose
  if folded !~ '"' and folded !~ '(^|\s)-' then
    -- a word the catalog does not know that is two of its words run together also matches as
    -- those two words ("proteinfolding" as "protein folding")
    split := (select string_agg(coalesce(public.split_joined_word(w.word), w.word), ' ' order by w.n)
              from regexp_split_to_table(folded, '\s+') with ordinality as w (word, n));
    if split <> folded then
      tsq := nullif(coalesce(tsq, ''::tsquery) || websearch_to_tsquery('pg_catalog.english', split), ''::tsquery);
    end if;
    -- a word also matches the forms English stemming does not bring to its stem: its plural
    -- ("lens" is stemmed 'len', "lenses" and "lensing" 'lens') and, for a word the catalog knows
    -- whose stem has six letters or more, the words beginning with that stem ("classification" is
    -- 'classif', "classifying" 'classifi'). Each word becomes "the word or those forms"; stop
    -- words stay out. A fragment being typed ("alphaf") is left to the name match.
    if folded !~ '\sor\s' then
      plural_tsq := (select case when bool_or(q.plural_tsq::text <> q.word_tsq::text) then
                              string_agg('(' || (case when q.plural_tsq::text = q.word_tsq::text then q.word_tsq
                                                      else q.word_tsq || q.plural_tsq end)::text || ')',
                                         ' & ' order by q.n)::tsquery end
                     from (select w.n, websearch_to_tsquery('pg_catalog.english', w.word) as word_tsq,
                                  websearch_to_tsquery('pg_catalog.english',
                                    case when w.word ~ '(s|x|z|ch|sh)$' then w.word || 'es'
                                         when w.word ~ '[a-z]$' then w.word || 's' else w.word end)
                                  || coalesce((select to_tsquery('pg_catalog.english', l.stem || ':*')
                                               from unnest(ts_lexize('pg_catalog.english_stem', w.word)) as l (stem)
                                               where w.word ~ '^[a-z]+$' and char_length(l.stem) >= 6
                                                 and exists (select 1 from public.search_vocabulary v where v.word = w.word)
                                               limit 1),
                                              ''::tsquery) as plural_tsq
                           from regexp_split_to_table(folded, '\s+') with ordinality as w (word, n)) q
                     where q.word_tsq <> ''::tsquery);
      if tsq is not null and plural_tsq is not null then
        tsq := tsq || plural_tsq;
      end if;
    end if;
    -- an abbreviation of the field also matches as its long form and the other way round
    -- ("cryo-EM" as "cryo-electron microscopy"): the query is widened, never the documents
    synonyms := public.search_synonym_query(folded);
    if synonyms is not null then
      tsq := nullif(coalesce(tsq, ''::tsquery) || synonyms, ''::tsquery);
    end if;
    -- "a or b or c": an item matching more of the alternatives ranks higher
    -- (search_relevance_expression); at most twelve are counted
    if folded ~ '\sor\s' then
      -- each alternative with its abbreviation's other form, and listed once, twice or three
      -- times by how rare it is in the catalog (held by more than a tenth of the items, by more
      -- than a hundredth, or by fewer), so that an item matching a rare word of the query
      -- ("political" in "llms in political science") comes before one matching only common ones;
      -- one index count per alternative, and only for queries of alternatives
      alternatives := array(
        select x.q from (
          select a.q, a.n,
                 (select count(*) from public.content_search cs
                  where cs.status = 'published' and cs.search_vector @@ a.q) as holders
          from (
            select coalesce(websearch_to_tsquery('pg_catalog.english', p.part)
                            || public.search_synonym_query(p.part),
                            websearch_to_tsquery('pg_catalog.english', p.part)) as q, p.n
            from regexp_split_to_table(folded, '\s+or\s+') with ordinality as p (part, n)
            order by p.n limit 12) a
          where a.q <> ''::tsquery) x
        cross join lateral generate_series(1,
          case when x.holders * 100 <= (select c.count from public.facet_value_counts c where c.facet = 'total') then 3
               when x.holders * 10 <= (select c.count from public.facet_value_counts c where c.facet = 'total') then 2
               else 1 end) as copies
        order by x.n);
      if (select count(distinct a::text) from unnest(alternatives) as a) < 2 then
        alternatives := null;
      end if;
    end if;
    compact := public.search_key(folded);
    -- and words written apart that the catalog writes as one also match as that word
    -- ("retro synthesis" as "retrosynthesis")
    if folded ~ '\s' and exists (select 1 from public.search_vocabulary v where v.word = compact) then
      tsq := nullif(coalesce(tsq, ''::tsquery) || to_tsquery('pg_catalog.english', compact), ''::tsquery);
    end if;
    if compact <> '' then
      pattern := '%' || compact || '%';
    end if;
  end if;
  condition := case
    when tsq is not null and pattern is not null then '(cs.search_vector @@ $1 or cs.name_key like $2)'
    when tsq is not null then 'cs.search_vector @@ $1'
    when pattern is not null then 'cs.name_key like $2'
    else 'false' end;
end $$;
revoke execute on function public.search_text_condition(text) from public, anon, authenticated;

-- A form as it is compared: lower case, accents folded, every run of other marks one space, with
-- a space at each end, so that a form is found as whole words ("cryo em" in " cryo em maps ").
create or replace function public.search_synonym_key(value text) returns text
language sql immutable parallel safe as $$
  select ' ' operator(pg_catalog.||) pg_catalog.btrim(pg_catalog.regexp_replace(
    public.fold_accents(pg_catalog.lower(value)), '[^a-z0-9]+', ' ', 'g')) operator(pg_catalog.||) ' '
$$;
revoke execute on function public.search_synonym_key(text) from public, anon, authenticated;

-- The field's abbreviations and their long forms (docs/product.md#browse-search), one pair a
-- row, both written as people write them; the pairs are reference data (99_reference_data.sql).
-- A query holding either form, as whole words (hyphens and other marks count as spaces), also
-- matches the query with that form replaced by the other.
create table public.search_synonyms (
  short_form text not null check (char_length(short_form) between 1 and 40),
  long_form text not null check (char_length(long_form) between 1 and 100),
  -- both forms as they are compared (search_synonym_key), kept with the row: computing them for
  -- every pair on every query cost 19 ms a query on PGlite
  short_key text not null generated always as (public.search_synonym_key(short_form)) stored,
  long_key text not null generated always as (public.search_synonym_key(long_form)) stored,
  primary key (short_form, long_form)
);
alter table public.search_synonyms enable row level security;
revoke all on public.search_synonyms from anon, authenticated;


-- The query with each form it holds replaced by the other, as one tsquery (the variants OR'd),
-- or null when it holds none. The work is per query: a scan of the pairs' kept keys (some 100
-- rows), at most sixteen variants, and nothing per catalog row beyond the wider tsquery itself.
create or replace function public.search_synonym_query(folded text) returns tsquery
language plpgsql stable security definer set search_path = '' as $$
declare
  query_key text := public.search_synonym_key(folded);
  variants tsquery;
begin
  if query_key = '  ' then
    return null;
  end if;
  select pg_catalog.string_agg(v.variant::text, ' | ')::tsquery into variants
  from (
    select websearch_to_tsquery('pg_catalog.english',
             replace(query_key, f.form, ' ' || public.fold_accents(lower(m.other)) || ' ')) as variant
    from (
      select s.short_key as found, s.long_form as other from public.search_synonyms s
      union all
      select s.long_key, s.short_form from public.search_synonyms s) m
    -- a form in the plural too ("LLMs", "large language models")
    cross join lateral (values (m.found), (pg_catalog.rtrim(m.found) || 's ')) as f (form)
    where strpos(query_key, f.form) > 0
    order by char_length(f.form) desc, m.other
    limit 16) v
  where v.variant <> ''::tsquery;
  return variants;
end $$;
revoke execute on function public.search_synonym_query(text) from public, anon, authenticated;

-- Each active filter's condition on content_search rows, over parameters $3 (domains), $4
-- (types), $5 (features), $6 (sizes), $7/$8 (years), $13 (operations), $14 (input data); 'true'
-- when the filter is not in use. Operations and input data match any of the chosen values.
create or replace function public.search_filter_conditions(
  domain_slugs text[], content_types text[], features text[], organization_sizes text[], year_from integer, year_to integer,
  operations text[], input_data text[]
) returns text[]
language sql immutable set search_path = '' as $$
  select array[
    case when cardinality(content_types) = 0 then 'true' else 'cs.content_type = any ($4)' end,
    case when cardinality(domain_slugs) = 0 then 'true' else 'cs.domain_slugs && $3' end,
    case when cardinality(features) = 0 then 'true' else 'cs.features @> $5' end,
    case when cardinality(organization_sizes) = 0 then 'true' else 'cs.organization_size = any ($6)' end,
    case when year_from <= -32768 and year_to >= 32767 then 'true' else 'cs.year between $7 and $8' end,
    case when cardinality(operations) = 0 then 'true' else 'cs.operations && $13' end,
    case when cardinality(input_data) = 0 then 'true' else 'cs.input_data && $14' end]
$$;
revoke execute on function public.search_filter_conditions(text[], text[], text[], text[], integer, integer, text[], text[]) from public, anon, authenticated;

-- docs/product.md#browse-health: the project-health filters' condition on content_search rows,
-- over $11 (search_active_since()): 'maintained' is a push or release since then on a repository
-- that is not archived (an item without those signals is not maintained); 'links_ok' is no
-- homepage or repository link down or dead (links never checked have nothing against them).
-- 'true' when neither is in use. Every facet counts within it, as within the text.
create or replace function public.search_health_condition(health text[]) returns text
language sql immutable set search_path = '' as $$
  select coalesce(nullif(concat_ws(' and ',
    case when 'maintained' = any (health) then '(cs.active_at >= $11 and not cs.archived)' end,
    case when 'links_ok' = any (health) then 'coalesce(cs.link_health, ''ok'') = ''ok''' end), ''), 'true')
$$;
revoke execute on function public.search_health_condition(text[]) from public, anon, authenticated;

-- "The last 6 months" of 'Actively maintained', from the start of today (UTC), so that one day's
-- answers (and their cache entries) agree.
create or replace function public.search_active_since() returns timestamptz
language sql stable set search_path = '' as $$
  select (pg_catalog.date_trunc('day', pg_catalog.now() at time zone 'utc') - interval '6 months') at time zone 'utc'
$$;
revoke execute on function public.search_active_since() from public, anon, authenticated;

-- The text condition and the health condition together: the rows every facet counts among.
create or replace function public.search_scope(text_condition text, health_condition text) returns text
language sql immutable set search_path = '' as $$
  select case when health_condition = 'true' then text_condition
              when text_condition = 'true' then health_condition
              else text_condition || ' and ' || health_condition end
$$;
revoke execute on function public.search_scope(text, text) from public, anon, authenticated;

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
revoke execute on function public.search_year_bounds(integer, integer) from public, anon, authenticated;

-- The browse card of one published item, for a quick view opened from a shared URL
-- (/browse?item=slug) whose item is not on the loaded page of results.
create or replace function public.quick_view_card(item_slug text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select public.item_cards(array(
    select ci.id from public.content_items ci where ci.slug = item_slug and ci.status = 'published')) -> 0
$$;
revoke execute on function public.quick_view_card(text) from public;
grant execute on function public.quick_view_card(text) to anon, authenticated, service_role;

-- A query's first run: less work per matching row (docs/decisions/0020-search-first-run-per-row.md).
--
-- search_results reads the rows that can count in a facet once, but for a
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
  health text[] default '{}', operations text[] default '{}', input_data text[] default '{}',
  out facets jsonb, out ids uuid[]
)
-- work_mem: the materialised set of a broad word (tens of thousands of rows) stays in memory
-- instead of going to a temporary file and back for each of the seven reads
language plpgsql stable security definer set search_path = '' set work_mem = '32MB' as $$
declare
  t record := public.search_text_condition(search);
  years record := public.search_year_bounds(year_from, year_to);
  tests text[] := public.search_filter_conditions(domain_slugs, content_types, features, organization_sizes,
                                                  years.from_year, years.to_year, operations, input_data);
  active text[] := array(select x from unnest(tests) as x where x <> 'true');
  scope text := public.search_scope(t.condition, public.search_health_condition(health));
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
    when 'most_cited' then 'cs.citations'
    when 'most_starred' then 'cs.stars'
    when 'recently_active' then 'cs.active_at'
    when 'highest_rated' then 'cs.rating_score'
    -- the text rank only for rows on the page's side of the filters: those are the only ones sorted
    when 'relevance' then case when t.condition <> 'true'
                               then 'case when cs.m_all then ' || public.search_relevance_expression() || ' end'
                               else 'cs.trending_score' end
    else 'cs.trending_score' end;
  order_clause text := case
    when sort_by = 'alphabetical' then 'sort_key, slug'
    when sort_by = 'relevance' and t.condition <> 'true' then 'sort_key desc, trending_score desc, slug'
    -- items without the signal come last
    when sort_by in ('most_cited', 'most_starred', 'recently_active', 'highest_rated') then 'sort_key desc nulls last, slug'
    else 'sort_key desc, slug' end;
begin
  -- The whole catalog: kept counts, and the page walks the sort's index (reads twenty rows).
  if scope = 'true' and cardinality(active) = 0 then
    facets := public.catalog_facets();
    ids := array(select p.content_id from public.search_page(search, domain_slugs, content_types, features,
                   organization_sizes, year_from, year_to, sort_by, page_offset, page_size, health, operations,
                   input_data) p order by p.place);
    return;
  end if;
  -- without text and with one filter in use, that filter's own facet is the catalog's, and the
  -- other facets count only the rows the filter keeps
  if scope = 'true' and cardinality(active) = 1 then
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
             cs.operations, cs.input_data,
             cs.m_type, cs.m_domain, cs.m_feature, cs.m_size, cs.m_year, cs.m_operation, cs.m_input,
             %7$s as sort_key,
             -- the tie-breaks only for rows the page can show: the set stays narrow
             case when cs.m_all then cs.trending_score end as trending_score,
             case when cs.m_all then cs.slug end as slug
      from (
        select f.*, f.m_type and f.m_domain and f.m_feature and f.m_size and f.m_year and f.m_operation and f.m_input
                 as m_all
        from (
          -- each flag computed once per row: offset 0 keeps the planner from folding the tests
          -- back into every expression that uses a flag, where each would run again
          select cs.content_id, cs.content_type, cs.domain_slugs, cs.features, cs.organization_size, cs.year,
                 cs.created_at, cs.save_count, cs.view_count, cs.title_key, cs.name_key, cs.trending_score, cs.slug,
                 cs.search_vector, cs.citations, cs.stars, cs.active_at, cs.operations, cs.input_data, cs.rating_score,
                 %1$s as m_type, %2$s as m_domain, %3$s as m_feature, %4$s as m_size, %5$s as m_year,
                 %10$s as m_operation, %11$s as m_input
          from public.content_search cs
          where cs.status = 'published' and %6$s and (%8$s)
          offset 0) f) cs
    ), counts as (
      -- every facet in one pass over the matching rows (docs/decisions/0050-search-facets-one-pass.md):
      -- a grouping set per facet, and per set the count of the rows that pass every filter but
      -- that facet's own; grouping() names the set (63 types, 95 domain lists, 111 feature sets,
      -- 119 sizes, 123 years, 125 operation lists, 126 input data lists, 127 the total)
      select grouping(content_type, domain_slugs, features, organization_size, year, operations, input_data) as set_id,
             content_type, domain_slugs, features, organization_size, year, operations, input_data,
             count(*) filter (where m_domain and m_feature and m_size and m_year and m_operation and m_input) as n_type,
             count(*) filter (where m_type and m_feature and m_size and m_year and m_operation and m_input) as n_domain,
             count(*) filter (where m_type and m_domain and m_size and m_year and m_operation and m_input) as n_feature,
             count(*) filter (where m_type and m_domain and m_feature and m_year and m_operation and m_input) as n_size,
             count(*) filter (where m_type and m_domain and m_feature and m_size and m_operation and m_input) as n_year,
             count(*) filter (where m_type and m_domain and m_feature and m_size and m_year and m_input) as n_operation,
             count(*) filter (where m_type and m_domain and m_feature and m_size and m_year and m_operation) as n_input,
             count(*) filter (where m_type and m_domain and m_feature and m_size and m_year and m_operation and m_input)
               as n_all
      from base
      group by grouping sets ((content_type), (domain_slugs), (features), (organization_size), (year), (operations),
                              (input_data), ())
    )
    select jsonb_build_object(
      'total', coalesce((select n_all from counts where set_id = 127), 0),
      'facets', jsonb_build_object(
        'content_types', (select coalesce(jsonb_object_agg(content_type, n_type), '{}') from counts
                          where set_id = 63 and n_type > 0),
        -- rows share few distinct domain lists and feature sets: only those are unnested
        'domains', (select coalesce(jsonb_object_agg(slug, n), '{}') from (
                      select u.slug, sum(c.n_domain) as n from counts c, unnest(c.domain_slugs) as u (slug)
                      where c.set_id = 95 and c.n_domain > 0 group by u.slug) g),
        'features', (select coalesce(jsonb_object_agg(feature, n), '{}') from (
                       select u.feature, sum(c.n_feature) as n from counts c, unnest(c.features) as u (feature)
                       where c.set_id = 111 and c.n_feature > 0 group by u.feature) g),
        'organization_sizes', (select coalesce(jsonb_object_agg(organization_size, n_size), '{}') from counts
                               where set_id = 119 and n_size > 0 and organization_size is not null),
        'years', (select coalesce(jsonb_object_agg(year, n_year), '{}') from counts
                  where set_id = 123 and n_year > 0),
        'operations', (select coalesce(jsonb_object_agg(operation, n), '{}') from (
                         select u.operation, sum(c.n_operation) as n from counts c, unnest(c.operations) as u (operation)
                         where c.set_id = 125 and c.n_operation > 0 group by u.operation) g),
        'input_data', (select coalesce(jsonb_object_agg(data, n), '{}') from (
                         select u.data, sum(c.n_input) as n from counts c, unnest(c.input_data) as u (data)
                         where c.set_id = 126 and c.n_input > 0 group by u.data) g))),
      array(select content_id from base where m_type and m_domain and m_feature and m_size and m_year and m_operation
                                              and m_input
            order by %9$s offset $9 limit $10)$q$,
    tests[1], tests[2], tests[3], tests[4], tests[5], scope, sort_key, relevant, order_clause, tests[6], tests[7])
  into facets, ids
  using t.tsq, t.pattern, domain_slugs, content_types, features, organization_sizes, years.from_year, years.to_year,
        greatest(page_offset, 0), least(greatest(page_size, 1), 100), public.search_active_since(), t.alternatives,
        operations, input_data;
  if scope = 'true' and cardinality(active) = 1 then
    own := (array['content_types', 'domains', 'features', 'organization_sizes', 'years', 'operations',
                  'input_data'])[array_position(tests, active[1])];
    facets := jsonb_set(facets, array['facets', own], public.catalog_facets() -> 'facets' -> own);
  end if;
end $$;
revoke execute on function public.search_results(text, text[], text[], text[], text[], integer, integer, text, integer, integer, text[], text[], text[])
  from public, anon, authenticated;

-- A regular expression finding a query's compact form ("generativeagents") in a folded title,
-- ending where a word of the title ends: its letters and digits in order, any marks or spaces
-- between them, then no further letter (after a letter: "ESM3" is "ESM" and a number) or digit
-- (after a digit). Anchored, it must begin the title and may end in a plural's "s" or "es"
-- ("photometric redshift" begins "Photometric Redshifts for …"); unanchored, it may begin within a
-- word ("biomedical image segmentation" holds "medical image segmentation"; "MatPES" does not
-- hold "ATP"). The compact form holds only [a-z0-9], so nothing in it needs escaping.
create or replace function public.search_name_words_pattern(compact text, anchored boolean) returns text
language sql immutable parallel safe as $$
  select case when anchored then '^[^a-z0-9]*' else '' end
    operator(pg_catalog.||) pg_catalog.regexp_replace(compact, '(.)(?=.)', '\1[^a-z0-9]*', 'g')
    operator(pg_catalog.||) case when compact operator(pg_catalog.~) '[0-9]$' then '([^0-9]|$)'
                                 when anchored then '(e?s)?([^a-z]|$)' else '([^a-z]|$)' end
$$;
revoke execute on function public.search_name_words_pattern(text, boolean) from public, anon, authenticated;

-- The relevance order's key (docs/product.md#browse-search, docs/decisions/0038-search-relevance-model.md),
-- over $1 (tsquery or null) and $2 ('%' || the query's compact form || '%', or null), on a row
-- "cs" of content_search. Bounded parts, so that none can swamp a larger one:
--   * the name: 20 when the query is the item's name (or slug) once normalised, 10 when it
--     begins the name plus up to 0.5 for the share of the name it covers ("schrod" is nearer to
--     Schrödinger than to Schrödinger FEP+) and 0.5 more when it ends where a word of the name
--     ends ("generative agents" names "Generative Agents: Interactive Simulacra …", not
--     "Generative Agent Simulations of 1,000 People", whose compact form also begins with it);
--     a query of fewer than five letters and digits begins a name only ending at a word's end
--     ("MOF" does not begin "M-OFDFT", "EHR" not "EHRtemporalVariability"); else 0;
--   * a match, 1: the row's text matches, or its name holds the query up to a word's end
--     (search_name_words_pattern), so that a row found only by a name holding the query within a
--     word ("ATP" in "MatPES") comes after every real match of like standing;
--   * the text rank, in [0, 0.8): title (A) >> tags (B) > short description (C) > description (D),
--     normalised by length and then by rank/(rank+1);
--   * real use, in [0, 0.2]: views and ten times the saves, on a log scale;
--   * the ranking prior, in [0, 1]: the trending score (what the sources say of the item, plus
--     recent use; docs/product.md#ranking-prior) on a log scale that is full at 8, so that it
--     orders items of like text rank but never lifts a weak match over a name;
--   * for a query of alternatives ("a or b or c", which the partial-match fallback of
--     search_items asks), 100 per alternative the item's document matches, over $12 (the
--     alternatives' tsqueries, or null; a rare alternative is listed two or three times, so it
--     counts as much: search_text_condition), so that items matching more of the words, and the
--     rarer ones, come first.
-- Computed only for the rows the page sorts (search_results, search_page).
create or replace function public.search_relevance_expression() returns text
language sql immutable as $$
  select 'case when $2 is null then 0
               when cs.name_key = pg_catalog.btrim($2, ''%'')
                    or pg_catalog.replace(cs.slug, ''-'', '''') = pg_catalog.btrim($2, ''%'') then 20
               when cs.name_key like pg_catalog.ltrim($2, ''%'')
                    and (pg_catalog.char_length($2) > 6
                         or public.fold_accents(cs.title_key)
                            operator(pg_catalog.~) public.search_name_words_pattern(pg_catalog.btrim($2, ''%''), true))
                 then 10 + 0.5 * (pg_catalog.char_length($2) - 2) / pg_catalog.char_length(cs.name_key)
                      + case when public.fold_accents(cs.title_key)
                                  operator(pg_catalog.~) public.search_name_words_pattern(pg_catalog.btrim($2, ''%''), true)
                             then 0.5 else 0 end
               else 0 end
          + case when cs.search_vector operator(pg_catalog.@@) $1 then 1
                 when $2 is not null and public.fold_accents(cs.title_key)
                      operator(pg_catalog.~) public.search_name_words_pattern(pg_catalog.btrim($2, ''%''), false) then 1
                 else 0 end
          + 0.8 * coalesce(pg_catalog.ts_rank_cd(''{0.05, 0.2, 0.4, 1.0}''::real[], cs.search_vector, $1, 1 | 32), 0)
          + 0.2 * least(1, pg_catalog.ln((1 + cs.view_count + 10 * cs.save_count)::double precision) / 15)
          + least(1, pg_catalog.ln(1 + cs.trending_score) / pg_catalog.ln(9))
          + case when $12 is null then 0
                 else 100 * (select count(*) from pg_catalog.unnest($12) as w (q) where cs.search_vector @@ w.q) end'
$$;
revoke execute on function public.search_relevance_expression() from public, anon, authenticated;

-- 2. The weighted document of an item, in one place: the row trigger and the bulk commit both
--    compute it here, so the two can never differ. A plain SQL function without a SET clause, so
--    that it is inlined where it is used (every name in it is schema-qualified instead), and
--    stable like array_to_string, for the same reason: PostgreSQL does not inline a function whose
--    body is more volatile than the function says it is.
create or replace function public.item_search_vector(
  title text, tags text[], short_description text, description text
) returns tsvector
language sql stable parallel safe as $$
  select pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, public.fold_accents(coalesce(title, ''))), 'A')
    operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, public.fold_accents(pg_catalog.array_to_string(tags, ' '))), 'B')
    operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, public.fold_accents(coalesce(short_description, ''))), 'C')
    operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, public.fold_accents(coalesce(description, ''))), 'D')
$$;
revoke execute on function public.item_search_vector(text, text[], text, text) from public, anon;
grant execute on function public.item_search_vector(text, text[], text, text) to authenticated, service_role;

-- 3. The vocabulary ('Did you mean …', typo correction) takes the words of titles, tags and short
--    descriptions: the words people search for. Tokenising every full description a second time
--    (unstemmed, for this list alone) was a quarter of an import's commit, and added mostly the
--    words no one searches by.
create or replace function public.vocabulary_words(title text, tags text[], short_description text) returns setof text
language sql stable parallel safe as $$
  select pg_catalog.unnest(pg_catalog.tsvector_to_array(pg_catalog.to_tsvector('pg_catalog.simple'::pg_catalog.regconfig,
    public.fold_accents(coalesce(title, '') operator(pg_catalog.||) ' ' operator(pg_catalog.||) pg_catalog.array_to_string(tags, ' ')
    operator(pg_catalog.||) ' ' operator(pg_catalog.||) coalesce(short_description, '')))))
$$;
revoke execute on function public.vocabulary_words(text, text[], text) from public, anon, authenticated;

-- Which of those words the vocabulary keeps. Tested once per distinct word, after the words of
-- all rows are merged: a regular expression per word per row cost more than the tokenising.
create or replace function public.is_vocabulary_word(word text) returns boolean
language sql immutable parallel safe as $$
  select word operator(pg_catalog.~) '^[a-z][a-z0-9-]{2,40}$'
$$;
revoke execute on function public.is_vocabulary_word(text) from public, anon, authenticated;
