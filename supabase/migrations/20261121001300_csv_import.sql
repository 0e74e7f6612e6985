-- CSV import (issue 6). Rows validated by core are staged in chunks (import_batches +
-- import_rows), then commit_import writes the whole batch in one transaction, set-based:
-- duplicates skipped, domains, people and organisations resolved with one lookup each, items,
-- type rows and links inserted; the content_items triggers keep search vectors, the browse index
-- and its caches current. Only administrators (at the admin assurance level, see is_admin) or
-- the service role (the CLI) may stage or commit.

create table public.import_batches (
  id uuid primary key default gen_random_uuid(),
  content_type text not null check (content_type in ('paper', 'company', 'agent')),
  file_name text not null default '' check (char_length(file_name) <= 300),
  -- what validation found before staging: total_rows, invalid, duplicates
  summary jsonb not null default '{}' check (jsonb_typeof(summary) = 'object'),
  -- the admin who staged; null for the service role
  created_by uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index import_batches_created_idx on public.import_batches (created_at);

-- One row per staged chunk (a JSON array of rows), not per CSV row: staging then costs one write
-- per call, and the commit expands the arrays set-based. Stored uncompressed: it lives minutes.
create table public.import_rows (
  batch_id uuid not null references public.import_batches (id) on delete cascade,
  chunk_number integer not null check (chunk_number > 0),
  data jsonb not null check (jsonb_typeof(data) = 'array'),
  primary key (batch_id, chunk_number)
);
alter table public.import_rows alter column data set storage external;

alter table public.import_batches enable row level security;
alter table public.import_rows enable row level security;
revoke all on public.import_batches, public.import_rows from anon;
-- Visitors and non-admins: no policy, so nothing. Admins: their own batches only.
create policy "admins manage their own import batches" on public.import_batches for all to authenticated
  using ((select public.is_admin()) and created_by = (select auth.uid()))
  with check ((select public.is_admin()) and created_by = (select auth.uid()));
create policy "admins manage rows of their own import batches" on public.import_rows for all to authenticated
  using ((select public.is_admin()) and exists (
    select 1 from public.import_batches b where b.id = batch_id and b.created_by = (select auth.uid())))
  with check ((select public.is_admin()) and exists (
    select 1 from public.import_batches b where b.id = batch_id and b.created_by = (select auth.uid())));

create or replace function public.import_assert_allowed() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (coalesce(auth.role(), '') = 'service_role' or coalesce(public.is_admin(), false)) then
    raise exception 'Only administrators may import data' using errcode = '42501';
  end if;
end $$;

-- The caller's batch, locked; another admin's batch is as good as missing.
create or replace function public.import_own_batch(_batch_id uuid) returns public.import_batches
language plpgsql volatile security definer set search_path = '' as $$
declare
  batch public.import_batches;
begin
  select * into batch from public.import_batches b
  where b.id = _batch_id and b.created_by is not distinct from auth.uid()
  for update;
  if not found then
    raise exception 'Import batch % not found', _batch_id using errcode = 'P0002';
  end if;
  return batch;
end $$;

-- Which of the given keys (lower-cased DOIs for papers, names otherwise) the catalog already has.
create or replace function public.find_existing_import_keys(content_type text, keys text[]) returns text[]
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.import_assert_allowed();
  if find_existing_import_keys.content_type = 'paper' then
    return array(select distinct lower(p.doi) from public.papers p where lower(p.doi) = any (keys));
  end if;
  return array(
    select distinct lower(ci.title) from public.content_items ci
    where ci.content_type = find_existing_import_keys.content_type and lower(ci.title) = any (keys));
end $$;

create or replace function public.begin_import(content_type text, file_name text, summary jsonb default '{}')
returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  new_id uuid;
begin
  perform public.import_assert_allowed();
  -- Batches left behind by a closed tab or a killed CLI are of no use after a day.
  delete from public.import_batches b where b.created_at < now() - interval '1 day';
  insert into public.import_batches (content_type, file_name, summary, created_by)
  values (begin_import.content_type, coalesce(begin_import.file_name, ''), coalesce(begin_import.summary, '{}'), auth.uid())
  returning id into new_id;
  return new_id;
end $$;

create or replace function public.stage_import_rows(batch_id uuid, rows jsonb) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  batch public.import_batches;
  staged integer;
begin
  perform public.import_assert_allowed();
  batch := public.import_own_batch(stage_import_rows.batch_id);
  if jsonb_typeof(rows) <> 'array' then
    raise exception 'rows must be a JSON array' using errcode = '22023';
  end if;
  insert into public.import_rows (batch_id, chunk_number, data)
  select batch.id, coalesce(max(r.chunk_number), 0) + 1, rows
  from public.import_rows r where r.batch_id = batch.id;
  staged := jsonb_array_length(rows);
  return staged;
end $$;

-- True when the batch was still there. After a commit whose answer was lost (a proxy timeout),
-- this waits for that commit's lock: false then means the commit went through after all.
create or replace function public.discard_import(batch_id uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform public.import_assert_allowed();
  delete from public.import_batches b
  where b.id = discard_import.batch_id and b.created_by is not distinct from auth.uid();
  return found;
end $$;

-- jsonb array of strings → text[] (null or missing → empty).
create or replace function public.import_text_array(value jsonb) returns text[]
language sql immutable set search_path = '' as $$
  select coalesce(array(select jsonb_array_elements_text(coalesce(value, '[]'::jsonb))), '{}')
$$;

create or replace function public.commit_import(batch_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  batch public.import_batches;
  kind text;
  staged integer;
  inserted integer;
  people_created integer := 0;
  organizations_created integer := 0;
  unknown text;
begin
  perform public.import_assert_allowed();
  batch := public.import_own_batch(commit_import.batch_id);
  kind := batch.content_type;

  drop table if exists pg_temp.import_incoming, pg_temp.import_authors, pg_temp.import_person_ids;
  create temporary table import_incoming on commit drop as
  select gen_random_uuid() as id, coalesce((e.value ->> 'row_number')::integer, 0) as row_number, e.value as data,
         btrim(e.value ->> 'title') as title, coalesce(nullif(e.value ->> 'slug', ''), kind) as base_slug, null::text as slug,
         lower(nullif(btrim(e.value ->> 'doi'), '')) as doi_key
  from public.import_rows r, jsonb_array_elements(r.data) as e (value)
  where r.batch_id = batch.id and jsonb_typeof(e.value) = 'object';
  get diagnostics staged = row_count;
  analyze import_incoming;

  -- Duplicates again (idempotent re-import): repeats within the batch, then the catalog.
  if kind = 'paper' then
    delete from import_incoming i using (
      select x.id, row_number() over (partition by x.doi_key order by x.row_number) as rn
      from import_incoming x where x.doi_key is not null) d
    where d.id = i.id and d.rn > 1;
    delete from import_incoming i using public.papers p where lower(p.doi) = i.doi_key;
  else
    delete from import_incoming i using (
      select x.id, row_number() over (partition by lower(x.title) order by x.row_number) as rn
      from import_incoming x) d
    where d.id = i.id and d.rn > 1;
    delete from import_incoming i using public.content_items ci
    where ci.content_type = kind and lower(ci.title) = lower(i.title);
  end if;

  -- Slugs: the title's, unless taken (by the catalog or an earlier row), then made unique.
  with s as (
    select x.id, row_number() over (partition by x.base_slug order by x.row_number) as rn,
           exists (select 1 from public.content_items ci where ci.slug = x.base_slug) as taken
    from import_incoming x)
  update import_incoming i
  set slug = case when s.rn = 1 and not s.taken then i.base_slug
                  else i.base_slug || '-' || left(replace(i.id::text, '-', ''), 8) end
  from s where s.id = i.id;

  -- Domains are slugs from core; names are accepted too. Unknown ones fail the whole batch.
  select string_agg(distinct dom.value, ', ') into unknown
  from import_incoming i, jsonb_array_elements_text(coalesce(i.data -> 'domains', '[]')) as dom (value)
  where not exists (select 1 from public.scientific_domains d where d.slug = dom.value or lower(d.name) = lower(dom.value));
  if unknown is not null then
    raise exception 'Unknown domains: %', unknown using errcode = '22023';
  end if;

  if kind = 'company' then
    insert into public.organizations (name, website, description)
    select distinct on (lower(btrim(i.data ->> 'organization_name')))
      btrim(i.data ->> 'organization_name'), i.data ->> 'organization_website', i.data ->> 'organization_description'
    from import_incoming i
    where nullif(btrim(i.data ->> 'organization_name'), '') is not null
    order by lower(btrim(i.data ->> 'organization_name')), i.row_number
    on conflict (lower(name)) do nothing;
    get diagnostics organizations_created = row_count;
  end if;

  -- Authors: every name looked up at once, the missing ones created (first spelling in the file
  -- wins), then credited in the file's order. Companies and agents have none.
  create temporary table import_authors on commit drop as
  select i.id as content_id, i.row_number, btrim(a.name) as full_name, lower(btrim(a.name)) as name_key,
         (a.ordinality - 1)::integer as order_index
  from import_incoming i,
       jsonb_array_elements_text(coalesce(i.data -> 'authors', '[]')) with ordinality as a (name, ordinality)
  where kind = 'paper' and btrim(a.name) <> '';
  analyze import_authors;

  insert into public.people (full_name)
  select distinct on (ia.name_key) ia.full_name
  from import_authors ia
  where not exists (select 1 from public.people p where lower(p.full_name) = ia.name_key)
  order by ia.name_key, ia.row_number, ia.order_index;
  get diagnostics people_created = row_count;

  create temporary table import_person_ids on commit drop as
  select distinct on (lower(p.full_name)) lower(p.full_name) as name_key, p.id
  from public.people p
  where lower(p.full_name) in (select ia.name_key from import_authors ia)
  order by lower(p.full_name), p.created_at, p.id;

  -- Items, type rows and links in ONE statement: the catalog's statement triggers (browse index,
  -- vocabulary) then fire once the whole item exists, so the index rows are written complete the
  -- first time instead of being rewritten after each detail table. Foreign keys are checked at
  -- the end of the statement, when the items are there.
  with org as (
    select i.id, o.id as organization_id
    from import_incoming i
    join public.organizations o on lower(o.name) = lower(btrim(i.data ->> 'organization_name'))
    where kind = 'company'
  ), new_items as (
    insert into public.content_items (id, slug, title, description, short_description, content_type, url, status,
      year, tags, organization_id, published_at)
    select i.id, i.slug, i.title, coalesce(i.data ->> 'description', ''), coalesce(i.data ->> 'short_description', ''),
      kind, nullif(i.data ->> 'url', ''), 'published',
      case when extract(year from (i.data ->> 'publication_date')::date) between 1800 and 2100
           then extract(year from (i.data ->> 'publication_date')::date)::integer end,
      public.import_text_array(i.data -> 'tags'), org.organization_id, now()
    from import_incoming i
    left join org on org.id = i.id
    order by i.row_number
    returning id
  ), new_papers as (
    insert into public.papers (content_id, abstract, doi, arxiv_id, pubmed_id, journal_name, volume, issue, pages,
      publication_date, peer_reviewed, open_access, citation_count, keywords, research_goals, key_findings,
      methodology, limitations, future_work)
    select i.id, i.data ->> 'abstract', nullif(i.data ->> 'doi', ''), i.data ->> 'arxiv_id', i.data ->> 'pubmed_id',
      i.data ->> 'journal_name', i.data ->> 'volume', i.data ->> 'issue', i.data ->> 'pages',
      (i.data ->> 'publication_date')::date, coalesce((i.data ->> 'peer_reviewed')::boolean, false),
      coalesce((i.data ->> 'open_access')::boolean, false), coalesce((i.data ->> 'citation_count')::integer, 0),
      public.import_text_array(i.data -> 'keywords'), public.import_text_array(i.data -> 'research_goals'),
      public.import_text_array(i.data -> 'key_findings'),
      i.data ->> 'methodology', i.data ->> 'limitations', i.data ->> 'future_work'
    from import_incoming i
    where kind = 'paper'
  ), new_companies as (
    insert into public.companies (content_id, organization_id, business_model, moat, industry_focus, target_customers,
      traction_metrics, partnerships, awards_recognition, press_mentions)
    select i.id, org.organization_id, i.data ->> 'business_model', i.data ->> 'moat',
      public.import_text_array(i.data -> 'industry_focus'), public.import_text_array(i.data -> 'target_customers'),
      coalesce(i.data -> 'traction_metrics', '{}'), public.import_text_array(i.data -> 'partnerships'),
      public.import_text_array(i.data -> 'awards_recognition'), public.import_text_array(i.data -> 'press_mentions')
    from import_incoming i
    left join org on org.id = i.id
    where kind = 'company'
  ), new_agents as (
    insert into public.agents (content_id, model_type, specialization, interaction_mode, capabilities, integration_options)
    select i.id, i.data ->> 'model_type', i.data ->> 'specialization', nullif(i.data ->> 'interaction_mode', ''),
      public.import_text_array(i.data -> 'capabilities'), public.import_text_array(i.data -> 'integration_options')
    from import_incoming i
    where kind = 'agent'
  ), new_authors as (
    insert into public.content_people (content_id, person_id, role, order_index)
    select distinct on (ia.content_id, pid.id) ia.content_id, pid.id, 'author', ia.order_index
    from import_authors ia join import_person_ids pid on pid.name_key = ia.name_key
    order by ia.content_id, pid.id, ia.order_index
  ), new_domains as (
    -- The first domain is the primary one.
    insert into public.content_domains (content_id, domain_id, is_primary)
    select distinct on (i.id, d.id) i.id, d.id, dom.ordinality = 1
    from import_incoming i,
         jsonb_array_elements_text(coalesce(i.data -> 'domains', '[]')) with ordinality as dom (value, ordinality)
    join public.scientific_domains d on d.slug = dom.value or lower(d.name) = lower(dom.value)
    order by i.id, d.id, dom.ordinality
  )
  select count(*) into inserted from new_items;

  insert into public.user_activity (user_id, actor, activity_type, activity_data)
  values (auth.uid(), case when auth.uid() is null then 'system' else 'user' end, 'csv_import',
    jsonb_build_object(
      'content_type', kind, 'file_name', batch.file_name, 'inserted', inserted,
      'skipped', staged - inserted + coalesce((batch.summary ->> 'duplicates')::integer, 0),
      'invalid', coalesce((batch.summary ->> 'invalid')::integer, 0),
      'total_rows', coalesce((batch.summary ->> 'total_rows')::integer, staged),
      'people_created', people_created, 'organizations_created', organizations_created,
      'timestamp', now()));

  delete from public.import_batches b where b.id = batch.id;

  return jsonb_build_object('inserted', inserted, 'skipped', staged - inserted,
    'people_created', people_created, 'organizations_created', organizations_created);
end $$;

revoke execute on function public.import_assert_allowed() from public, anon, authenticated;
revoke execute on function public.import_own_batch(uuid) from public, anon, authenticated;
revoke execute on function public.import_text_array(jsonb) from public, anon, authenticated;
revoke execute on function public.find_existing_import_keys(text, text[]) from public, anon;
revoke execute on function public.begin_import(text, text, jsonb) from public, anon;
revoke execute on function public.stage_import_rows(uuid, jsonb) from public, anon;
revoke execute on function public.discard_import(uuid) from public, anon;
revoke execute on function public.commit_import(uuid) from public, anon;
grant execute on function public.find_existing_import_keys(text, text[]) to authenticated, service_role;
grant execute on function public.begin_import(text, text, jsonb) to authenticated, service_role;
grant execute on function public.stage_import_rows(uuid, jsonb) to authenticated, service_role;
grant execute on function public.discard_import(uuid) to authenticated, service_role;
grant execute on function public.commit_import(uuid) to authenticated, service_role;
