-- Current facts about items from outside sources (`sciai enrich`, docs/decisions/0044-enrich-signals.md):
-- GitHub stars, forks, issues, last push, latest release, licence, archived; citations from
-- OpenAlex or Crossref; Hugging Face downloads and likes; and the health of each item's homepage
-- and repository links. Every figure is kept with its source and the time it was true (as_of),
-- and a history with one value per item, signal and day, so a card can say where a figure comes
-- from and when, and a trend can be drawn. The fetching is done outside the database (core's
-- enrich module through the polite HTTP layer); these functions only store what it found, one
-- batch of items per call.

create table public.item_signals (
  content_id uuid not null references public.content_items (id) on delete cascade,
  signal text not null check (signal in (
    'github_stars', 'github_forks', 'github_open_issues', 'github_pushed_at', 'github_release',
    'github_license', 'github_archived', 'citations', 'hf_downloads', 'hf_likes')),
  source text not null check (source in ('github', 'openalex', 'crossref', 'huggingface')),
  -- numbers in value_num (counts, 0/1 for archived), dates and names in value_text
  value_num double precision,
  value_text text check (char_length(value_text) <= 500),
  -- what the value came from, e.g. the release's tag and date or the repository's name
  detail jsonb not null default '{}' check (jsonb_typeof(detail) = 'object' and pg_column_size(detail) <= 4096),
  as_of timestamptz not null,
  primary key (content_id, signal)
);
alter table public.item_signals enable row level security;
revoke all on public.item_signals from anon, authenticated;
grant select on public.item_signals to anon, authenticated;
create policy "signals of published items are public" on public.item_signals for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
         or (select public.is_staff()));

-- One value per item, signal and day (the day's last check wins).
create table public.item_signal_history (
  content_id uuid not null references public.content_items (id) on delete cascade,
  signal text not null,
  day date not null,
  value_num double precision,
  value_text text check (char_length(value_text) <= 500),
  source text not null,
  primary key (content_id, signal, day)
);
alter table public.item_signal_history enable row level security;
revoke all on public.item_signal_history from anon, authenticated;
grant select on public.item_signal_history to anon, authenticated;
create policy "signal history of published items is public" on public.item_signal_history for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
         or (select public.is_staff()));

-- The last check of an item's homepage and repository links, with bio.tools' rule: a link is
-- 'down' after a failed check and 'dead' after failures on 3 checks at least a week apart
-- (spaced_failures counts those; a success starts again from nothing). 'unchecked': the checker
-- may not reach the target (not a public address), so nothing is said of it: no status, time,
-- final URL or error, which would describe the server's own network to whoever wrote the URL.
create table public.link_checks (
  content_id uuid not null references public.content_items (id) on delete cascade,
  link text not null check (link in ('homepage', 'repository')),
  url text not null check (char_length(url) <= 2000),
  ok boolean not null,
  http_status integer check (http_status between 100 and 999),
  final_url text check (char_length(final_url) <= 2000),
  error text check (char_length(error) <= 500),
  elapsed_ms integer check (elapsed_ms >= 0),
  health text not null check (health in ('ok', 'down', 'dead', 'unchecked')),
  spaced_failures integer not null default 0 check (spaced_failures >= 0),
  last_counted_failure_at timestamptz,
  checked_at timestamptz not null,
  primary key (content_id, link),
  constraint link_checks_unchecked_says_nothing check (health <> 'unchecked' or (not ok and http_status is null
    and final_url is null and error is null and elapsed_ms is null and spaced_failures = 0))
);
alter table public.link_checks enable row level security;
create index link_checks_unhealthy_idx on public.link_checks (health, checked_at) where health <> 'ok';
revoke all on public.link_checks from anon, authenticated;
grant select on public.link_checks to anon, authenticated;
create policy "link checks of published items are public" on public.link_checks for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
         or (select public.is_staff()));

-- When each source last looked at an item, and why it failed if it did: what is stale is due.
create table public.item_enrich_state (
  content_id uuid not null references public.content_items (id) on delete cascade,
  source text not null check (source in ('github', 'openalex', 'crossref', 'huggingface', 'links')),
  checked_at timestamptz not null,
  ok boolean not null,
  error text check (char_length(error) <= 500),
  primary key (content_id, source)
);
alter table public.item_enrich_state enable row level security;
create index item_enrich_state_checked_idx on public.item_enrich_state (checked_at);
revoke all on public.item_enrich_state from anon, authenticated;
grant select on public.item_enrich_state to authenticated;
create policy "staff read enrich state" on public.item_enrich_state for select to authenticated
  using ((select public.is_staff()));

-- Items a staff member asked to re-check now; the enrich job takes them first.
create table public.enrich_requests (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  requested_by uuid references auth.users (id) on delete set null,
  requested_at timestamptz not null default now()
);
alter table public.enrich_requests enable row level security;
revoke all on public.enrich_requests from anon, authenticated;

-- One row per enrich run, with its counts and the first errors.
create table public.enrich_runs (
  id uuid primary key default gen_random_uuid(),
  sources text[] not null check (cardinality(sources) between 1 and 5),
  origin text not null default 'cli' check (origin in ('cli', 'schedule', 'recheck')),
  status text not null default 'running' check (status in ('running', 'failed', 'completed')),
  items integer not null default 0 check (items >= 0),
  updated integer not null default 0 check (updated >= 0),
  failed integer not null default 0 check (failed >= 0),
  requests integer not null default 0 check (requests >= 0),
  not_modified integer not null default 0 check (not_modified >= 0),
  errors jsonb not null default '[]' check (jsonb_typeof(errors) = 'array'),
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
grant all on public.enrich_runs to authenticated;
alter table public.enrich_runs enable row level security;
create index enrich_runs_started_idx on public.enrich_runs (started_at desc);
revoke all on public.enrich_runs from anon;
revoke insert, update, delete, truncate, references, trigger on public.enrich_runs from authenticated;
create policy "staff read enrich runs" on public.enrich_runs for select to authenticated
  using ((select public.is_staff()));

-- ETags and bodies of outside answers, so the next run revalidates (a 304 costs no GitHub quota).
create table public.enrich_http_cache (
  url text primary key check (char_length(url) <= 2000),
  etag text not null check (char_length(etag) <= 500),
  body text not null check (char_length(body) <= 262144),
  stored_at timestamptz not null default now()
);
alter table public.enrich_http_cache enable row level security;
revoke all on public.enrich_http_cache from anon, authenticated;

-- The items a run should look at: those with an identifier for one of the sources whose facts
-- from that source are older than the stale age (or never fetched), and those asked for by a
-- re-check first. Identifiers come from the items' own fields and from external_ids.
create or replace function public.enrich_targets(sources text[], stale_seconds integer, max_items integer,
  after_id uuid default null, only_requested boolean default false)
returns jsonb
language sql stable security definer set search_path = '' as $$
  with ids as (
    select ci.id, ci.slug, ci.url as homepage,
      coalesce(s.github_url,
        (select 'https://github.com/' || e.value from public.external_ids e
         where e.content_id = ci.id and e.scheme = 'github' limit 1),
        case when ci.url ~* '^https?://(www\.)?github\.com/[^/]+/[^/]+' then ci.url end) as repository,
      coalesce(lower(p.doi),
        (select e.value from public.external_ids e where e.content_id = ci.id and e.scheme = 'doi' limit 1)) as doi,
      (select e.value from public.external_ids e where e.content_id = ci.id and e.scheme = 'openalex' limit 1)
        as openalex,
      coalesce((select e.value from public.external_ids e
                where e.content_id = ci.id and e.scheme = 'huggingface' limit 1),
        substring(ci.url from '^https?://huggingface\.co/((?:datasets/|spaces/)?[^/?#]+/[^/?#]+)')) as huggingface,
      exists (select 1 from public.enrich_requests r where r.content_id = ci.id) as requested
    from public.content_items ci
    left join public.software s on s.content_id = ci.id
    left join public.papers p on p.content_id = ci.id
    where ci.status = 'published'
      and (after_id is null or ci.id > after_id)
      and (not only_requested or exists (select 1 from public.enrich_requests r where r.content_id = ci.id))
  ), due as (
    select i.*, array(
      select src from unnest(sources) src
      where ((src = 'github' and i.repository ~* 'github\.com/')
         or (src in ('openalex', 'crossref') and (i.doi is not null or (src = 'openalex' and i.openalex is not null)))
         or (src = 'huggingface' and i.huggingface is not null)
         or (src = 'links' and (i.homepage is not null or i.repository is not null)))
      and (i.requested or not exists (
        select 1 from public.item_enrich_state st where st.content_id = i.id
          -- Crossref is the fallback for citations: a fresh OpenAlex answer makes it not due
          and (st.source = src or (src = 'crossref' and st.source = 'openalex' and st.ok))
          and st.checked_at > now() - make_interval(secs => greatest(stale_seconds, 0))))
    ) as due_sources
    from ids i
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', d.id, 'slug', d.slug, 'homepage', d.homepage,
      'repository', d.repository, 'doi', d.doi, 'openalex', d.openalex, 'huggingface', d.huggingface,
      'sources', to_jsonb(d.due_sources)) order by d.id), '[]')
  from (select * from due where cardinality(due_sources) > 0 order by id
        limit least(greatest(coalesce(max_items, 500), 1), 2000)) d
$$;
revoke execute on function public.enrich_targets(text[], integer, integer, uuid, boolean) from public, anon, authenticated;
grant execute on function public.enrich_targets(text[], integer, integer, uuid, boolean) to service_role;

create or replace function public.begin_enrich_run(sources text[], origin text default 'cli') returns uuid
language sql volatile security definer set search_path = '' as $$
  insert into public.enrich_runs (sources, origin) values (sources, coalesce(origin, 'cli')) returning id
$$;
revoke execute on function public.begin_enrich_run(text[], text) from public, anon, authenticated;
grant execute on function public.begin_enrich_run(text[], text) to service_role;

-- Stores one batch of results in a handful of statements, whatever its size:
-- results = [{id, source, ok, error?, signals: [{signal, num?, text?, detail?}],
--             links: [{link, url, ok, status?, final_url?, error?, ms?}]}].
-- A failed source keeps the item's previous signals (they say how old they are).
create or replace function public.record_enrich_batch(run_id uuid, results jsonb, requests integer default 0,
  not_modified integer default 0)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  checked timestamptz := now();
begin
  if jsonb_typeof(results) <> 'array' then
    raise exception 'results must be an array' using errcode = '22023';
  end if;
  create temporary table if not exists pg_temp.enrich_batch_signals (
    content_id uuid, signal text, source text, value_num double precision, value_text text, detail jsonb
  ) on commit drop;
  truncate pg_temp.enrich_batch_signals;
  insert into pg_temp.enrich_batch_signals
  select (r ->> 'id')::uuid, s ->> 'signal', r ->> 'source',
    case when jsonb_typeof(s -> 'num') = 'number' then (s ->> 'num')::double precision end,
    left(s ->> 'text', 500), coalesce(s -> 'detail', '{}')
  from jsonb_array_elements(results) r
  cross join lateral jsonb_array_elements(coalesce(r -> 'signals', '[]')) s
  where coalesce((r ->> 'ok')::boolean, false)
    and exists (select 1 from public.content_items ci where ci.id = (r ->> 'id')::uuid);

  insert into public.item_signals as cur (content_id, signal, source, value_num, value_text, detail, as_of)
  select content_id, signal, source, value_num, value_text, detail, checked from pg_temp.enrich_batch_signals
  on conflict (content_id, signal) do update
    set source = excluded.source, value_num = excluded.value_num, value_text = excluded.value_text,
        detail = excluded.detail, as_of = excluded.as_of;

  insert into public.item_signal_history (content_id, signal, day, value_num, value_text, source)
  select content_id, signal, (checked at time zone 'utc')::date, value_num, value_text, source
  from pg_temp.enrich_batch_signals
  on conflict (content_id, signal, day) do update
    set value_num = excluded.value_num, value_text = excluded.value_text, source = excluded.source;

  -- The figures the catalog already shows (cards, badges, sorts) follow the live ones.
  update public.software sw set github_stars = b.value_num::integer
  from pg_temp.enrich_batch_signals b
  where b.signal = 'github_stars' and sw.content_id = b.content_id
    and sw.github_stars is distinct from b.value_num::integer;
  update public.papers pa set citation_count = b.value_num::integer
  from pg_temp.enrich_batch_signals b
  where b.signal = 'citations' and pa.content_id = b.content_id
    and pa.citation_count is distinct from b.value_num::integer;

  -- A renamed GitHub repository: GitHub answers the old name with the repository under its new
  -- one (301 to /repositories/{id}), whose numeric id never changes. The item keeps that id and
  -- the new name as identifiers, and its repository URL follows the rename, so harvest and the
  -- next enrich find the same item under either name.
  insert into public.external_ids (content_id, scheme, value)
  select distinct on (v.scheme, v.value) v.content_id, v.scheme, v.value
  from pg_temp.enrich_batch_signals b,
       lateral (values (b.content_id, 'github_id', b.detail ->> 'id'),
                       (b.content_id, 'github', lower(b.detail ->> 'repo'))) as v (content_id, scheme, value)
  where b.signal = 'github_stars'
    and case v.scheme when 'github_id' then v.value ~ '^[1-9][0-9]{0,19}$'
                      else v.value ~ '^[a-z0-9][a-z0-9-]{0,38}/[a-z0-9._-]{1,100}$' end
  order by v.scheme, v.value, b.content_id
  on conflict (scheme, value) do nothing;
  -- the repository's new address is a version of the item by GitHub's enrich (22_item_versions.sql)
  perform set_config('sciai.change_actor', 'enrich:github', true);
  update public.software sw set github_url = 'https://github.com/' || (b.detail ->> 'repo')
  from pg_temp.enrich_batch_signals b
  where b.signal = 'github_stars' and sw.content_id = b.content_id and sw.github_url is not null
    and (b.detail ->> 'repo') ~ '^[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}$'
    and lower(regexp_replace(substring(sw.github_url from '(?i)github\.com/([^/?#]+/[^/?#]+)'), '\.git$', ''))
      is distinct from lower(b.detail ->> 'repo');

  insert into public.link_checks as cur (content_id, link, url, ok, http_status, final_url, error, elapsed_ms,
    health, spaced_failures, last_counted_failure_at, checked_at)
  select (r ->> 'id')::uuid, l ->> 'link', left(l ->> 'url', 2000), f.ok,
    case when not f.refused and (l ->> 'status') ~ '^\d{3}$' then (l ->> 'status')::integer end,
    case when not f.refused then left(l ->> 'final_url', 2000) end,
    case when not f.refused then left(l ->> 'error', 500) end,
    case when not f.refused and (l ->> 'ms') ~ '^\d{1,9}$' then (l ->> 'ms')::integer end,
    case when f.refused then 'unchecked' when f.ok then 'ok' else 'down' end,
    case when f.ok or f.refused then 0 else 1 end,
    case when f.ok or f.refused then null else checked end,
    checked
  from jsonb_array_elements(results) r
  cross join lateral jsonb_array_elements(coalesce(r -> 'links', '[]')) l
  -- a refused link is stored as not checked, whatever else the caller sent with it
  cross join lateral (select (l ->> 'refused') is not distinct from 'true' as refused,
    (l ->> 'refused') is distinct from 'true' and coalesce((l ->> 'ok')::boolean, false) as ok) f
  where exists (select 1 from public.content_items ci where ci.id = (r ->> 'id')::uuid)
  on conflict (content_id, link) do update set
    url = excluded.url, ok = excluded.ok, http_status = excluded.http_status, final_url = excluded.final_url,
    error = excluded.error, elapsed_ms = excluded.elapsed_ms, checked_at = excluded.checked_at,
    -- a new address starts afresh; a failure counts towards 'dead' a week after the last one counted
    spaced_failures = case
      when excluded.ok or excluded.health = 'unchecked' then 0
      when cur.url <> excluded.url or cur.last_counted_failure_at is null then 1
      when excluded.checked_at >= cur.last_counted_failure_at + interval '7 days' then cur.spaced_failures + 1
      else cur.spaced_failures end,
    last_counted_failure_at = case
      when excluded.ok or excluded.health = 'unchecked' then null
      when cur.url <> excluded.url or cur.last_counted_failure_at is null
        or excluded.checked_at >= cur.last_counted_failure_at + interval '7 days' then excluded.checked_at
      else cur.last_counted_failure_at end,
    health = case
      when excluded.health = 'unchecked' then 'unchecked'
      when excluded.ok then 'ok'
      when cur.url = excluded.url and cur.last_counted_failure_at is not null
        and excluded.checked_at >= cur.last_counted_failure_at + interval '7 days'
        and cur.spaced_failures + 1 >= 3 then 'dead'
      when cur.url = excluded.url and cur.health = 'dead' then 'dead'
      else 'down' end;

  insert into public.item_enrich_state as cur (content_id, source, checked_at, ok, error)
  select (r ->> 'id')::uuid, r ->> 'source', checked, coalesce((r ->> 'ok')::boolean, false), left(r ->> 'error', 500)
  from jsonb_array_elements(results) r
  where exists (select 1 from public.content_items ci where ci.id = (r ->> 'id')::uuid)
  on conflict (content_id, source) do update
    set checked_at = excluded.checked_at, ok = excluded.ok, error = excluded.error;

  delete from public.enrich_requests q
  where q.content_id in (select (r ->> 'id')::uuid from jsonb_array_elements(results) r);

  update public.enrich_runs er set
    items = er.items + (select count(distinct r ->> 'id') from jsonb_array_elements(results) r),
    updated = er.updated + (select count(*) from jsonb_array_elements(results) r where coalesce((r ->> 'ok')::boolean, false)),
    failed = er.failed + (select count(*) from jsonb_array_elements(results) r where not coalesce((r ->> 'ok')::boolean, false)),
    requests = er.requests + greatest(coalesce(record_enrich_batch.requests, 0), 0),
    not_modified = er.not_modified + greatest(coalesce(record_enrich_batch.not_modified, 0), 0),
    errors = case when jsonb_array_length(er.errors) < 100 then er.errors || coalesce((
      select jsonb_agg(jsonb_build_object('item', r ->> 'id', 'source', r ->> 'source',
        'message', left(r ->> 'error', 300)))
      from (select r from jsonb_array_elements(results) r where not coalesce((r ->> 'ok')::boolean, false) limit 20) f(r)), '[]')
      else er.errors end
  where er.id = run_id;
end $$;
revoke execute on function public.record_enrich_batch(uuid, jsonb, integer, integer) from public, anon, authenticated;
grant execute on function public.record_enrich_batch(uuid, jsonb, integer, integer) to service_role;

create or replace function public.finish_enrich_run(run_id uuid, error text default null) returns void
language sql volatile security definer set search_path = '' as $$
  update public.enrich_runs er set finished_at = now(),
    status = case when error is null then 'completed' else 'failed' end,
    errors = case when error is null then er.errors
      else er.errors || jsonb_build_array(jsonb_build_object('message', left(error, 2000))) end
  where er.id = run_id
$$;
revoke execute on function public.finish_enrich_run(uuid, text) from public, anon, authenticated;
grant execute on function public.finish_enrich_run(uuid, text) to service_role;

-- Conditional-request cache: read the ETags of a batch of URLs, store new ones.
create or replace function public.enrich_cache_get(urls text[]) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_object_agg(c.url, jsonb_build_object('etag', c.etag, 'body', c.body)), '{}')
  from public.enrich_http_cache c where c.url = any (urls[1:2000])
$$;
revoke execute on function public.enrich_cache_get(text[]) from public, anon, authenticated;
grant execute on function public.enrich_cache_get(text[]) to service_role;

create or replace function public.enrich_cache_put(entries jsonb) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.enrich_http_cache (url, etag, body)
  select e ->> 'url', e ->> 'etag', e ->> 'body' from jsonb_array_elements(entries) e
  where char_length(e ->> 'url') <= 2000 and char_length(e ->> 'etag') <= 500 and char_length(e ->> 'body') <= 262144
  on conflict (url) do update set etag = excluded.etag, body = excluded.body, stored_at = now()
$$;
revoke execute on function public.enrich_cache_put(jsonb) from public, anon, authenticated;
grant execute on function public.enrich_cache_put(jsonb) to service_role;

-- A staff member's "re-check now" for one item: queued for the enrich job, which takes it first.
create or replace function public.request_enrich_recheck(content_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if coalesce(auth.role(), '') <> 'service_role' and not coalesce(public.is_staff(), false) then
    raise exception 'Only moderators and administrators may re-check items' using errcode = '42501';
  end if;
  if not exists (select 1 from public.content_items ci where ci.id = request_enrich_recheck.content_id) then
    raise exception 'No such item' using errcode = '22023';
  end if;
  insert into public.enrich_requests (content_id, requested_by)
  values (request_enrich_recheck.content_id, auth.uid())
  on conflict on constraint enrich_requests_pkey do update set requested_at = now();
end $$;
revoke execute on function public.request_enrich_recheck(uuid) from public, anon;
grant execute on function public.request_enrich_recheck(uuid) to authenticated, service_role;

-- /admin/catalog-health in one call: unhealthy links, archived repositories, stale items, the
-- last runs and pending re-checks.
create or replace function public.catalog_health(stale_seconds integer default 604800) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  if coalesce(auth.role(), '') <> 'service_role' and not coalesce(public.is_staff(), false) then
    raise exception 'Only moderators and administrators may see catalog health' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'links', coalesce((select jsonb_agg(x order by x ->> 'health', x ->> 'checked_at' desc) from (
      select jsonb_build_object('id', ci.id, 'slug', ci.slug, 'title', ci.title, 'type', ci.content_type,
        'link', l.link, 'url', l.url, 'health', l.health, 'status', l.http_status, 'error', l.error,
        'final_url', l.final_url, 'checked_at', l.checked_at, 'failures', l.spaced_failures) x
      from public.link_checks l join public.content_items ci on ci.id = l.content_id
      where l.health <> 'ok' order by l.health desc, l.checked_at desc limit 200) t), '[]'),
    'archived', coalesce((select jsonb_agg(jsonb_build_object('id', ci.id, 'slug', ci.slug, 'title', ci.title,
        'type', ci.content_type, 'as_of', s.as_of))
      from (select * from public.item_signals s
            where s.signal = 'github_archived' and s.value_num = 1 order by s.as_of desc limit 200) s
      join public.content_items ci on ci.id = s.content_id), '[]'),
    'stale', coalesce((select jsonb_agg(jsonb_build_object('id', ci.id, 'slug', ci.slug, 'title', ci.title,
        'type', ci.content_type, 'source', st.source, 'checked_at', st.checked_at, 'ok', st.ok, 'error', st.error))
      from (select * from public.item_enrich_state st
            where st.checked_at < now() - make_interval(secs => greatest(coalesce(stale_seconds, 604800), 0))
               or not st.ok
            order by st.checked_at limit 200) st
      join public.content_items ci on ci.id = st.content_id), '[]'),
    'stale_count', (select count(distinct st.content_id) from public.item_enrich_state st
      where st.checked_at < now() - make_interval(secs => greatest(coalesce(stale_seconds, 604800), 0))),
    'never_checked', (select count(*) from public.content_items ci where ci.status = 'published'
      and not exists (select 1 from public.item_enrich_state st where st.content_id = ci.id)),
    'enrich_runs', coalesce((select jsonb_agg(to_jsonb(r) order by r.started_at desc)
      from (select * from public.enrich_runs order by started_at desc limit 10) r), '[]'),
    'harvest_runs', coalesce((select jsonb_agg(jsonb_build_object('id', h.id, 'source', h.source,
        'status', h.status, 'added', h.added, 'updated', h.updated, 'skipped', h.skipped,
        'errors', jsonb_array_length(h.errors), 'last_error', h.errors -> -1 ->> 'message',
        'started_at', h.started_at, 'finished_at', h.finished_at) order by h.started_at desc)
      from (select * from public.harvest_runs order by started_at desc limit 10) h), '[]'),
    'requests', coalesce((select jsonb_agg(jsonb_build_object('id', ci.id, 'slug', ci.slug, 'title', ci.title,
        'requested_at', q.requested_at))
      from public.enrich_requests q join public.content_items ci on ci.id = q.content_id), '[]'));
end $$;
revoke execute on function public.catalog_health(integer) from public, anon;
grant execute on function public.catalog_health(integer) to authenticated, service_role;

-- Whether the catalog still holds sample items (loaded by load_catalog as sample) whose figures
-- are the sample's own: an item with any live signal (stars, citations, downloads from their
-- source) is no longer sample. public_site_settings shows the 'Sample data' notice only then.
create index content_items_sample_idx on public.content_items (id)
  where status = 'published' and metadata ? 'sample';

create or replace function public.catalog_has_sample_figures() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.content_items ci
    where ci.status = 'published' and ci.metadata ? 'sample'
      and not exists (select 1 from public.item_signals s where s.content_id = ci.id))
$$;
revoke execute on function public.catalog_has_sample_figures() from public;
grant execute on function public.catalog_has_sample_figures() to anon, authenticated, service_role;
