-- Harvesting items from authoritative sources (`sciai harvest`, docs/decisions/0043-harvest.md).
-- core maps each source's records to items and validates them; commit_harvest_page writes one
-- page of them in one transaction together with the run's cursor and counts, so a run killed
-- between pages resumes from its last committed page and never writes an item twice. Items are
-- matched to the catalog by stable identifiers (external_ids), and an item that matches fills
-- only its missing fields and adds identifiers. Every item, new or matched, keeps the live record
-- it came from (item_sources, 16_catalog_sources.sql), dated by its last fetch. Its text is the
-- source's own only where the source's licence allows copying, else composed from its facts
-- (docs/product.md#harvested-prose).

-- Stable identifiers of items in other systems: one item per (scheme, value).
create table public.external_ids (
  content_id uuid not null references public.content_items (id) on delete cascade,
  scheme text not null check (scheme in ('doi', 'arxiv', 'openalex', 'github', 'github_id', 'huggingface', 'biotools',
    'url')),
  -- Normalised by core: DOIs, GitHub and Hugging Face names lower-cased, arXiv ids without version.
  -- github_id is GitHub's numeric repository id, which a rename keeps (the name then answers 301).
  value text not null check (char_length(value) between 1 and 500),
  created_at timestamptz not null default now(),
  primary key (scheme, value)
);
grant all on public.external_ids to authenticated;
alter table public.external_ids enable row level security;
create index external_ids_content_idx on public.external_ids (content_id);
revoke all on public.external_ids from anon;
revoke insert, update, delete, truncate, references, trigger on public.external_ids from authenticated;

create policy "identifiers of published items are public" on public.external_ids for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
         or (select public.is_staff()));

-- Items linked to each other, as a source links them: a bio.tools entry's publications are
-- papers of the catalog ('publication': content_id is the tool, related_id the paper). Written
-- only by commit_harvest_page and by the triggers below; readable where both items are
-- published, and by staff. The source is the harvest's, or the catalog source (catalog_sources)
-- whose records name the paper.
create table public.item_relations (
  content_id uuid not null references public.content_items (id) on delete cascade,
  related_id uuid not null references public.content_items (id) on delete cascade,
  relation text not null check (relation in ('publication')),
  source text not null check (source ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(source) <= 60),
  created_at timestamptz not null default now(),
  primary key (content_id, related_id, relation),
  check (content_id <> related_id)
);
alter table public.item_relations enable row level security;
create index item_relations_related_idx on public.item_relations (related_id);
revoke all on public.item_relations from anon, authenticated;
grant select on public.item_relations to anon, authenticated;
create policy "relations between published items are public" on public.item_relations for select
  using ((exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
          and exists (select 1 from public.content_items ci where ci.id = related_id and ci.status = 'published'))
         or (select public.is_staff()));

-- A tool names its publications by DOI (metadata.publication_dois); a paper harvested later is
-- linked to the tools that name it through this index.
create index content_items_publication_dois_idx on public.content_items
  using gin ((metadata -> 'publication_dois')) where metadata ? 'publication_dois';
create index content_items_publication_arxiv_ids_idx on public.content_items
  using gin ((metadata -> 'publication_arxiv_ids')) where metadata ? 'publication_arxiv_ids';

-- A tool or agent names the papers to cite for it (docs/product.md#paper-to-cite): DOIs in
-- metadata.publication_dois, arXiv ids in metadata.publication_arxiv_ids, and the sources whose
-- records name them in metadata.publication_sources. Whichever way the two items arrive (the
-- catalog's load, in chunks, an import, an approved contribution), the one written second is
-- linked to the other here, with that source; a tool whose papers no source names is not linked.
-- Statement triggers over the new rows, so a bulk load links in one join per table.
create or replace function public.link_new_tools_to_named_papers() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.item_relations (content_id, related_id, relation, source)
  select distinct on (l.tool, l.paper) l.tool, l.paper, 'publication', l.source
  from (
    select ci.id as tool, p.content_id as paper, ci.metadata -> 'publication_sources' ->> 0 as source
    from new_rows n
    join public.content_items ci on ci.id = n.content_id and ci.metadata ? 'publication_dois'
    cross join lateral jsonb_array_elements_text(case when jsonb_typeof(ci.metadata -> 'publication_dois') = 'array'
                                                      then ci.metadata -> 'publication_dois' else '[]' end) as d (value)
    join public.papers p on lower(p.doi) = lower(btrim(d.value))
    union all
    select ci.id, p.content_id, ci.metadata -> 'publication_sources' ->> 0
    from new_rows n
    join public.content_items ci on ci.id = n.content_id and ci.metadata ? 'publication_arxiv_ids'
    cross join lateral jsonb_array_elements_text(case when jsonb_typeof(ci.metadata -> 'publication_arxiv_ids') = 'array'
                                                      then ci.metadata -> 'publication_arxiv_ids' else '[]' end) as a (value)
    join public.papers p on p.arxiv_id = btrim(a.value)
  ) l
  where l.tool <> l.paper and l.source ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(l.source) <= 60
  order by l.tool, l.paper
  on conflict do nothing;
  return null;
end $$;
revoke execute on function public.link_new_tools_to_named_papers() from public, anon, authenticated;

create or replace function public.link_new_papers_to_naming_tools() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.item_relations (content_id, related_id, relation, source)
  select distinct on (l.tool, l.paper) l.tool, l.paper, 'publication', l.source
  from (
    -- (each new paper probes the GIN indexes above, not a scan of the catalog)
    select ci.id as tool, n.content_id as paper, ci.metadata -> 'publication_sources' ->> 0 as source
    from new_rows n
    join public.content_items ci on ci.metadata ? 'publication_dois'
      and ci.metadata -> 'publication_dois' ? lower(n.doi)
    where n.doi is not null
    union all
    select ci.id, n.content_id, ci.metadata -> 'publication_sources' ->> 0
    from new_rows n
    join public.content_items ci on ci.metadata ? 'publication_arxiv_ids'
      and ci.metadata -> 'publication_arxiv_ids' ? n.arxiv_id
    where n.arxiv_id is not null
  ) l
  join public.content_items tool on tool.id = l.tool and tool.content_type in ('software', 'agent')
  where l.tool <> l.paper and l.source ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(l.source) <= 60
  order by l.tool, l.paper
  on conflict do nothing;
  return null;
end $$;
revoke execute on function public.link_new_papers_to_naming_tools() from public, anon, authenticated;

create trigger software_link_named_papers after insert on public.software
  referencing new table as new_rows for each statement execute function public.link_new_tools_to_named_papers();
create trigger agents_link_named_papers after insert on public.agents
  referencing new table as new_rows for each statement execute function public.link_new_tools_to_named_papers();
create trigger papers_link_naming_tools after insert on public.papers
  referencing new table as new_rows for each statement execute function public.link_new_papers_to_naming_tools();
-- Also while an import or a harvest writes with row triggers off (session_replication_role
-- replica): a paper imported from a CSV file is linked to the tools naming it all the same.
alter table public.software enable always trigger software_link_named_papers;
alter table public.agents enable always trigger agents_link_named_papers;
alter table public.papers enable always trigger papers_link_naming_tools;

-- Catalog items from before external_ids are matched by a paper's arXiv id or software's GitHub
-- URL (harvest_matches): indexed, so a page's match is a few probes, not a scan of the catalog.
create index papers_arxiv_id_idx on public.papers (arxiv_id) where arxiv_id is not null;
create index software_github_repo_idx on public.software (lower(rtrim(github_url, '/')));

-- One row per harvest: what was asked, how far it got, what it did. A run that failed or was
-- killed keeps status 'running' or 'failed' and its cursor; the same harvest asked again by the
-- same caller continues it.
create table public.harvest_runs (
  id uuid primary key default gen_random_uuid(),
  source text not null check (source in ('openalex', 'arxiv', 'crossref', 'github', 'huggingface', 'biotools')),
  query jsonb not null default '{}' check (jsonb_typeof(query) = 'object' and pg_column_size(query) <= 8192),
  publish boolean not null default false,
  cursor text check (char_length(cursor) <= 2000),
  status text not null default 'running' check (status in ('running', 'failed', 'completed')),
  pages integer not null default 0 check (pages >= 0),
  added integer not null default 0 check (added >= 0),
  updated integer not null default 0 check (updated >= 0),
  skipped integer not null default 0 check (skipped >= 0),
  errors jsonb not null default '[]' check (jsonb_typeof(errors) = 'array'),
  -- the staff member who ran it; null for the service role (the CLI on the server)
  created_by uuid references auth.users (id) on delete set null,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
grant all on public.harvest_runs to authenticated;
alter table public.harvest_runs enable row level security;
create index harvest_runs_resume_idx on public.harvest_runs (source, created_by, started_at desc)
  where status <> 'completed';
revoke all on public.harvest_runs from anon;
revoke insert, update, delete, truncate, references, trigger on public.harvest_runs from authenticated;

create policy "staff read harvest runs" on public.harvest_runs for select to authenticated
  using ((select public.is_staff()));

-- Moderators and admins may harvest into the moderation queue; publishing at once is for admins.
create or replace function public.harvest_assert_allowed(publish boolean) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if coalesce(auth.role(), '') = 'service_role' then
    return;
  end if;
  if publish and not coalesce(public.is_admin(), false) then
    raise exception 'Only administrators may publish harvested items' using errcode = '42501';
  end if;
  if not coalesce(public.is_staff(), false) then
    raise exception 'Only moderators and administrators may harvest' using errcode = '42501';
  end if;
end $$;
revoke execute on function public.harvest_assert_allowed(boolean) from public, anon, authenticated;

-- Starts a run, or returns the caller's unfinished run of the same source and query (resume).
create or replace function public.begin_harvest(source text, query jsonb, publish boolean default false)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  run public.harvest_runs;
begin
  perform public.harvest_assert_allowed(coalesce(begin_harvest.publish, false));
  select * into run from public.harvest_runs r
  where r.source = begin_harvest.source and r.query = coalesce(begin_harvest.query, '{}')
    and r.publish = coalesce(begin_harvest.publish, false)
    and r.created_by is not distinct from auth.uid() and r.status <> 'completed'
  order by r.started_at desc limit 1
  for update;
  if found then
    update public.harvest_runs r set status = 'running' where r.id = run.id;
    return jsonb_build_object('run_id', run.id, 'cursor', run.cursor, 'resumed', true,
      'added', run.added, 'updated', run.updated, 'skipped', run.skipped, 'pages', run.pages);
  end if;
  insert into public.harvest_runs (source, query, publish, created_by)
  values (begin_harvest.source, coalesce(begin_harvest.query, '{}'), coalesce(begin_harvest.publish, false), auth.uid())
  returning * into run;
  return jsonb_build_object('run_id', run.id, 'cursor', null, 'resumed', false,
    'added', 0, 'updated', 0, 'skipped', 0, 'pages', 0);
end $$;
revoke execute on function public.begin_harvest(text, jsonb, boolean) from public, anon;
grant execute on function public.begin_harvest(text, jsonb, boolean) to authenticated, service_role;

-- The caller's run, locked.
create or replace function public.harvest_own_run(_run_id uuid) returns public.harvest_runs
language plpgsql volatile security definer set search_path = '' as $$
declare
  run public.harvest_runs;
begin
  select * into run from public.harvest_runs r
  where r.id = _run_id and r.created_by is not distinct from auth.uid()
  for update;
  if not found then
    raise exception 'Harvest run % not found', _run_id using errcode = 'PT404';
  end if;
  return run;
end $$;
revoke execute on function public.harvest_own_run(uuid) from public, anon, authenticated;

-- Records a failure: the run keeps its cursor, so the next run of the same harvest resumes.
create or replace function public.fail_harvest(run_id uuid, error text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  run public.harvest_runs := public.harvest_own_run(fail_harvest.run_id);
begin
  perform public.harvest_assert_allowed(run.publish);
  update public.harvest_runs r
  set status = 'failed', finished_at = now(),
      errors = case when jsonb_array_length(r.errors) < 200
        then r.errors || jsonb_build_array(jsonb_build_object('at', now(), 'message', left(coalesce(error, ''), 2000)))
        else r.errors end
  where r.id = run.id;
end $$;
revoke execute on function public.fail_harvest(uuid, text) from public, anon;
grant execute on function public.fail_harvest(uuid, text) to authenticated, service_role;

-- Incoming items (core's HarvestItem as JSON) matched to catalog items: by external identifier,
-- and for items older than external_ids by a paper's DOI or arXiv id, or software's GitHub URL.
-- One row per incoming item that matches, the earliest matching item when several do.
create or replace function public.harvest_matches(items jsonb) returns table (ordinal bigint, content_id uuid)
language sql stable security definer set search_path = '' as $$
  with ids as (
    select e.ordinality as ordinal, lower(btrim(i ->> 'scheme')) as scheme, btrim(i ->> 'value') as value
    from jsonb_array_elements(items) with ordinality as e (item, ordinality),
         jsonb_array_elements(case when jsonb_typeof(e.item -> 'ids') = 'array' then e.item -> 'ids' else '[]' end) as i
    where jsonb_typeof(i) = 'object'
  ), found as (
    -- a probe of the key per identifier (lateral, limited: the key is unique), never a scan of
    -- every identifier the catalog holds, which grows with each page harvested
    select ids.ordinal, x.content_id from ids
    cross join lateral (select x.content_id from public.external_ids x where x.scheme = ids.scheme and x.value = ids.value
                        limit 1) x
    union all
    select ids.ordinal, p.content_id from ids join public.papers p on lower(p.doi) = lower(ids.value)
    where ids.scheme = 'doi'
    union all
    select ids.ordinal, p.content_id from ids join public.papers p on p.arxiv_id = ids.value
    where ids.scheme = 'arxiv'
    union all
    select ids.ordinal, s.content_id from ids
    join public.software s on lower(rtrim(s.github_url, '/')) = 'https://github.com/' || lower(ids.value)
    where ids.scheme = 'github'
  )
  select distinct on (f.ordinal) f.ordinal, f.content_id
  from found f join public.content_items ci on ci.id = f.content_id
  order by f.ordinal, ci.created_at, ci.id
$$;
revoke execute on function public.harvest_matches(jsonb) from public, anon, authenticated;

-- What a page would do, for --dry-run: the ordinals (1-based) of the items that match the catalog.
create or replace function public.preview_harvest_page(items jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.harvest_assert_allowed(false);
  if jsonb_typeof(items) <> 'array' then
    raise exception 'items must be a JSON array' using errcode = '22023';
  end if;
  return coalesce((select jsonb_agg(jsonb_build_object('ordinal', m.ordinal, 'content_id', m.content_id))
                   from public.harvest_matches(items) m), '[]');
end $$;
revoke execute on function public.preview_harvest_page(jsonb) from public, anon;
grant execute on function public.preview_harvest_page(jsonb) to authenticated, service_role;

-- One page of a run in one transaction: new items inserted (pending, or published for a
-- publishing run), matched items given their missing fields and identifiers, and the run's
-- cursor and counts moved on. Items are distinct within a page (core merges repeats). `refused`
-- lists the page's records core would not take (no title, withdrawn), counted as skipped.
create or replace function public.commit_harvest_page(run_id uuid, items jsonb, next_cursor text, finished boolean,
  refused jsonb default '[]')
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  run public.harvest_runs := public.harvest_own_run(commit_harvest_page.run_id);
  item_status text;
  added_count integer := 0;
  updated_count integer := 0;
  matched_count integer := 0;
  refused_count integer := case when jsonb_typeof(refused) = 'array' then jsonb_array_length(refused) else 0 end;
  unknown text;
  id_stamp bigint := (extract(epoch from clock_timestamp()) * 1000)::bigint;
  item_salt bigint := floor(random() * 268435456)::bigint;
  person_salt bigint := floor(random() * 268435456)::bigint;
  bulk_token text := gen_random_uuid()::text;
  touched uuid[];
  without_row_triggers boolean := false;
  live_source text;
  live_source_name text;
  live_copies boolean;
begin
  perform public.harvest_assert_allowed(run.publish);
  if run.status = 'completed' then
    raise exception 'Harvest run % is already complete', run.id using errcode = '55000';
  end if;
  if jsonb_typeof(items) <> 'array' then
    raise exception 'items must be a JSON array' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(items) as e (value) where jsonb_typeof(e.value) <> 'object') then
    raise exception 'Each harvested item must be a JSON object' using errcode = '22023';
  end if;
  item_status := case when run.publish then 'published' else 'pending' end;
  -- the matched items' versions are this harvest's (22_item_versions.sql)
  perform set_config('sciai.change_actor', 'harvest:' || run.source, true);
  -- The catalog's statement triggers would refresh the browse index after each of the inserts
  -- below; in commit_import's bulk mode (09_import.sql) they wait, and the page's items are
  -- refreshed once at the end.
  insert into public.import_bulk_tokens (token) values (bulk_token);
  perform set_config('sciai.bulk_load', bulk_token, true);

  drop table if exists pg_temp.harvest_incoming, pg_temp.harvest_authors, pg_temp.harvest_person_ids,
    pg_temp.harvest_publications;
  create temporary table harvest_incoming on commit drop as
  select e.ordinality as ordinal, m.content_id as match_id,
         coalesce(m.content_id, public.ordered_uuid(id_stamp, item_salt, e.ordinality)) as id,
         r.content_type, btrim(r.title) as title, coalesce(r.description, '') as description,
         coalesce(r.short_description, '') as short_description, nullif(r.url, '') as url, r.year,
         coalesce(r.tags, '{}') as tags, coalesce(r.domains, '{}') as domains, coalesce(r.authors, '{}') as authors,
         coalesce(r.metadata, '{}') as metadata, coalesce(r.ids, '[]') as ids,
         pg_catalog.rtrim(left(coalesce(nullif(r.slug, ''), r.content_type), 100), '-') as base_slug,
         r.paper, r.software, r.records
  from jsonb_array_elements(items) with ordinality as e (value, ordinality)
  cross join lateral jsonb_to_record(e.value) as r (
    content_type text, title text, description text, short_description text, url text, year integer, tags text[],
    domains text[], authors text[], metadata jsonb, ids jsonb, slug text, paper jsonb, software jsonb, records jsonb)
  left join public.harvest_matches(items) m on m.ordinal = e.ordinality
  where jsonb_typeof(e.value) = 'object';

  if exists (select 1 from harvest_incoming i where i.content_type not in ('paper', 'software')) then
    raise exception 'Harvested items are papers or software' using errcode = '22023';
  end if;
  select string_agg(distinct d.value, ', ') into unknown
  from harvest_incoming i, unnest(i.domains) as d (value)
  where not exists (select 1 from public.scientific_domains sd where sd.slug = d.value);
  if unknown is not null then
    raise exception 'Unknown domains: %', unknown using errcode = '22023';
  end if;

  -- The live records the items came from (docs/product.md#sources): each an id and an https URL,
  -- under the live source of this harvest (catalog_sources.harvest_source). Written once the new
  -- items exist, below; kept here because matched items leave harvest_incoming first.
  drop table if exists pg_temp.harvest_records;
  create temporary table harvest_records on commit drop as
  select distinct on (i.id, btrim(x.id)) i.id as content_id, btrim(x.id) as record_id, btrim(x.url) as record_url
  from harvest_incoming i,
       jsonb_to_recordset(case when jsonb_typeof(i.records) = 'array' then i.records else '[]' end)
         as x (id text, url text)
  order by i.id, btrim(x.id), i.ordinal;
  if exists (select 1 from harvest_records r
             where coalesce(char_length(r.record_id), 0) not between 1 and 300
               or coalesce(r.record_url, '') !~ '^https://\S+$' or char_length(r.record_url) > 2000) then
    raise exception 'Each harvested record needs an id (at most 300 characters) and an https URL (at most 2000)'
      using errcode = '22023';
  end if;
  select s.id, s.name, s.copies_descriptions into live_source, live_source_name, live_copies
  from public.catalog_sources s where s.harvest_source = run.source;
  if live_source is null and exists (select 1 from harvest_records) then
    raise exception 'No catalog source is the live source of harvest source %', run.source using errcode = 'PT404';
  end if;

  -- Prose only where the source's licence allows it (docs/product.md#sources): an item's text is
  -- the source's own, credited to this harvest's live source, only when that source's
  -- descriptions may be copied; otherwise SciAI composed it from the record's facts, and it has
  -- no abstract (an abstract is always the source's words). core marks which
  -- (metadata.description_origin, core/src/sources/source-prose.ts); a page that claims otherwise
  -- is refused whole.
  if exists (
    select 1 from harvest_incoming i
    where (i.description <> '' or i.short_description <> '' or coalesce(i.paper ->> 'abstract', '') <> ''
           or i.metadata ? 'description_origin')
      -- (is not distinct from: a missing origin is a refusal, not an unknown)
      and not ((i.metadata -> 'description_origin' is not distinct from '{"kind": "composed from facts"}'::jsonb
                and coalesce(i.paper ->> 'abstract', '') = '')
               or (coalesce(live_copies, false) and i.metadata -> 'description_origin'
                   is not distinct from jsonb_build_object('kind', 'source', 'source', live_source))))
  then
    if coalesce(live_copies, false) then
      raise exception 'A harvested description is either copied from % (description_origin {"kind": "source", "source": "%"}) or composed from facts, without an abstract',
        live_source_name, live_source using errcode = '22023';
    end if;
    raise exception 'Descriptions from % may not be copied (its licence does not allow it): send one composed from facts (description_origin {"kind": "composed from facts"}), without an abstract',
      coalesce(live_source_name, run.source) using errcode = '22023';
  end if;

  -- Matched items: fill what is missing, never overwrite what the catalog has, except that a
  -- source's own words, copied under its licence, take the place of a summary SciAI composed
  -- (and never the other way round). An item's description, short text and their origin move
  -- together. (Skipped when nothing matched: the planner, which knows nothing of the working
  -- table, would otherwise scan every item and paper of the catalog for each page of a new run.)
  select count(*) into matched_count from harvest_incoming i where i.match_id is not null;
  if matched_count > 0 then
  with prose as (
    select i.ordinal, i.description <> '' and (ci.description = ''
             or (i.metadata -> 'description_origin' ->> 'kind' = 'source'
                 and ci.metadata -> 'description_origin' ->> 'kind' = 'composed from facts')) as replaced
    from harvest_incoming i join public.content_items ci on ci.id = i.match_id
  ), filled as (
    update public.content_items ci set
      description = case when p.replaced then i.description else ci.description end,
      short_description = case when p.replaced or ci.short_description = '' then i.short_description
                          else ci.short_description end,
      metadata = case when not p.replaced then ci.metadata
                      when i.metadata ? 'description_origin'
                      then ci.metadata || jsonb_build_object('description_origin', i.metadata -> 'description_origin')
                      else ci.metadata - 'description_origin' end,
      url = coalesce(ci.url, i.url),
      year = coalesce(ci.year, i.year),
      tags = case when cardinality(ci.tags) = 0 then i.tags else ci.tags end
    from harvest_incoming i join prose p on p.ordinal = i.ordinal
    where i.match_id = ci.id
      and (p.replaced or (ci.short_description = '' and i.short_description <> '')
        or (ci.url is null and i.url is not null) or (ci.year is null and i.year is not null)
        or (cardinality(ci.tags) = 0 and cardinality(i.tags) > 0))
    returning ci.id
  ), papers_filled as (
    update public.papers p set
      abstract = coalesce(nullif(p.abstract, ''), i.paper ->> 'abstract'),
      doi = coalesce(p.doi, case when not exists (
        select 1 from public.papers other where lower(other.doi) = lower(i.paper ->> 'doi')) then i.paper ->> 'doi' end),
      arxiv_id = coalesce(p.arxiv_id, i.paper ->> 'arxiv_id'),
      journal_name = coalesce(p.journal_name, i.paper ->> 'journal_name'),
      publication_date = coalesce(p.publication_date, (i.paper ->> 'publication_date')::date),
      open_access = p.open_access or coalesce((i.paper ->> 'open_access')::boolean, false),
      citation_count = greatest(p.citation_count, coalesce((i.paper ->> 'citation_count')::integer, 0))
    from harvest_incoming i
    where i.match_id = p.content_id and i.paper is not null
      and ((coalesce(p.abstract, '') = '' and coalesce(i.paper ->> 'abstract', '') <> '')
        or (p.doi is null and i.paper ->> 'doi' is not null) or (p.arxiv_id is null and i.paper ->> 'arxiv_id' is not null)
        or (p.journal_name is null and i.paper ->> 'journal_name' is not null)
        or (p.publication_date is null and i.paper ->> 'publication_date' is not null)
        or (not p.open_access and coalesce((i.paper ->> 'open_access')::boolean, false))
        or p.citation_count < coalesce((i.paper ->> 'citation_count')::integer, 0))
    returning p.content_id
  ), software_filled as (
    -- A repository known by its numeric id under another name was renamed: its URL follows.
    update public.software s set
      github_url = case when i.renamed then i.software ->> 'github_url' else coalesce(s.github_url, i.software ->> 'github_url') end,
      license = coalesce(s.license, i.software ->> 'license'),
      programming_languages = case when cardinality(s.programming_languages) = 0
        then public.import_text_array(i.software -> 'programming_languages') else s.programming_languages end,
      github_stars = coalesce((i.software ->> 'github_stars')::integer, s.github_stars),
      -- open_source is not sent: the licence's trigger derives it (docs/product.md#facts)
      first_release = coalesce(s.first_release, case when public.is_partial_date(i.software ->> 'first_release')
        then i.software ->> 'first_release' end)
    from (select i.*, i.software ->> 'github_url' is not null and exists (
            select 1 from public.external_ids x, jsonb_array_elements(i.ids) y
            where x.content_id = i.match_id and x.scheme = 'github_id' and y ->> 'scheme' = 'github_id'
              and x.value = btrim(y ->> 'value')) as renamed
          from harvest_incoming i) i
    where i.match_id = s.content_id and i.software is not null
      and ((s.github_url is null and i.software ->> 'github_url' is not null)
        or (i.renamed and s.github_url is distinct from i.software ->> 'github_url')
        or (s.license is null and i.software ->> 'license' is not null)
        or (cardinality(s.programming_languages) = 0 and jsonb_array_length(coalesce(i.software -> 'programming_languages', '[]')) > 0)
        or s.github_stars is distinct from coalesce((i.software ->> 'github_stars')::integer, s.github_stars)
        or (s.first_release is null and public.is_partial_date(i.software ->> 'first_release')))
    returning s.content_id
  ), identified as (
    insert into public.external_ids (content_id, scheme, value)
    select distinct on (lower(x ->> 'scheme'), btrim(x ->> 'value')) i.id, lower(x ->> 'scheme'), btrim(x ->> 'value')
    from harvest_incoming i, jsonb_array_elements(i.ids) as x
    where i.match_id is not null
    on conflict (scheme, value) do nothing
    returning content_id
  )
  select count(distinct c.id) into updated_count
  from (select id from filled union all select content_id from papers_filled
        union all select content_id from software_filled union all select content_id from identified) c;
  end if;

  -- The DOIs of the publications the page's items name (bio.tools), matched or new alike.
  create temporary table harvest_publications on commit drop as
  select distinct i.id, lower(btrim(d.value)) as doi
  from harvest_incoming i,
       jsonb_array_elements_text(case when jsonb_typeof(i.metadata -> 'publication_dois') = 'array'
                                      then i.metadata -> 'publication_dois' else '[]' end) as d (value);

  -- New items.
  touched := array(select i.match_id from harvest_incoming i where i.match_id is not null);
  delete from harvest_incoming i where i.match_id is not null;

  create temporary table harvest_authors on commit drop as
  select i.id as content_id, i.ordinal, btrim(a.name) as full_name, lower(btrim(a.name)) as name_key,
         (a.ordinality - 1)::integer as order_index
  from harvest_incoming i, unnest(i.authors) with ordinality as a (name, ordinality)
  where btrim(a.name) <> '';

  create temporary table harvest_person_ids on commit drop as
  with names as (
    select distinct on (ha.name_key) ha.name_key, ha.full_name from harvest_authors ha
    order by ha.name_key, ha.ordinal, ha.order_index
  ), existing as (
    select distinct on (lower(p.full_name)) lower(p.full_name) as name_key, p.id
    from public.people p join names n on lower(p.full_name) = n.name_key
    order by lower(p.full_name), p.created_at, p.id
  ), created as (
    insert into public.people (id, full_name)
    select public.ordered_uuid(id_stamp, person_salt, row_number() over (order by n.name_key)), n.full_name
    from names n where not exists (select 1 from existing e where e.name_key = n.name_key)
    returning lower(full_name) as name_key, id
  )
  select e.name_key, e.id from existing e union all select c.name_key, c.id from created c;

  -- What the foreign-key checks would lock, locked once (people created above are this
  -- transaction's own), so that the insert below can run without row triggers, as
  -- commit_import's does (09_import.sql): each row's foreign-key checks, search vector, typed
  -- year and open-source flag were a trigger call, and the year an UPDATE statement, per row.
  perform 1 from public.people p where p.id in (select pid.id from harvest_person_ids pid) for key share of p;
  perform 1 from public.scientific_domains d for key share of d;
  begin
    perform set_config('session_replication_role', 'replica', true);
    without_row_triggers := true;
  exception when insufficient_privilege then
    without_row_triggers := false;
  end;

  with slugs as (
    select s.id, case when s.rn = 1 and not s.taken then s.base_slug
                      else public.suffixed_slug(s.base_slug, left(md5(s.id::text), 8)) end as slug
    from (
      select x.id, x.base_slug, row_number() over (partition by x.base_slug order by x.ordinal) as rn,
             t.taken is not null as taken
      from harvest_incoming x
      left join lateral (select true as taken from public.content_items ci where ci.slug = x.base_slug limit 1) t
        on true) s
  ), new_items as (
    insert into public.content_items (id, slug, title, description, short_description, content_type, url, status,
      year, tags, metadata, published_at, search_vector)
    select i.id, s.slug, i.title, i.description, i.short_description, i.content_type, i.url, item_status,
      -- the typed date's year (public.sync_item_year's rule), else the year the source gave
      coalesce(case when i.typed_year between 1800 and 2100 then i.typed_year end, i.year),
      i.tags, i.metadata || jsonb_build_object('harvest', jsonb_build_object('source', run.source, 'run_id', run.id)),
      case when run.publish then now() end,
      public.item_search_vector(i.title, i.tags, i.short_description, i.description)
    from (select x.*, case x.content_type
                        when 'paper' then extract(year from (x.paper ->> 'publication_date')::date)::integer
                        when 'software' then case when public.is_partial_date(x.software ->> 'first_release')
                                                  then left(x.software ->> 'first_release', 4)::integer end
                      end as typed_year
          from harvest_incoming x) i
    join slugs s on s.id = i.id
    order by i.ordinal
    returning id
  ), new_papers as (
    insert into public.papers (content_id, abstract, doi, arxiv_id, journal_name, publication_date, open_access,
      peer_reviewed, citation_count, keywords, authors_complete)
    select i.id, i.paper ->> 'abstract', i.paper ->> 'doi', i.paper ->> 'arxiv_id', i.paper ->> 'journal_name',
      (i.paper ->> 'publication_date')::date, coalesce((i.paper ->> 'open_access')::boolean, false),
      coalesce((i.paper ->> 'peer_reviewed')::boolean, false), coalesce((i.paper ->> 'citation_count')::integer, 0),
      public.import_text_array(i.paper -> 'keywords'),
      -- false when the source's list, or harvest's cut at 100, stops short (docs/product.md#facts)
      coalesce((i.paper ->> 'authors_complete')::boolean, true)
    from harvest_incoming i where i.content_type = 'paper'
  ), new_software as (
    -- open_source is derived from the licence (public.derive_open_source's rule, which the row
    -- trigger would apply); first_release sets the year (above)
    insert into public.software (content_id, github_url, github_stars, license, programming_languages, first_release,
      open_source)
    select i.id, i.software ->> 'github_url',
      (i.software ->> 'github_stars')::integer, i.software ->> 'license',
      public.import_text_array(i.software -> 'programming_languages'),
      case when public.is_partial_date(i.software ->> 'first_release') then i.software ->> 'first_release' end,
      coalesce(public.license_status(i.software ->> 'license') = 'open_source', false)
    from harvest_incoming i where i.content_type = 'software'
  ), new_authors as (
    insert into public.content_people (content_id, person_id, role, order_index)
    select distinct on (ha.content_id, pid.id) ha.content_id, pid.id,
      case when i.content_type = 'paper' then 'author' else 'creator' end, ha.order_index
    from harvest_authors ha join harvest_person_ids pid on pid.name_key = ha.name_key
    join harvest_incoming i on i.id = ha.content_id
    order by ha.content_id, pid.id, ha.order_index
  ), new_domains as (
    insert into public.content_domains (content_id, domain_id, is_primary)
    select distinct on (i.id, d.id) i.id, d.id, dom.ordinality = 1
    from harvest_incoming i, unnest(i.domains) with ordinality as dom (value, ordinality)
    join public.scientific_domains d on d.slug = dom.value
    order by i.id, d.id, dom.ordinality
  ), new_ids as (
    insert into public.external_ids (content_id, scheme, value)
    select distinct on (lower(x ->> 'scheme'), btrim(x ->> 'value')) i.id, lower(x ->> 'scheme'), btrim(x ->> 'value')
    from harvest_incoming i, jsonb_array_elements(i.ids) as x
    order by lower(x ->> 'scheme'), btrim(x ->> 'value'), i.ordinal
    on conflict (scheme, value) do nothing
  )
  select count(*) into added_count from new_items;

  if without_row_triggers then
    perform set_config('session_replication_role', 'origin', true);
  end if;
  perform set_config('sciai.bulk_load', '', true);
  delete from public.import_bulk_tokens t where t.token = bulk_token;
  touched := touched || array(select i.id from harvest_incoming i);

  -- A record harvested again is the same row, fetched again: its URL (a renamed repository) and
  -- date follow. A catalog item found again keeps its snapshot's records beside this one.
  insert into public.item_sources as s (content_id, source, record_id, record_url, fetched_at)
  select r.content_id, live_source, r.record_id, r.record_url, now()
  from harvest_records r
  on conflict (content_id, source, record_id) do update
    set record_url = excluded.record_url, fetched_at = excluded.fetched_at;

  -- Publications linked as papers: the page's tools to the papers their DOIs name (already in the
  -- catalog or added with this page), and the page's papers to the tools that named them before.
  insert into public.item_relations (content_id, related_id, relation, source)
  select distinct l.tool, l.paper, 'publication', run.source
  from (
    select hp.id as tool, x.content_id as paper
    from harvest_publications hp join public.external_ids x on x.scheme = 'doi' and x.value = hp.doi
    union
    select hp.id, p.content_id from harvest_publications hp join public.papers p on lower(p.doi) = hp.doi
    union
    select ci.id, p.content_id
    from public.papers p
    join public.content_items ci on ci.metadata ? 'publication_dois' and ci.metadata -> 'publication_dois' ? lower(p.doi)
    where p.content_id = any (touched) and p.doi is not null
  ) l
  -- (a probe of each linked paper, not a scan of the catalog's papers)
  cross join lateral (select 1 from public.content_items paper where paper.id = l.paper and paper.content_type = 'paper'
                      limit 1) paper
  where l.tool <> l.paper
  on conflict do nothing;
  perform public.refresh_content_search(touched);
  if run.publish then
    with distinct_words as materialized (
      select distinct w.word
      from harvest_incoming i, public.vocabulary_words(i.title, i.tags, i.short_description) as w (word))
    insert into public.search_vocabulary (word)
    select v.word from distinct_words v
    where public.is_vocabulary_word(v.word)
    on conflict (word) do nothing;
  end if;

  update public.harvest_runs r set
    cursor = nullif(commit_harvest_page.next_cursor, ''),
    pages = r.pages + 1,
    added = r.added + added_count,
    updated = r.updated + updated_count,
    skipped = r.skipped + (matched_count - updated_count) + refused_count,
    errors = case when jsonb_array_length(r.errors) < 200
      then r.errors || (select coalesce(jsonb_agg(x.value), '[]') from (
        select value from jsonb_array_elements(case when jsonb_typeof(refused) = 'array' then refused else '[]' end)
        limit 50) x)
      else r.errors end,
    status = case when finished then 'completed' else 'running' end,
    finished_at = case when finished then now() end
  where r.id = run.id;

  return jsonb_build_object('added', added_count, 'updated', updated_count,
    'skipped', matched_count - updated_count + refused_count);
end $$;
revoke execute on function public.commit_harvest_page(uuid, jsonb, text, boolean, jsonb) from public, anon;
grant execute on function public.commit_harvest_page(uuid, jsonb, text, boolean, jsonb) to authenticated, service_role;

-- The moderation queue's harvested part (docs/product.md#admin-content): items a harvest added
-- without publishing them, oldest first, each with its source, the run and what it asked, and its
-- identifiers. Staff only; staff publish or reject them as any item (admin_update_item).
create index content_items_harvest_queue_idx on public.content_items (created_at, id)
  where status = 'pending' and metadata ? 'harvest';

create or replace function public.harvest_queue(max_items integer default 100) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if not coalesce(public.is_staff(), false) then
    raise exception 'Only moderators and administrators may review harvested items' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.content_items ci where ci.status = 'pending' and ci.metadata ? 'harvest'),
    'items', coalesce((select jsonb_agg(jsonb_build_object(
        'id', ci.id, 'slug', ci.slug, 'title', ci.title, 'content_type', ci.content_type,
        'short_description', ci.short_description, 'url', ci.url, 'year', ci.year, 'created_at', ci.created_at,
        'source', coalesce(r.source, ci.metadata -> 'harvest' ->> 'source'), 'run_id', r.id, 'query', r.query,
        'run_started_at', r.started_at,
        'ids', coalesce((select jsonb_agg(jsonb_build_object('scheme', x.scheme, 'value', x.value)
                                          order by x.scheme, x.value)
                         from public.external_ids x where x.content_id = ci.id), '[]'))
        order by ci.created_at, ci.id)
      from (select * from public.content_items c
            where c.status = 'pending' and c.metadata ? 'harvest'
            order by c.created_at, c.id
            limit least(greatest(coalesce(max_items, 100), 1), 200)) ci
      -- metadata is anyone's JSON: a run id that is not a UUID finds no run instead of failing
      left join public.harvest_runs r on r.id = case
        when (ci.metadata -> 'harvest' ->> 'run_id') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then (ci.metadata -> 'harvest' ->> 'run_id')::uuid end), '[]'));
end $$;
revoke execute on function public.harvest_queue(integer) from public, anon;
grant execute on function public.harvest_queue(integer) to authenticated;
