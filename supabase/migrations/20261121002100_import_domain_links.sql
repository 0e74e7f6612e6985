-- The import's domain links by equality (bench/README.md, CSV import).
--
-- commit_import linked each staged row's domains by joining every (row, domain) pair to the
-- taxonomy on "slug = value or lower(name) = lower(value)", which no hash or index can answer: a
-- nested loop of 300,000 pairs × thirteen domains, lower-casing both sides each time, about 1.5 s
-- of a 100,000-paper commit on PostgreSQL. The distinct values (a few dozen) are now matched once
-- into a small working table, which also answers the unknown-domain check, and the links join it
-- by equality. Same links, same error. The rest of the function is as in 20261121001900.

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
         coalesce(nullif(r.slug, ''), kind) as base_slug,
         lower(nullif(btrim(r.doi), '')) as doi_key,
         r.description, coalesce(r.short_description, '') as short_description,
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

  -- Slugs: the title's, unless taken (by the catalog or an earlier row), then made unique. A
  -- narrow table of their own rather than an update, which would rewrite every working row.
  create temporary table import_slugs on commit drop as
  select s.id, case when s.rn = 1 and not s.taken then s.base_slug
                    else s.base_slug || '-' || left(md5(s.id::text), 8) end as slug
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
    select i.id, s.slug, i.title, coalesce(i.description, i.abstract, ''), i.short_description, kind, i.url, 'published',
      case when extract(year from i.publication_date) between 1800 and 2100 then extract(year from i.publication_date)::integer end,
      i.tags, org.organization_id, now(),
      public.item_search_vector(i.title, i.tags, i.short_description, coalesce(i.description, i.abstract, ''))
    from import_incoming i
    join import_slugs s on s.id = i.id
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
