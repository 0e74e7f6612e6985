-- A faster import commit (issue 6, docs/decisions/0017-import-commit-speed.md). Measured on a
-- 20,000-paper batch, the commit spent its time on: the content_items insert (a per-row trigger
-- computing the search vector, then fifteen indexes, eight of which nothing reads any more since
-- search, sorting and related items moved to the browse index), about 380,000 foreign-key
-- trigger calls (one per link row), the browse index rows, and tokenising every text a second
-- time for the vocabulary.

-- 1. Indexes nothing uses: the text and trigram search, every browse sort and the tag lookup
--    run on content_search (20261121001500_search_speed.sql). Each cost every insert, and the
--    popularity ones turned every view and save into a non-HOT update.
drop index public.content_items_search_idx;
drop index public.content_items_title_trgm_idx;
drop index public.content_items_trending_idx;
drop index public.content_items_recent_idx;
drop index public.content_items_saves_idx;
drop index public.content_items_views_idx;
drop index public.content_items_title_idx;
drop index public.content_items_tags_idx;

-- 2. The weighted document of an item, in one place: the row trigger and the bulk commit both
--    compute it here, so the two can never differ. A plain SQL function without a SET clause, so
--    that it is inlined where it is used (every name in it is schema-qualified instead), and
--    stable like array_to_string, for the same reason: PostgreSQL does not inline a function whose
--    body is more volatile than the function says it is.
create or replace function public.item_search_vector(
  title text, tags text[], short_description text, description text
) returns tsvector
language sql stable parallel safe as $$
  select pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, coalesce(title, '')), 'A')
    operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, pg_catalog.array_to_string(tags, ' ')), 'B')
    operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, coalesce(short_description, '')), 'C')
    operator(pg_catalog.||) pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, coalesce(description, '')), 'D')
$$;

create or replace function public.content_items_refresh_search_vector() returns trigger
language plpgsql as $$
begin
  new.search_vector := public.item_search_vector(new.title, new.tags, new.short_description, new.description);
  return new;
end $$;
revoke execute on function public.content_items_refresh_search_vector() from public, anon, authenticated;

-- The normalised-URL index (duplicate hints) evaluates this for every inserted item: without
-- its SET clause it is inlined there instead of run as a function call per row.
create or replace function public.normalize_url(url text) returns text
language sql immutable parallel safe as $$
  select nullif(pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.lower(pg_catalog.btrim(url)),
    '^https?://(www\.)?', ''), '/+$', ''), '')
$$;

-- 3. The vocabulary ('Did you mean …', typo correction) takes the words of titles, tags and short
--    descriptions: the words people search for. Tokenising every full description a second time
--    (unstemmed, for this list alone) was a quarter of an import's commit, and added mostly the
--    words no one searches by.
create or replace function public.vocabulary_words(title text, tags text[], short_description text) returns setof text
language sql stable parallel safe as $$
  select pg_catalog.unnest(pg_catalog.tsvector_to_array(pg_catalog.to_tsvector('pg_catalog.simple'::pg_catalog.regconfig,
    coalesce(title, '') operator(pg_catalog.||) ' ' operator(pg_catalog.||) pg_catalog.array_to_string(tags, ' ')
    operator(pg_catalog.||) ' ' operator(pg_catalog.||) coalesce(short_description, ''))))
$$;

-- Which of those words the vocabulary keeps. Tested once per distinct word, after the words of
-- all rows are merged: a regular expression per word per row cost more than the tokenising.
create or replace function public.is_vocabulary_word(word text) returns boolean
language sql immutable parallel safe as $$
  select word operator(pg_catalog.~) '^[a-z][a-z0-9-]{2,40}$'
$$;

create or replace function public.add_search_vocabulary() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.import_bulk_load_active() then
    return null;
  end if;
  insert into public.search_vocabulary (word)
  select v.word from (
    select distinct w.word
    from new_rows r, public.vocabulary_words(r.title, r.tags, r.short_description) as w (word)
    where r.status = 'published') v
  where public.is_vocabulary_word(v.word)
  on conflict (word) do nothing;
  return null;
end $$;

-- 4. Staging. Staged rows stay minutes and are never needed after a crash: no write-ahead log
--    for them. And chunks may arrive side by side (the pipeline sends a few at once, so parsing
--    the JSON of one overlaps writing another): each takes its number from a sequence and holds
--    the batch with a share lock, which lets other stagers in and keeps a commit waiting until
--    they are done.
alter table public.import_rows set unlogged;
create sequence public.import_rows_chunk_seq;
revoke all on sequence public.import_rows_chunk_seq from public, anon, authenticated;

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
    raise exception 'Import batch % not found', stage_import_rows.batch_id using errcode = 'P0002';
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

-- 6. The commit. As in 20261121001350_bulk_import_speed.sql (bulk mode for the statement
--    triggers), and now:
--    * the rows' typed fields are read out of the staged JSON once, into the working table;
--    * the search vector is computed in the insert itself, with the trigger's own function;
--    * the insert of items, type rows and links runs with session_replication_role = replica,
--      which skips row triggers and the foreign-key checks for that one statement. What the
--      checks would prove holds by construction (every id comes from a row this transaction
--      just inserted or looked up) and what they would lock is locked set-based first: the
--      existing people, organisations and domains the new rows point to, FOR KEY SHARE, as the
--      checks themselves do. The role switch needs the privilege to set that parameter, which
--      the owner of the migrations has on the embedded backend; where it is missing (a hosted
--      project that does not grant it) the statement simply runs with its triggers, unchanged.
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
  perform set_config('work_mem', '32MB', true);
  perform set_config('jit', 'off', true);

  drop table if exists pg_temp.import_incoming, pg_temp.import_authors, pg_temp.import_person_ids;
  -- Every staged row read out of its JSON once, by one typed jsonb_to_record (several times
  -- faster than a ->> per field and a subquery per list). Staged rows leave out a paper's
  -- description when it is its abstract, and tags when they are the keywords / industry focus /
  -- capabilities (core/src/import/write-import.ts): the originals stand in for them here.
  create temporary table import_incoming on commit drop as
  select public.ordered_uuid(id_stamp, item_salt, row_number() over (order by s.chunk_number, e.ordinality)) as id,
         coalesce(r.row_number, 0) as row_number, btrim(r.title) as title,
         coalesce(nullif(r.slug, ''), kind) as base_slug, null::text as slug,
         lower(nullif(btrim(r.doi), '')) as doi_key,
         coalesce(r.description, r.abstract, '') as description, coalesce(r.short_description, '') as short_description,
         coalesce(r.tags, case kind when 'paper' then r.keywords when 'company' then r.industry_focus else r.capabilities end,
           '{}') as tags,
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
         coalesce(r.capabilities, '{}') as capabilities, coalesce(r.integration_options, '{}') as integration_options
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
         model_type text, specialization text, interaction_mode text, capabilities text[], integration_options text[])
  where s.batch_id = batch.id and jsonb_typeof(e.value) = 'object';
  get diagnostics staged = row_count;
  -- Row counts and the join keys are what the plans below need; statistics of every wide text
  -- and list column cost more than the statements they would inform.
  analyze import_incoming (id, doi_key, base_slug);

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
                  else i.base_slug || '-' || left(md5(i.id::text), 8) end
  from s where s.id = i.id;

  -- Domains are slugs from core; names are accepted too. Unknown ones fail the whole batch.
  select string_agg(distinct dom.value, ', ') into unknown
  from import_incoming i, unnest(i.domains) as dom (value)
  where not exists (select 1 from public.scientific_domains d where d.slug = dom.value or lower(d.name) = lower(dom.value));
  if unknown is not null then
    raise exception 'Unknown domains: %', unknown using errcode = '22023';
  end if;

  if kind = 'company' then
    insert into public.organizations (name, website, description)
    select distinct on (lower(i.organization_name)) i.organization_name, i.organization_website, i.organization_description
    from import_incoming i
    where i.organization_name is not null
    order by lower(i.organization_name), i.row_number
    on conflict (lower(name)) do nothing;
    get diagnostics organizations_created = row_count;
  end if;

  -- Authors: every name looked up at once, the missing ones created (first spelling in the file
  -- wins), then credited in the file's order. Companies and agents have none.
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
  if kind = 'company' then
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
    where kind = 'company'
  ), new_items as (
    insert into public.content_items (id, slug, title, description, short_description, content_type, url, status,
      year, tags, organization_id, published_at, search_vector)
    select i.id, i.slug, i.title, i.description, i.short_description, kind, i.url, 'published',
      case when extract(year from i.publication_date) between 1800 and 2100 then extract(year from i.publication_date)::integer end,
      i.tags, org.organization_id, now(),
      public.item_search_vector(i.title, i.tags, i.short_description, i.description)
    from import_incoming i
    left join org on org.id = i.id
    order by i.row_number
    returning id
  ), new_papers as (
    insert into public.papers (content_id, abstract, doi, arxiv_id, pubmed_id, journal_name, volume, issue, pages,
      publication_date, peer_reviewed, open_access, citation_count, keywords, research_goals, key_findings,
      methodology, limitations, future_work)
    select i.id, i.abstract, i.doi, i.arxiv_id, i.pubmed_id, i.journal_name, i.volume, i.issue, i.pages,
      i.publication_date, i.peer_reviewed, i.open_access, i.citation_count, i.keywords, i.research_goals,
      i.key_findings, i.methodology, i.limitations, i.future_work
    from import_incoming i
    where kind = 'paper'
  ), new_companies as (
    insert into public.companies (content_id, organization_id, business_model, moat, industry_focus, target_customers,
      traction_metrics, partnerships, awards_recognition, press_mentions)
    select i.id, org.organization_id, i.business_model, i.moat, i.industry_focus, i.target_customers,
      i.traction_metrics, i.partnerships, i.awards_recognition, i.press_mentions
    from import_incoming i
    left join org on org.id = i.id
    where kind = 'company'
  ), new_agents as (
    insert into public.agents (content_id, model_type, specialization, interaction_mode, capabilities, integration_options)
    select i.id, i.model_type, i.specialization, i.interaction_mode, i.capabilities, i.integration_options
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
         unnest(i.domains) with ordinality as dom (value, ordinality)
    join public.scientific_domains d on d.slug = dom.value or lower(d.name) = lower(dom.value)
    order by i.id, d.id, dom.ordinality
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
  insert into public.search_vocabulary (word)
  select v.word from (
    select distinct w.word
    from import_incoming i, public.vocabulary_words(i.title, i.tags, i.short_description) as w (word)) v
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

-- The row trigger runs with the rights of whoever writes the item (staff, through the API).
revoke execute on function public.item_search_vector(text, text[], text, text) from public, anon;
grant execute on function public.item_search_vector(text, text[], text, text) to authenticated, service_role;
revoke execute on function public.vocabulary_words(text, text[], text) from public, anon, authenticated;
revoke execute on function public.is_vocabulary_word(text) from public, anon, authenticated;
revoke execute on function public.ordered_uuid(bigint, bigint, bigint) from public, anon, authenticated;
revoke execute on function public.add_search_vocabulary() from public, anon, authenticated;
revoke execute on function public.commit_import(uuid) from public, anon;
grant execute on function public.commit_import(uuid) to authenticated, service_role;
