-- Bulk import speed (issue 6, docs/decisions/0013-csv-import.md). commit_import used to let the
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

-- The statement triggers of 20261121000600_search_index.sql, with the bulk-mode exit first.
create or replace function public.refresh_search_from_items() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.import_bulk_load_active() then
    return null;
  end if;
  perform public.refresh_content_search(array(select id from new_rows));
  return null;
end $$;

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

create or replace function public.add_search_vocabulary() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.import_bulk_load_active() then
    return null;
  end if;
  insert into public.search_vocabulary (word)
  select distinct w.word
  from new_rows r,
       unnest(tsvector_to_array(to_tsvector('pg_catalog.simple',
         r.title || ' ' || array_to_string(r.tags, ' ') || ' ' || r.short_description || ' ' || r.description))) as w (word)
  where r.status = 'published' and w.word ~ '^[a-z][a-z0-9-]{2,40}$'
  on conflict (word) do nothing;
  return null;
end $$;

-- Computed for every inserted or edited item, so it runs once per imported row: the same
-- vector as before, but without a SET clause (which costs a configuration save and restore per
-- call) and with every function and operator schema-qualified instead, so that a caller's
-- search_path cannot change what it computes.
create or replace function public.content_items_refresh_search_vector() returns trigger
language plpgsql as $$
begin
  new.search_vector := pg_catalog.tsvector_concat(pg_catalog.tsvector_concat(pg_catalog.tsvector_concat(
    pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, coalesce(new.title, '')), 'A'),
    pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, pg_catalog.array_to_string(new.tags, ' ')), 'B')),
    pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, coalesce(new.short_description, '')), 'C')),
    pg_catalog.setweight(pg_catalog.to_tsvector('pg_catalog.english'::pg_catalog.regconfig, coalesce(new.description, '')), 'D'));
  return new;
end $$;
revoke execute on function public.content_items_refresh_search_vector() from public, anon, authenticated;

-- As in 20261121001300_csv_import.sql, in bulk mode (the changes are commented where they
-- are; the text-array helper is written out inline: with its SET clause it could not be inlined
-- and cost a function call per list cell column and row).
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
begin
  perform public.import_assert_allowed();
  batch := public.import_own_batch(commit_import.batch_id);
  kind := batch.content_type;

  -- Bulk mode for this transaction only: the catalog's statement triggers leave the browse
  -- index and the vocabulary alone; they are brought up to date set-based at the end.
  insert into public.import_bulk_tokens (token) values (bulk_token);
  perform set_config('sciai.bulk_load', bulk_token, true);
  -- The sorts and hashes over every staged row stay in memory instead of spilling to disk; and
  -- no JIT: its estimated costs make PostgreSQL compile (and optimise) each statement, for longer
  -- than the statement then runs.
  perform set_config('work_mem', '32MB', true);
  perform set_config('jit', 'off', true);

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

  -- Items, type rows and links in ONE statement (foreign keys are checked at its end, when the
  -- items are there). In bulk mode the index triggers skip; the index is refreshed below.
  with org as (
    select i.id, o.id as organization_id
    from import_incoming i
    join public.organizations o on lower(o.name) = lower(btrim(i.data ->> 'organization_name'))
    where kind = 'company'
  ), new_items as (
    insert into public.content_items (id, slug, title, description, short_description, content_type, url, status,
      year, tags, organization_id, published_at)
    -- Staged rows leave out a paper's description when it is its abstract, and tags when they
    -- are the keywords / industry focus / capabilities (core/src/import/write-import.ts).
    select i.id, i.slug, i.title, coalesce(i.data ->> 'description', i.data ->> 'abstract', ''), coalesce(i.data ->> 'short_description', ''),
      kind, nullif(i.data ->> 'url', ''), 'published',
      case when extract(year from (i.data ->> 'publication_date')::date) between 1800 and 2100
           then extract(year from (i.data ->> 'publication_date')::date)::integer end,
      array(select jsonb_array_elements_text(coalesce(i.data -> 'tags',
        i.data -> case kind when 'paper' then 'keywords' when 'company' then 'industry_focus' else 'capabilities' end, '[]'))),
      org.organization_id, now()
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
      array(select jsonb_array_elements_text(coalesce(i.data -> 'keywords', '[]'))), array(select jsonb_array_elements_text(coalesce(i.data -> 'research_goals', '[]'))),
      array(select jsonb_array_elements_text(coalesce(i.data -> 'key_findings', '[]'))),
      i.data ->> 'methodology', i.data ->> 'limitations', i.data ->> 'future_work'
    from import_incoming i
    where kind = 'paper'
  ), new_companies as (
    insert into public.companies (content_id, organization_id, business_model, moat, industry_focus, target_customers,
      traction_metrics, partnerships, awards_recognition, press_mentions)
    select i.id, org.organization_id, i.data ->> 'business_model', i.data ->> 'moat',
      array(select jsonb_array_elements_text(coalesce(i.data -> 'industry_focus', '[]'))), array(select jsonb_array_elements_text(coalesce(i.data -> 'target_customers', '[]'))),
      coalesce(i.data -> 'traction_metrics', '{}'), array(select jsonb_array_elements_text(coalesce(i.data -> 'partnerships', '[]'))),
      array(select jsonb_array_elements_text(coalesce(i.data -> 'awards_recognition', '[]'))), array(select jsonb_array_elements_text(coalesce(i.data -> 'press_mentions', '[]')))
    from import_incoming i
    left join org on org.id = i.id
    where kind = 'company'
  ), new_agents as (
    insert into public.agents (content_id, model_type, specialization, interaction_mode, capabilities, integration_options)
    select i.id, i.data ->> 'model_type', i.data ->> 'specialization', nullif(i.data ->> 'interaction_mode', ''),
      array(select jsonb_array_elements_text(coalesce(i.data -> 'capabilities', '[]'))), array(select jsonb_array_elements_text(coalesce(i.data -> 'integration_options', '[]')))
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

  -- Bulk mode off, then exactly what the triggers would have done, once for all new items:
  -- refresh_content_search writes their browse index rows in one INSERT (whose own statement
  -- triggers update domain_item_counts and the facet counts) and bumps catalog_state once; the
  -- vocabulary takes their words in one INSERT … ON CONFLICT DO NOTHING.
  perform set_config('sciai.bulk_load', '', true);
  delete from public.import_bulk_tokens t where t.token = bulk_token;
  perform public.refresh_content_search(array(select i.id from import_incoming i));
  -- add_search_vocabulary's words, with the pattern tested once per distinct word.
  insert into public.search_vocabulary (word)
  select v.word from (
    select distinct w.word
    from import_incoming i join public.content_items r on r.id = i.id,
         unnest(tsvector_to_array(to_tsvector('pg_catalog.simple',
           r.title || ' ' || array_to_string(r.tags, ' ') || ' ' || r.short_description || ' ' || r.description))) as w (word)
    where r.status = 'published') v
  where v.word ~ '^[a-z][a-z0-9-]{2,40}$'
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

revoke execute on function public.import_bulk_load_active() from public, anon, authenticated;
revoke execute on function public.refresh_search_from_items() from public, anon, authenticated;
revoke execute on function public.refresh_search_from_details() from public, anon, authenticated;
revoke execute on function public.add_search_vocabulary() from public, anon, authenticated;
revoke execute on function public.commit_import(uuid) from public, anon;
grant execute on function public.commit_import(uuid) to authenticated, service_role;
