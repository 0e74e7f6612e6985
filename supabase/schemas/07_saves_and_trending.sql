-- Saving items, the library, and trending (docs/decisions/0007-trending-score.md).
--
-- save_count and trending_score are maintained by the database on every save, unsave and view,
-- so they are exact under concurrency: each change is one `update … set x = x + 1` on the item's
-- row, which Postgres serialises with the row lock. The browse index (content_search) follows
-- through the existing content_items triggers; popularity counters never bump catalog_state, so
-- cached facet counts stay valid and only cached pages (60 s) age out (search_items).

-- An event's weight after time decay: halves every 48 hours, nothing after 30 days (views are
-- kept for 30 days, so a full refresh and the incremental updates agree).
create or replace function public.trending_weight(weight double precision, happened_at timestamptz, at_time timestamptz)
returns double precision
language sql immutable set search_path = '' as $$
  select case
    when happened_at < at_time - interval '30 days' then 0::double precision
    else weight * power(0.5::double precision,
                        greatest(0::double precision, extract(epoch from at_time - happened_at)::double precision) / (48 * 3600))
  end
$$;
revoke execute on function public.trending_weight(double precision, timestamptz, timestamptz) from public, anon, authenticated;

-- A view row counts from the middle of its UTC day (item_views keeps only the day).
create or replace function public.item_view_time(view_day date) returns timestamptz
language sql immutable set search_path = '' as $$
  select (view_day::timestamp + interval '12 hours') at time zone 'UTC'
$$;
revoke execute on function public.item_view_time(date) from public, anon, authenticated;

-- The score an item arrived with (catalog seed or import): its editorial baseline, to which
-- recent activity is added. Items created later (contributions) start from 0.
create table public.trending_baselines (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  score double precision not null check (score >= 0)
);
alter table public.trending_baselines enable row level security;
revoke all on public.trending_baselines from anon, authenticated;

create or replace function public.record_trending_baselines() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.trending_baselines (content_id, score)
  select r.id, r.trending_score from new_rows r where r.trending_score > 0
  on conflict (content_id) do nothing;
  return null;
end $$;
revoke execute on function public.record_trending_baselines() from public, anon, authenticated;

create trigger content_items_trending_baseline after insert on public.content_items
  referencing new table as new_rows for each statement execute function public.record_trending_baselines();

-- Saves and unsaves move save_count by one and trending_score by the save's weight. Users cannot
-- update a save (no grant), but whoever moves one (the service role) moves the counts with it: the old
-- item loses the save, the new one gains it.
create or replace function public.apply_saved_item_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update public.content_items
    set save_count = greatest(save_count - 1, 0),
        trending_score = greatest(trending_score - public.trending_weight(5, old.saved_at, now()), 0)
    where id = old.content_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update public.content_items
    set save_count = save_count + 1,
        trending_score = trending_score + public.trending_weight(5, new.saved_at, now())
    where id = new.content_id;
  end if;
  return null;
end $$;
revoke execute on function public.apply_saved_item_change() from public, anon, authenticated;

create trigger user_saved_items_counts after insert or delete or update of content_id
  on public.user_saved_items
  for each row execute function public.apply_saved_item_change();

-- A counted view (record_item_view inserts one row per visitor, item and day) adds its weight.
create or replace function public.apply_item_view_trending() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.content_items ci
  set trending_score = ci.trending_score + v.weight
  from (select r.content_id, sum(public.trending_weight(1, public.item_view_time(r.day), now())) as weight
        from new_rows r group by r.content_id) v
  where ci.id = v.content_id and v.weight > 0;
  return null;
end $$;
revoke execute on function public.apply_item_view_trending() from public, anon, authenticated;

create trigger item_views_trending after insert on public.item_views
  referencing new table as new_rows for each statement execute function public.apply_item_view_trending();

-- Recomputes every score from the baseline and the decayed events of the last 30 days; only
-- rows whose score moved are written. Run on a timer by the server and by `sciai trending refresh`.
create or replace function public.refresh_trending_scores() returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  changed integer;
begin
  with activity as (
    select e.content_id, sum(e.weight) as score from (
      select v.content_id, public.trending_weight(1, public.item_view_time(v.day), now()) as weight
      from public.item_views v
      where v.day >= (now() at time zone 'UTC')::date - 31
      union all
      select s.content_id, public.trending_weight(5, s.saved_at, now())
      from public.user_saved_items s
      where s.saved_at >= now() - interval '30 days'
    ) e
    group by e.content_id
  ), scores as (
    select ci.id, coalesce(b.score, 0) + coalesce(a.score, 0) as score
    from public.content_items ci
    left join public.trending_baselines b on b.content_id = ci.id
    left join activity a on a.content_id = ci.id
  )
  update public.content_items ci set trending_score = s.score
  from scores s
  where ci.id = s.id and abs(ci.trending_score - s.score) > 0.0001;
  get diagnostics changed = row_count;
  -- the rewritten browse rows' index entries wait in the GIN indexes' pending lists, which every
  -- search would read until merged
  if changed > 0 then
    perform public.merge_search_index_pending();
  end if;
  return changed;
end $$;
revoke execute on function public.refresh_trending_scores() from public, anon, authenticated;
grant execute on function public.refresh_trending_scores() to service_role;

-- Save and unsave for the signed-in user; idempotent (a double click saves once). True when
-- something changed. Invoker rights: row-level security on user_saved_items applies as well.
create or replace function public.save_item(item_id uuid) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
declare
  inserted integer;
begin
  if auth.uid() is null then
    raise exception 'Must be logged in to save items' using errcode = '42501';
  end if;
  if not exists (select 1 from public.content_items ci where ci.id = item_id and ci.status = 'published') then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;
  insert into public.user_saved_items (user_id, content_id) values (auth.uid(), item_id)
  on conflict (user_id, content_id) do nothing;
  get diagnostics inserted = row_count;
  return inserted > 0;
end $$;
revoke execute on function public.save_item(uuid) from public;
grant execute on function public.save_item(uuid) to anon, authenticated;

create or replace function public.unsave_item(item_id uuid) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
declare
  deleted integer;
begin
  if auth.uid() is null then
    raise exception 'Must be logged in to save items' using errcode = '42501';
  end if;
  delete from public.user_saved_items s where s.user_id = auth.uid() and s.content_id = item_id;
  get diagnostics deleted = row_count;
  return deleted > 0;
end $$;
revoke execute on function public.unsave_item(uuid) from public;
grant execute on function public.unsave_item(uuid) to anon, authenticated;

-- The signed-in user's library: the browse card of every saved published item, newest saved
-- first, with saved_at and what the exports need (full description, DOI, authors, GitHub URL,
-- publication date, organisation website). One call, whatever the library's size.
create or replace function public.library_items() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  saved_ids uuid[];
begin
  if me is null then
    raise exception 'Must be logged in' using errcode = '42501';
  end if;
  saved_ids := array(
    select s.content_id from public.user_saved_items s
    join public.content_items ci on ci.id = s.content_id and ci.status = 'published'
    where s.user_id = me
    order by s.saved_at desc, s.content_id);
  return (
    select coalesce(jsonb_agg(c.card || jsonb_build_object(
      'saved_at', s.saved_at,
      'description', ci.description,
      'organization_website', o.website,
      'doi', p.doi,
      'publication_date', p.publication_date,
      'github_url', sw.github_url,
      -- false: the author list stops short, and the exports say "et al." (docs/product.md#facts)
      'authors_complete', coalesce(p.authors_complete, true),
      'authors', coalesce((
        select jsonb_agg(pe.full_name order by cp.order_index, pe.full_name)
        from public.content_people cp join public.people pe on pe.id = cp.person_id
        where cp.content_id = ci.id and cp.role = 'author'), '[]'::jsonb))
      order by c.position), '[]'::jsonb)
    from jsonb_array_elements(public.item_cards(saved_ids)) with ordinality as c (card, position)
    join public.content_items ci on ci.id = (c.card ->> 'id')::uuid
    join public.user_saved_items s on s.content_id = ci.id and s.user_id = me
    left join public.organizations o on o.id = ci.organization_id
    left join public.papers p on p.content_id = ci.id
    left join public.software sw on sw.content_id = ci.id);
end $$;
revoke execute on function public.library_items() from public, anon;
grant execute on function public.library_items() to authenticated;
