-- CSV import (docs/product.md#csv-write). Rows validated by core are staged in chunks (import_batches +
-- import_rows), then commit_import writes the whole batch in one transaction, set-based:
-- duplicates skipped, domains, people and organisations resolved with one lookup each, items,
-- type rows and links inserted; the content_items triggers keep search vectors, the browse index
-- and its caches current. Only administrators (at the admin assurance level, see is_admin) or
-- the service role (the CLI) may stage or commit.
create table public.import_batches (
  id uuid primary key default gen_random_uuid(),
  content_type text not null check (content_type in ('software', 'paper', 'company', 'agent')),
  file_name text not null default '' check (char_length(file_name) <= 300),
  -- what validation found before staging: total_rows, invalid, duplicates
  summary jsonb not null default '{}' check (jsonb_typeof(summary) = 'object'),
  -- the admin who staged; null for the service role
  created_by uuid references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
grant all on public.import_batches to authenticated;
alter table public.import_batches enable row level security;

create index import_batches_created_idx on public.import_batches (created_at);

-- One row per staged chunk (a JSON array of rows), not per CSV row: staging then costs one write
-- per call, and the commit expands the arrays set-based. Stored uncompressed: it lives minutes.
-- Unlogged: staged rows are never needed after a crash, so they skip the write-ahead log.
create unlogged table public.import_rows (
  batch_id uuid not null references public.import_batches (id) on delete cascade,
  chunk_number integer not null check (chunk_number > 0),
  data jsonb not null check (jsonb_typeof(data) = 'array'),
  primary key (batch_id, chunk_number)
);
grant all on public.import_rows to authenticated;
alter table public.import_rows alter column data set storage external;
alter table public.import_rows enable row level security;
revoke all on public.import_batches, public.import_rows from anon;

-- Chunks may arrive side by side (the pipeline sends a few at once, so parsing the JSON of one
-- overlaps writing another): each takes its number from a sequence.
create sequence public.import_rows_chunk_seq;
revoke all on sequence public.import_rows_chunk_seq from public, anon, authenticated;

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
revoke execute on function public.import_assert_allowed() from public, anon, authenticated;

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
    raise exception 'Import batch % not found', _batch_id using errcode = 'PT404';
  end if;
  return batch;
end $$;
revoke execute on function public.import_own_batch(uuid) from public, anon, authenticated;

-- A software tool's duplicate key (docs/product.md#csv-rows): its name and its link together, the
-- link without scheme, www., letter case and trailing slashes (tools share names, and repositories).
-- core/src/import/duplicate-key.ts is the same rule. Plain SQL without a SET clause, so that it
-- is inlined into the statements that use it (every name qualified instead).
create or replace function public.import_software_key(title text, url text) returns text
language sql immutable parallel safe as $$
  select pg_catalog.lower(title) operator(pg_catalog.||) E'\n' operator(pg_catalog.||) coalesce(
    pg_catalog.rtrim(pg_catalog.regexp_replace(pg_catalog.lower(url), '^https?://(www\.)?', ''), '/'), '')
$$;
revoke execute on function public.import_software_key(text, text) from public, anon, authenticated;

-- Which of the given keys (lower-cased DOIs for papers, name and link for software, names
-- otherwise) the catalog already has.
create or replace function public.find_existing_import_keys(content_type text, keys text[]) returns text[]
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.import_assert_allowed();
  if find_existing_import_keys.content_type = 'paper' then
    return array(select distinct lower(p.doi) from public.papers p where lower(p.doi) = any (keys));
  end if;
  if find_existing_import_keys.content_type = 'software' then
    return array(
      select distinct public.import_software_key(ci.title, ci.url) from public.content_items ci
      where ci.content_type = 'software' and public.import_software_key(ci.title, ci.url) = any (keys));
  end if;
  return array(
    select distinct lower(ci.title) from public.content_items ci
    where ci.content_type = find_existing_import_keys.content_type and lower(ci.title) = any (keys));
end $$;
revoke execute on function public.find_existing_import_keys(text, text[]) from public, anon;
grant execute on function public.find_existing_import_keys(text, text[]) to authenticated, service_role;

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
revoke execute on function public.begin_import(text, text, jsonb) from public, anon;
grant execute on function public.begin_import(text, text, jsonb) to authenticated, service_role;

create or replace function public.stage_import_rows(batch_id uuid, rows jsonb) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  found_batch uuid;
begin
  perform public.import_assert_allowed();
  select b.id into found_batch from public.import_batches b
  where b.id = stage_import_rows.batch_id and b.created_by is not distinct from auth.uid()
  for share;
  if found_batch is null then
    raise exception 'Import batch % not found', stage_import_rows.batch_id using errcode = 'PT404';
  end if;
  if jsonb_typeof(rows) <> 'array' then
    raise exception 'rows must be a JSON array' using errcode = '22023';
  end if;
  insert into public.import_rows (batch_id, chunk_number, data)
  values (found_batch, nextval('public.import_rows_chunk_seq'), rows);
  return jsonb_array_length(rows);
end $$;
revoke execute on function public.stage_import_rows(uuid, jsonb) from public, anon;
grant execute on function public.stage_import_rows(uuid, jsonb) to authenticated, service_role;

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
revoke execute on function public.discard_import(uuid) from public, anon;
grant execute on function public.discard_import(uuid) to authenticated, service_role;

-- jsonb array of strings → text[] (null or missing → empty).
create or replace function public.import_text_array(value jsonb) returns text[]
language sql immutable set search_path = '' as $$
  select coalesce(array(select jsonb_array_elements_text(coalesce(value, '[]'::jsonb))), '{}')
$$;
revoke execute on function public.import_text_array(jsonb) from public, anon, authenticated;

-- The import's domain links by equality (bench/README.md, CSV import).
--
-- commit_import linked each staged row's domains by joining every (row, domain) pair to the
-- taxonomy on "slug = value or lower(name) = lower(value)", which no hash or index can answer: a
-- nested loop of 300,000 pairs × thirteen domains, lower-casing both sides each time, about 1.5 s
-- of a 100,000-paper commit on PostgreSQL. The distinct values (a few dozen) are now matched once
-- into a small working table, which also answers the unknown-domain check, and the links join it
-- by equality. Same links, same error.
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
  bad_row integer;
  problem text;
  today text := to_char(now() at time zone 'UTC', 'YYYY-MM-DD');
  bulk_token text := gen_random_uuid()::text;
  without_row_triggers boolean := false;
  id_stamp bigint := (extract(epoch from clock_timestamp()) * 1000)::bigint;
  item_salt bigint := floor(random() * 268435456)::bigint;
  person_salt bigint := floor(random() * 268435456)::bigint;
begin
  perform public.import_assert_allowed();
  batch := public.import_own_batch(commit_import.batch_id);
  kind := batch.content_type;

  insert into public.import_bulk_tokens (token) values (bulk_token);
  perform set_config('sciai.bulk_load', bulk_token, true);
  -- what any change to a published item in this transaction is credited to (22_item_versions.sql)
  perform set_config('sciai.change_actor', 'import:' || batch.id, true);
  perform set_config('work_mem', '32MB', true);
  perform set_config('jit', 'off', true);

  drop table if exists pg_temp.import_incoming, pg_temp.import_slugs, pg_temp.import_authors, pg_temp.import_person_ids,
    pg_temp.import_domain_ids;
  -- Every staged row read out of its JSON once, by one typed jsonb_to_record (several times
  -- faster than a ->> per field and a subquery per list). Staged rows leave out a paper's
  -- description when it is its abstract (it stays out here too: the abstract stands in for it
  -- where it is used), and tags when they are the keywords / industry focus / capabilities
  -- (core/src/import/write-import.ts), which stand in for them.
  create temporary table import_incoming on commit drop as
  select public.ordered_uuid(id_stamp, item_salt, row_number() over (order by s.chunk_number, e.ordinality)) as id,
         coalesce(r.row_number, 0) as row_number, btrim(r.title) as title,
         pg_catalog.rtrim(left(coalesce(nullif(r.slug, ''), kind), 100), '-') as base_slug,
         lower(nullif(btrim(r.doi), '')) as doi_key,
         r.description,
         -- a paper's summary defaults to the start of its abstract, as core's row rules make it,
         -- for rows staged by any client (docs/product.md#csv-import)
         coalesce(nullif(btrim(r.short_description), ''),
           case kind when 'paper' then btrim(left(r.abstract, 200)) end, '') as short_description,
         coalesce(r.tags,
           case kind when 'paper' then r.keywords when 'company' then r.industry_focus when 'agent' then r.capabilities end,
           '{}') as tags,
         coalesce(r.key_features, '{}') as key_features,
         nullif(r.url, '') as url, coalesce(r.domains, '{}') as domains, coalesce(r.authors, '{}') as authors,
         r.abstract, nullif(r.doi, '') as doi, r.arxiv_id, r.pubmed_id, r.journal_name, r.volume, r.issue, r.pages,
         r.publication_date, coalesce(r.peer_reviewed, false) as peer_reviewed, coalesce(r.open_access, false) as open_access,
         coalesce(r.citation_count, 0) as citation_count, coalesce(r.keywords, '{}') as keywords,
         coalesce(r.research_goals, '{}') as research_goals, coalesce(r.key_findings, '{}') as key_findings,
         r.methodology, r.limitations, r.future_work,
         nullif(btrim(r.organization_name), '') as organization_name, r.organization_website, r.organization_description,
         r.business_model, r.moat, coalesce(r.industry_focus, '{}') as industry_focus,
         coalesce(r.target_customers, '{}') as target_customers, coalesce(r.traction_metrics, '{}') as traction_metrics,
         coalesce(r.partnerships, '{}') as partnerships, coalesce(r.awards_recognition, '{}') as awards_recognition,
         coalesce(r.press_mentions, '{}') as press_mentions,
         r.model_type, r.specialization, nullif(r.interaction_mode, '') as interaction_mode,
         coalesce(r.capabilities, '{}') as capabilities, coalesce(r.integration_options, '{}') as integration_options,
         coalesce(r.authors_complete, true) as authors_complete,
         r.founded_year, r.funding_stage, r.funding_stage_as_of, r.funding_stage_source, r.employee_count,
         r.employee_count_as_of, r.employee_count_source, r.headquarters, r.headquarters_as_of, r.headquarters_source,
         nullif(btrim(r.license), '') as license, nullif(r.first_release, '') as first_release,
         nullif(r.github_url, '') as github_url, nullif(r.pricing_model, '') as pricing_model,
         coalesce(r.programming_languages, '{}') as programming_languages,
         coalesce(r.api_available, false) as api_available,
         nullif(btrim(r.weights_license), '') as weights_license, nullif(r.availability, '') as availability,
         coalesce(r.paper_dois, '{}') as paper_dois, coalesce(r.paper_arxiv_ids, '{}') as paper_arxiv_ids
  from public.import_rows s, jsonb_array_elements(s.data) with ordinality as e (value, ordinality),
       jsonb_to_record(e.value) as r (
         row_number integer, title text, slug text, url text, description text, short_description text, tags text[],
         domains text[], authors text[],
         abstract text, doi text, arxiv_id text, pubmed_id text, journal_name text, volume text, issue text, pages text,
         publication_date date, peer_reviewed boolean, open_access boolean, citation_count integer, keywords text[],
         research_goals text[], key_findings text[], methodology text, limitations text, future_work text,
         organization_name text, organization_website text, organization_description text, business_model text,
         moat text, industry_focus text[], target_customers text[], traction_metrics jsonb, partnerships text[],
         awards_recognition text[], press_mentions text[],
         model_type text, specialization text, interaction_mode text, capabilities text[], integration_options text[],
         authors_complete boolean, founded_year integer, funding_stage text, funding_stage_as_of date,
         funding_stage_source text, employee_count text, employee_count_as_of date, employee_count_source text,
         headquarters text, headquarters_as_of date, headquarters_source text, license text, first_release text,
         key_features text[], github_url text, pricing_model text, programming_languages text[], api_available boolean,
         weights_license text, availability text, paper_dois text[], paper_arxiv_ids text[])
  where s.batch_id = batch.id and jsonb_typeof(e.value) = 'object';
  get diagnostics staged = row_count;
  -- Row counts and the join keys are what the plans below need; statistics of every wide text
  -- and list column cost more than the statements they would inform.
  analyze import_incoming (id, doi_key, base_slug);

  -- Software rows meet core's row rules again (docs/product.md#csv-rows), and software and agent
  -- rows those of a weights licence, availability and named papers (core/src/import/fact-rules.ts,
  -- named-papers.ts), all in one pass: a row staged around core is refused with its number and the
  -- rule, never stored or failed by a constraint that names neither.
  if kind in ('software', 'agent') then
    select x.row_number, x.problem into bad_row, problem
    from (
      select i.row_number, coalesce(case when kind = 'software' then case
        when coalesce(i.title, '') = '' then 'Software name is required'
        when char_length(i.title) > 300 then 'name must be at most 300 characters'
        when char_length(i.short_description) > 300 then 'short_description must be at most 300 characters'
        when char_length(i.description) > 20000 then 'description must be at most 20000 characters'
        when i.url !~ '^https?://\S+$' then 'url must be a link starting with http:// or https://'
        when i.github_url !~ '^https?://\S+$' then 'github_url must be a link starting with http:// or https://'
        when char_length(i.organization_name) > 200 then 'organization_name must be at most 200 characters'
        when i.pricing_model not in ('free', 'freemium', 'subscription', 'paid', 'enterprise')
          then 'pricing_model must be one of: free, freemium, subscription, paid, enterprise'
        when char_length(i.license) > 200 then 'license must be at most 200 characters'
        -- (the pattern first: only a full date needs the calendar's word)
        when i.first_release !~ '^(1[89]|20|21)\d\d(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$'
          or (char_length(i.first_release) = 10 and not public.is_partial_date(i.first_release))
          then 'first_release must be YYYY, YYYY-MM or YYYY-MM-DD'
        when i.first_release > left(today, char_length(i.first_release)) then 'first_release is in the future'
        when cardinality(i.tags) > 50 then 'tags must have at most 50 entries'
        when cardinality(i.key_features) > 20 then 'key_features must have at most 20 entries'
        when cardinality(i.programming_languages) > 50 then 'programming_languages must have at most 50 entries'
        when exists (select 1 from unnest(i.tags) as t (v) where char_length(t.v) > 300)
          then 'Each of tags must be at most 300 characters'
        when exists (select 1 from unnest(i.key_features) as f (v) where char_length(f.v) > 200)
          then 'Each of key_features must be at most 200 characters'
        when exists (select 1 from unnest(i.programming_languages) as l (v) where char_length(l.v) > 300)
          then 'Each of programming_languages must be at most 300 characters'
      end end, case
        when char_length(i.weights_license) > 200 then 'weights_license must be at most 200 characters'
        when i.availability not in ('open', 'api_only', 'waitlist', 'commercial')
          then 'availability must be one of: open, api_only, waitlist, commercial'
        when cardinality(i.paper_dois) + cardinality(i.paper_arxiv_ids) > 50
          then 'paper_dois and paper_arxiv_ids may name at most 50 papers together'
        when exists (select 1 from unnest(i.paper_dois) as d (v) where char_length(d.v) > 300)
          then 'Each of paper_dois must be at most 300 characters'
        -- lower-case, as the catalog keeps DOIs (the links compare them lower-cased)
        when exists (select 1 from unnest(i.paper_dois) as d (v)
                     where d.v is null or d.v !~ '^10\.\d{4,9}/\S+$' or d.v <> lower(d.v))
          then 'paper_dois must be DOIs written 10.NNNN/…, in lower case'
        when exists (select 1 from unnest(i.paper_arxiv_ids) as a (v)
                     where a.v is null or a.v !~ '^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?/\d{7})$')
          then 'paper_arxiv_ids must be arXiv ids such as 2401.07950 or hep-th/9901001'
      end) as problem
      from import_incoming i) x
    where x.problem is not null
    order by x.row_number
    limit 1;
    if problem is not null then
      raise exception 'Row %: %', bad_row, problem using errcode = '22023';
    end if;
  end if;

  -- Duplicates again (idempotent re-import): repeats within the batch, then the catalog.
  if kind = 'paper' then
    delete from import_incoming i using (
      select x.id, row_number() over (partition by x.doi_key order by x.row_number) as rn
      from import_incoming x where x.doi_key is not null) d
    where d.id = i.id and d.rn > 1;
    delete from import_incoming i using public.papers p where lower(p.doi) = i.doi_key;
  elsif kind = 'software' then
    delete from import_incoming i using (
      select x.id, row_number() over (partition by public.import_software_key(x.title, x.url) order by x.row_number) as rn
      from import_incoming x) d
    where d.id = i.id and d.rn > 1;
    delete from import_incoming i using public.content_items ci
    where ci.content_type = 'software'
      and public.import_software_key(ci.title, ci.url) = public.import_software_key(i.title, i.url);
  else
    delete from import_incoming i using (
      select x.id, row_number() over (partition by lower(x.title) order by x.row_number) as rn
      from import_incoming x) d
    where d.id = i.id and d.rn > 1;
    delete from import_incoming i using public.content_items ci
    where ci.content_type = kind and lower(ci.title) = lower(i.title);
  end if;

  -- Slugs: the title's, unless taken (by the catalog or an earlier row), then made unique. A
  -- narrow table of their own rather than an update, which would rewrite every working row.
  create temporary table import_slugs on commit drop as
  select s.id, case when s.rn = 1 and not s.taken then s.base_slug
                    else public.suffixed_slug(s.base_slug, left(md5(s.id::text), 8)) end as slug
  from (
    select x.id, x.base_slug, row_number() over (partition by x.base_slug order by x.row_number) as rn,
           exists (select 1 from public.content_items ci where ci.slug = x.base_slug) as taken
    from import_incoming x) s;
  analyze import_slugs (id);

  -- Domains are slugs from core; names are accepted too. Each distinct value is matched once,
  -- here, and the links below join this small table by equality (a hash join) instead of
  -- testing every link against the whole taxonomy by slug or name. Unknown ones fail the batch.
  create temporary table import_domain_ids on commit drop as
  select dom.value, d.id as domain_id
  from (select distinct x.value from import_incoming i, unnest(i.domains) as x (value)) dom
  left join public.scientific_domains d on d.slug = dom.value or lower(d.name) = lower(dom.value);
  analyze import_domain_ids;
  select string_agg(m.value, ', ' order by m.value) into unknown
  from import_domain_ids m where m.domain_id is null;
  if unknown is not null then
    raise exception 'Unknown domains: %', unknown using errcode = '22023';
  end if;

  if kind in ('company', 'software') then
    insert into public.organizations (name, website, description)
    select distinct on (lower(i.organization_name)) i.organization_name, i.organization_website, i.organization_description
    from import_incoming i
    where i.organization_name is not null
    order by lower(i.organization_name), i.row_number
    on conflict (lower(name)) do nothing;
    get diagnostics organizations_created = row_count;
  end if;

  -- Authors: every name looked up at once, the missing ones created (first spelling in the file
  -- wins), then credited in the file's order. Other types have none.
  create temporary table import_authors on commit drop as
  select i.id as content_id, i.row_number, btrim(a.name) as full_name, lower(btrim(a.name)) as name_key,
         (a.ordinality - 1)::integer as order_index
  from import_incoming i,
       unnest(i.authors) with ordinality as a (name, ordinality)
  where kind = 'paper' and btrim(a.name) <> '';
  analyze import_authors (content_id, name_key);

  -- One id per distinct name: the oldest person of that name, or a new one.
  create temporary table import_person_ids on commit drop as
  with names as (
    select distinct on (ia.name_key) ia.name_key, ia.full_name
    from import_authors ia
    order by ia.name_key, ia.row_number, ia.order_index
  ), existing as (
    select distinct on (lower(p.full_name)) lower(p.full_name) as name_key, p.id
    from public.people p join names n on lower(p.full_name) = n.name_key
    order by lower(p.full_name), p.created_at, p.id
  ), created as (
    insert into public.people (id, full_name)
    select public.ordered_uuid(id_stamp, person_salt, row_number() over (order by n.name_key)), n.full_name
    from names n
    where not exists (select 1 from existing e where e.name_key = n.name_key)
    returning lower(full_name) as name_key, id
  )
  select e.name_key, e.id, false as created from existing e
  union all
  select c.name_key, c.id, true from created c;
  select count(*) filter (where pid.created) into people_created from import_person_ids pid;
  analyze import_person_ids (name_key);

  -- What the foreign-key checks would lock, locked once (rows created above are this
  -- transaction's own: nobody else can see, let alone delete, them).
  perform 1 from public.people p
  where p.id in (select pid.id from import_person_ids pid where not pid.created)
  for key share of p;
  perform 1 from public.scientific_domains d for key share of d;
  if kind in ('company', 'software') then
    perform 1 from public.organizations o
    where lower(o.name) in (select lower(i.organization_name) from import_incoming i)
    for key share of o;
  end if;

  begin
    perform set_config('session_replication_role', 'replica', true);
    without_row_triggers := true;
  exception when insufficient_privilege then
    without_row_triggers := false;
  end;

  -- Items, type rows and links in ONE statement.
  with org as (
    select i.id, o.id as organization_id
    from import_incoming i
    join public.organizations o on lower(o.name) = lower(i.organization_name)
    where kind in ('company', 'software')
  ), new_items as (
    insert into public.content_items (id, slug, title, description, short_description, content_type, url, status,
      year, tags, key_features, organization_id, published_at, search_vector, metadata)
    select i.id, s.slug, i.title, coalesce(i.description, i.abstract, ''), i.short_description, kind, i.url, 'published',
      -- the typed date's year (public.sync_item_year, which bulk mode leaves asleep)
      case kind
        when 'paper' then case when extract(year from i.publication_date) between 1800 and 2100
                               then extract(year from i.publication_date)::integer end
        when 'company' then i.founded_year
        else left(i.first_release, 4)::integer end,
      i.tags, i.key_features, org.organization_id, now(),
      public.item_search_vector(i.title, i.tags, i.short_description, coalesce(i.description, i.abstract, '')),
      -- the papers a tool or agent names, as the catalog's load keeps them, named by the import
      -- (docs/product.md#paper-to-cite): the software and agents triggers link them to the catalog's papers
      case when kind in ('software', 'agent') and cardinality(i.paper_dois) + cardinality(i.paper_arxiv_ids) > 0 then
        jsonb_strip_nulls(jsonb_build_object(
          'publication_dois', case when cardinality(i.paper_dois) > 0 then to_jsonb(i.paper_dois) end,
          'publication_arxiv_ids', case when cardinality(i.paper_arxiv_ids) > 0 then to_jsonb(i.paper_arxiv_ids) end,
          'publication_sources', jsonb_build_array('csv-import')))
      else '{}'::jsonb end
    from import_incoming i
    join import_slugs s on s.id = i.id
    left join org on org.id = i.id
    order by i.row_number
    returning id
  ), new_papers as (
    insert into public.papers (content_id, abstract, doi, arxiv_id, pubmed_id, journal_name, volume, issue, pages,
      publication_date, peer_reviewed, open_access, citation_count, keywords, research_goals, key_findings,
      methodology, limitations, future_work, authors_complete)
    select i.id, i.abstract, i.doi, i.arxiv_id, i.pubmed_id, i.journal_name, i.volume, i.issue, i.pages,
      i.publication_date, i.peer_reviewed, i.open_access, i.citation_count, i.keywords, i.research_goals,
      i.key_findings, i.methodology, i.limitations, i.future_work, i.authors_complete
    from import_incoming i
    where kind = 'paper'
  ), new_companies as (
    insert into public.companies (content_id, organization_id, business_model, moat, industry_focus, target_customers,
      traction_metrics, partnerships, awards_recognition, press_mentions, founded_year, funding_stage,
      funding_stage_as_of, funding_stage_source, employee_count, employee_count_as_of, employee_count_source,
      headquarters, headquarters_as_of, headquarters_source)
    select i.id, org.organization_id, i.business_model, i.moat, i.industry_focus, i.target_customers,
      i.traction_metrics, i.partnerships, i.awards_recognition, i.press_mentions, i.founded_year, i.funding_stage,
      i.funding_stage_as_of, i.funding_stage_source, i.employee_count, i.employee_count_as_of, i.employee_count_source,
      i.headquarters, i.headquarters_as_of, i.headquarters_source
    from import_incoming i
    left join org on org.id = i.id
    where kind = 'company'
  ), new_software as (
    -- open_source from the licence, as for agents below
    insert into public.software (content_id, pricing_model, github_url, api_available, license, programming_languages,
      first_release, open_source, weights_license, availability)
    select i.id, i.pricing_model, i.github_url, i.api_available, i.license, i.programming_languages, i.first_release,
      coalesce(public.license_status(i.license) = 'open_source', false), i.weights_license, i.availability
    from import_incoming i
    where kind = 'software'
  ), new_agents as (
    -- open_source from the licence, here too: bulk mode leaves derive_open_source asleep
    insert into public.agents (content_id, model_type, specialization, interaction_mode, capabilities, integration_options,
      license, first_release, open_source, weights_license, availability)
    select i.id, i.model_type, i.specialization, i.interaction_mode, i.capabilities, i.integration_options,
      i.license, i.first_release, coalesce(public.license_status(i.license) = 'open_source', false),
      i.weights_license, i.availability
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
    select distinct on (i.id, m.domain_id) i.id, m.domain_id, dom.ordinality = 1
    from import_incoming i,
         unnest(i.domains) with ordinality as dom (value, ordinality)
    join import_domain_ids m on m.value = dom.value
    order by i.id, m.domain_id, dom.ordinality
  )
  select count(*) into inserted from new_items;

  if without_row_triggers then
    perform set_config('session_replication_role', 'origin', true);
  end if;
  -- Imported items start with a trending score of 0, so record_trending_baselines (skipped in
  -- replica mode) would have recorded no baseline for them.

  -- Bulk mode off, then exactly what the statement triggers would have done, once for all new
  -- items: their browse index rows in one INSERT (whose own triggers update domain_item_counts
  -- and the facet counts), the catalog version bumped once, and their words in the vocabulary.
  perform set_config('sciai.bulk_load', '', true);
  delete from public.import_bulk_tokens t where t.token = bulk_token;
  perform public.refresh_content_search(array(select i.id from import_incoming i));
  -- The word pattern is tested once per distinct word: the planner would otherwise push the test
  -- below the DISTINCT, to every word of every row (its bounded repetition makes it a large
  -- automaton: seconds for the two million words of 100,000 papers).
  with distinct_words as materialized (
    select distinct w.word
    from import_incoming i, public.vocabulary_words(i.title, i.tags, i.short_description) as w (word))
  insert into public.search_vocabulary (word)
  select v.word from distinct_words v
  where public.is_vocabulary_word(v.word)
  on conflict (word) do nothing;

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
revoke execute on function public.commit_import(uuid) from public, anon;
grant execute on function public.commit_import(uuid) to authenticated, service_role;

-- Bulk import speed (docs/decisions/0013-csv-import.md). commit_import used to let the
-- catalog's statement triggers rebuild the browse index three times (after content_items, papers
-- and content_domains) and the vocabulary once, each over every new item. Now commit_import runs
-- in a transaction-local bulk mode in which those triggers return at once, and refreshes the
-- index, its counts, catalog_state and the vocabulary itself, once, for exactly the new items.
--
-- Who can switch bulk mode on: the flag is the GUC sciai.bulk_load, but the triggers honour it
-- only when its value is a token present in import_bulk_tokens. commit_import inserts that token
-- and deletes it again before it returns, in its own transaction, so the token row is never
-- committed: no other transaction can ever see it, and nobody can read or write the table through
-- the API (RLS on, no policy, no privileges). A caller setting the GUC by any means therefore
-- changes nothing: the triggers ignore it.
create table public.import_bulk_tokens (
  token text primary key
);
alter table public.import_bulk_tokens enable row level security;
revoke all on public.import_bulk_tokens from public, anon, authenticated, service_role;

-- True inside commit_import's bulk mode, and only there (see above). One index probe per
-- statement: only statement triggers ask.
create or replace function public.import_bulk_load_active() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.import_bulk_tokens t
    where t.token = nullif(current_setting('sciai.bulk_load', true), ''))
$$;
revoke execute on function public.import_bulk_load_active() from public, anon, authenticated;


-- 5. Time-ordered ids for imported rows, laid out as RFC 9562's UUIDv7: 48-bit Unix
--    milliseconds, version 7, 12 bits of a random batch salt, the variant, the row's ordinal
--    (46 bits) and 16 more bits of the salt. An import's rows then land side by side in every
--    index keyed by item or person id (five tables' primary keys and the link tables), instead of
--    on a random leaf page each. Ids stay unique: within a batch by the ordinal, across batches by
--    the millisecond and the 28-bit salt.
create or replace function public.ordered_uuid(stamp_ms bigint, salt bigint, ordinal bigint) returns uuid
language sql immutable parallel safe as $$
  select (pg_catalog.lpad(pg_catalog.to_hex(stamp_ms), 12, '0')
    operator(pg_catalog.||) '7' operator(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex((salt operator(pg_catalog.>>) 16) operator(pg_catalog.&) 4095), 3, '0')
    operator(pg_catalog.||) pg_catalog.to_hex(8 operator(pg_catalog.|) ((ordinal operator(pg_catalog.>>) 44) operator(pg_catalog.&) 3))
    operator(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex((ordinal operator(pg_catalog.>>) 32) operator(pg_catalog.&) 4095), 3, '0')
    operator(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(ordinal operator(pg_catalog.&) 4294967295), 8, '0')
    operator(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(salt operator(pg_catalog.&) 65535), 4, '0'))::uuid
$$;
revoke execute on function public.ordered_uuid(bigint, bigint, bigint) from public, anon, authenticated;
