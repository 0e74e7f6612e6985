-- What makes a notification, and how it is e-mailed (docs/product.md#notifications). Events
-- become rows of public.notifications here, set-based, one row per user and event (event_key):
--   * new published items, for the followers of their fields (a field covers its subfields),
--     organization, the researchers they name (by their ORCID-verified iD) and the saved searches
--     they match: queued by a statement trigger, worked by the server's job (notify_new_items),
--     one notification per user and follow for each pass of it;
--   * a followed item's change: a new release, its repository archived, a link found dead, a
--     paper linked (statement triggers), a fact edited (other SQL calls notify_item_followers);
--   * a review published, for the item's followers and its maintainer; a maintainer's reply, for
--     the review's author; decisions on the user's contributions and claims.
-- Each row's e-mail follows the user's choice for its category (notification_email_delivery):
-- at once (an outbox row in the same transaction), in a digest (write_notification_digests), or
-- not at all. Nobody but these functions and the server writes notifications.

-- The category of a kind, as core's NOTIFICATION_CATEGORY_OF (a test holds the two equal).
create or replace function public.notification_category(kind text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case kind
    when 'followed_new_item' then 'new_items'
    when 'item_review' then 'reviews'
    when 'review_reply' then 'replies'
    when 'contribution_decision' then 'decisions'
    when 'claim_decision' then 'decisions'
    else 'item_updates' end
$$;
revoke execute on function public.notification_category(text) from public, anon, authenticated;

-- How a user has a category e-mailed: 'instant', 'daily', 'weekly' or 'off', from
-- user_profiles.notification_preferences: its "email" object, else the switches from before it
-- ("contribution_reviews": false turns decisions off, "maintained_item_reviews": false reviews),
-- else core's DEFAULT_EMAIL_DELIVERY (a test holds the two equal).
create or replace function public.notification_email_delivery(preferences jsonb, category text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(
    case when preferences -> 'email' ->> category in ('instant', 'daily', 'weekly', 'off')
         then preferences -> 'email' ->> category end,
    case when category = 'decisions' and preferences -> 'contribution_reviews' = 'false'::jsonb then 'off'
         when category = 'reviews' and preferences -> 'maintained_item_reviews' = 'false'::jsonb then 'off' end,
    case category when 'new_items' then 'daily' when 'item_updates' then 'weekly' else 'instant' end)
$$;
revoke execute on function public.notification_email_delivery(jsonb, text) from public, anon, authenticated;

-- notifications.email_delivery for a user's choice: a mail of its own, a digest's, or none.
create or replace function public.notification_email_state(delivery text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case delivery when 'instant' then 'instant' when 'daily' then 'digest' when 'weekly' then 'digest' end
$$;
revoke execute on function public.notification_email_state(text) from public, anon, authenticated;

-- Each user's digests: since when something has waited for one (null: nothing), and the last
-- notification each period's digest took, so that a digest marks what it took by moving a mark
-- rather than by rewriting every row. Only the database's functions read or write it.
create table public.notification_digests (
  user_id uuid primary key references auth.users (id) on delete cascade,
  waiting_since timestamptz,
  daily_through bigint not null default 0,
  weekly_through bigint not null default 0,
  daily_sent_at timestamptz,
  weekly_sent_at timestamptz
);
alter table public.notification_digests enable row level security;
revoke all on public.notification_digests from anon, authenticated;
create index notification_digests_waiting_idx on public.notification_digests (waiting_since, user_id)
  where waiting_since is not null;

-- What a notification about an item shows first: its title, its page and its type.
-- Whether a trigger that fires always (also with row triggers off) should act: in ordinary
-- writes, and in an import's or a harvest's bulk writes (replica mode with commit_import's or
-- commit_harvest_page's bulk token, 09_import.sql), but not while `sciai db restore` puts a dump's
-- rows back (replica mode without it): restored rows are not news, and the queue and outbox rows
-- they made come back with them.
create or replace function public.writes_are_news() returns boolean
language sql stable security definer set search_path = '' as $$
  select current_setting('session_replication_role') <> 'replica' or public.import_bulk_load_active()
$$;
revoke execute on function public.writes_are_news() from public, anon, authenticated;

create or replace function public.notification_item_payload(title text, content_type text, slug text) returns jsonb
language sql immutable parallel safe set search_path = '' as $$
  select jsonb_build_object(
    'title', left(btrim(title), 300),
    'path', '/' || case content_type when 'software' then 'tool' else content_type end || '/' || slug,
    'content_type', content_type)
$$;
revoke execute on function public.notification_item_payload(text, text, text) from public, anon, authenticated;

-- After every statement that makes notifications, whichever function ran it: the outbox rows of
-- those e-mailed at once (so in the same transaction), and the note that a user has something
-- waiting for a digest (notification_digests.waiting_since, set only when it was unset).
create or replace function public.queue_instant_notification_mail() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not public.writes_are_news() then
    return null;
  end if;
  insert into public.notification_outbox (recipient_id, kind, payload)
  select a.user_id, 'notification', jsonb_build_object(
    'notification_id', a.id, 'kind', a.kind, 'category', public.notification_category(a.kind), 'payload', a.payload)
  from added a
  where a.email_delivery = 'instant';
  insert into public.notification_digests (user_id, waiting_since)
  select a.user_id, min(a.created_at) from added a where a.email_delivery = 'digest' group by a.user_id
  on conflict (user_id) do update set waiting_since = excluded.waiting_since
  where public.notification_digests.waiting_since is null;
  return null;
end $$;
revoke execute on function public.queue_instant_notification_mail() from public, anon, authenticated;

create trigger notifications_instant_mail after insert on public.notifications
  referencing new table as added for each statement execute function public.queue_instant_notification_mail();
-- (also while an import or a harvest writes with row triggers off: see item_relations_notify)
alter table public.notifications enable always trigger notifications_instant_mail;

-- Tells the followers of the given items (and, with include_maintainer, each item's maintainer)
-- of one kind of event: events[i] happened to content_ids[i], with its key and payload. One
-- insert ... select for all of them; a user hears of an event once (on conflict on user and
-- event key), and never of their own doing (actor). Returns the number of notifications made.
-- Other SQL calls it, e.g. the item history for 'item_fact_edited':
--   perform public.notify_item_followers(array[item_id], 'item_fact_edited',
--     array['fact:' || item_id || ':' || version_id], array[payload || jsonb_build_object('fields', names)]);
-- where payload is notification_item_payload(title, content_type, slug) with '?tab=history' on its path.
create or replace function public.notify_item_followers(
  content_ids uuid[], kind text, event_keys text[], payloads jsonb[],
  include_maintainer boolean default false, actor uuid default null
) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  made integer;
begin
  if kind not in ('item_release', 'item_link_dead', 'item_archived', 'item_paper_linked', 'item_fact_edited',
                  'item_review') then
    raise exception 'Unknown item notification kind: %', left(kind, 40) using errcode = '22023';
  end if;
  if cardinality(content_ids) is distinct from cardinality(event_keys)
     or cardinality(content_ids) is distinct from cardinality(payloads) then
    raise exception 'One event key and one payload per item' using errcode = '22023';
  end if;
  insert into public.notifications (user_id, kind, content_id, follow_id, event_key, payload, email_delivery, emailed_at)
  select r.user_id, kind, r.content_id, r.follow_id, r.event_key, r.payload, m.state,
         case when m.state in ('instant', 'separate') then now() end
  from (
    -- a maintainer who also follows the item hears of it once, as its maintainer
    select distinct on (a.user_id, e.event_key) a.user_id, e.content_id, a.follow_id, e.event_key, e.payload,
           a.is_maintainer
    from unnest(content_ids, event_keys, payloads) as e (content_id, event_key, payload)
    cross join lateral (
      select f.user_id, f.id as follow_id, false as is_maintainer
      from public.follows f where f.content_id = e.content_id
      union all
      select c.claimant_id, null, true
      from public.item_claims c
      where include_maintainer and c.content_id = e.content_id and c.status = 'approved') a
    where a.user_id is distinct from actor
    order by a.user_id, e.event_key, a.is_maintainer desc) r
  left join public.user_profiles p on p.id = r.user_id
  cross join lateral (select public.notification_email_state(
    public.notification_email_delivery(p.notification_preferences, public.notification_category(kind))) as state) d
  -- the maintainer's review mail (21_review_replies.sql) is their e-mail of a review
  cross join lateral (select case when kind = 'item_review' and r.is_maintainer and d.state = 'instant'
                                  then 'separate' else d.state end as state) m
  on conflict (user_id, event_key) do nothing;
  get diagnostics made = row_count;
  return made;
end $$;
revoke execute on function public.notify_item_followers(uuid[], text, text[], jsonb[], boolean, uuid)
  from public, anon, authenticated;

-- One item's event, for callers with a single item.
create or replace function public.notify_item_followers(content_id uuid, kind text, event_key text, payload jsonb)
returns integer
language sql security definer set search_path = '' as $$
  select public.notify_item_followers(array[content_id], kind, array[event_key], array[payload])
$$;
revoke execute on function public.notify_item_followers(uuid, text, text, jsonb) from public, anon, authenticated;

-- A new release (github_release's value changed, not its first reading: that release is not new
-- to anyone) or a repository archived (github_archived became 1).
create or replace function public.notify_signal_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.notify_item_followers(array_agg(x.content_id), 'item_release', array_agg(x.event_key), array_agg(x.payload))
  from (
    select n.content_id, 'release:' || n.content_id || ':' || md5(n.value_text) as event_key,
           public.notification_item_payload(ci.title, ci.content_type, ci.slug)
             || jsonb_build_object('version', left(n.value_text, 200)) as payload
    from new_rows n
    join old_rows o on o.content_id = n.content_id and o.signal = n.signal
    join public.content_items ci on ci.id = n.content_id and ci.status = 'published'
    where n.signal = 'github_release' and nullif(btrim(n.value_text), '') is not null
      and n.value_text is distinct from o.value_text) x
  having count(*) > 0;
  perform public.notify_item_followers(array_agg(x.content_id), 'item_archived', array_agg(x.event_key), array_agg(x.payload))
  from (
    select n.content_id, 'archived:' || n.content_id as event_key,
           public.notification_item_payload(ci.title, ci.content_type, ci.slug) as payload
    from new_rows n
    join old_rows o on o.content_id = n.content_id and o.signal = n.signal
    join public.content_items ci on ci.id = n.content_id and ci.status = 'published'
    where n.signal = 'github_archived' and n.value_num = 1 and o.value_num is distinct from 1) x
  having count(*) > 0;
  return null;
end $$;
revoke execute on function public.notify_signal_changes() from public, anon, authenticated;

create trigger item_signals_notify after update on public.item_signals
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.notify_signal_changes();

-- A homepage or repository link found dead (its health became 'dead'): the followers, and the
-- maintainer, who can mend it.
create or replace function public.notify_dead_links() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.notify_item_followers(array_agg(x.content_id), 'item_link_dead', array_agg(x.event_key),
                                       array_agg(x.payload), true)
  from (
    select n.content_id,
           'link_dead:' || n.content_id || ':' || n.link || ':' || floor(extract(epoch from n.checked_at))::bigint as event_key,
           public.notification_item_payload(ci.title, ci.content_type, ci.slug)
             || jsonb_build_object('link', n.link) as payload
    from new_rows n
    left join old_rows o on o.content_id = n.content_id and o.link = n.link
    join public.content_items ci on ci.id = n.content_id and ci.status = 'published'
    where n.health = 'dead' and o.health is distinct from 'dead') x
  having count(*) > 0;
  return null;
end $$;
revoke execute on function public.notify_dead_links() from public, anon, authenticated;

create trigger link_checks_notify_update after update on public.link_checks
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.notify_dead_links();

-- A paper linked to an item: the item's followers hear of it with the paper's title.
create or replace function public.notify_linked_papers() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not public.writes_are_news() then
    return null;
  end if;
  perform public.notify_item_followers(array_agg(x.content_id), 'item_paper_linked', array_agg(x.event_key),
                                       array_agg(x.payload))
  from (
    select n.content_id, 'paper:' || n.content_id || ':' || n.related_id as event_key,
           public.notification_item_payload(ci.title, ci.content_type, ci.slug)
             || jsonb_build_object('paper_title', left(btrim(paper.title), 300)) as payload
    from new_rows n
    join public.content_items ci on ci.id = n.content_id and ci.status = 'published'
    join public.content_items paper on paper.id = n.related_id and paper.status = 'published'
    where n.relation = 'publication') x
  having count(*) > 0;
  return null;
end $$;
revoke execute on function public.notify_linked_papers() from public, anon, authenticated;

create trigger item_relations_notify after insert on public.item_relations
  referencing new table as new_rows for each statement execute function public.notify_linked_papers();
-- Papers are linked by triggers that fire always, also inside an import's or a harvest's writes
-- with row triggers off (11_harvest.sql); the link is news all the same.
alter table public.item_relations enable always trigger item_relations_notify;

-- A review published for the first time (first_published_at just set, 21_review_replies.sql):
-- the item's followers and its maintainer, but not the reviewer, nor a maintainer who published
-- it themselves (as the maintainer's mail, which is their e-mail of it when they have reviews
-- e-mailed at once).
create or replace function public.notify_item_review() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  maintainer uuid;
begin
  if new.first_published_at is null or (tg_op = 'UPDATE' and old.first_published_at is not null) then
    return null;
  end if;
  select c.claimant_id into maintainer from public.item_claims c
   where c.content_id = new.content_id and c.status = 'approved';
  perform public.notify_item_followers(array[new.content_id], 'item_review', array['review:' || new.id],
    array[public.notification_item_payload(ci.title, ci.content_type, ci.slug)
          || jsonb_build_object('path', public.notification_item_payload(ci.title, ci.content_type, ci.slug) ->> 'path'
                                          || '?tab=reviews',
                                'person', coalesce(public.profile_signed_name(p), 'A SciAI member'),
                                'rating', new.rating)],
    maintainer is distinct from auth.uid(), new.user_id)
  from public.content_items ci
  left join public.user_profiles p on p.id = new.user_id
  where ci.id = new.content_id and ci.status = 'published';
  return null;
end $$;
revoke execute on function public.notify_item_review() from public, anon, authenticated;

create trigger item_reviews_notify after insert or update of status on public.item_reviews
  for each row execute function public.notify_item_review();

-- A maintainer's reply to a review: its author hears of it (not of a reply they wrote).
create or replace function public.notify_review_reply() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.notifications (user_id, kind, content_id, event_key, payload, email_delivery, emailed_at)
  select r.user_id, 'review_reply', r.content_id, 'reply:' || r.id,
         public.notification_item_payload(ci.title, ci.content_type, ci.slug)
           || jsonb_build_object('path', public.notification_item_payload(ci.title, ci.content_type, ci.slug) ->> 'path'
                                           || '?tab=reviews',
                                 'person', coalesce(public.profile_signed_name(author), 'The maintainer')),
         d.state, case when d.state = 'instant' then now() end
  from public.item_reviews r
  join public.content_items ci on ci.id = r.content_id
  left join public.user_profiles author on author.id = new.author_id
  left join public.user_profiles p on p.id = r.user_id
  cross join lateral (select public.notification_email_state(
    public.notification_email_delivery(p.notification_preferences, 'replies')) as state) d
  where r.id = new.review_id and r.user_id <> new.author_id
  on conflict (user_id, event_key) do nothing;
  return null;
end $$;
revoke execute on function public.notify_review_reply() from public, anon, authenticated;

create trigger item_review_replies_notify after insert on public.item_review_replies
  for each row execute function public.notify_review_reply();

-- A moderator's decision on a contribution: its contributor hears of it. Their choice for
-- decisions says how it is e-mailed; at once, the decision's own mail (08) is its e-mail.
create or replace function public.notify_contribution_decision() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  state text;
  item public.content_items;
begin
  if new.status not in ('approved', 'changes_requested', 'rejected') or new.status is not distinct from old.status then
    return null;
  end if;
  state := public.notification_email_state(public.notification_email_delivery(
    (select p.notification_preferences from public.user_profiles p where p.id = new.submitter_id), 'decisions'));
  select * into item from public.content_items ci where ci.id = new.content_id and ci.status = 'published';
  insert into public.notifications (user_id, kind, content_id, event_key, payload, email_delivery, emailed_at)
  select new.submitter_id, 'contribution_decision', item.id,
         'submission:' || new.id || ':' || new.status || ':' || floor(extract(epoch from clock_timestamp()) * 1000)::bigint,
         jsonb_build_object('title', left(btrim(new.title), 300),
                            'path', coalesce(public.notification_item_payload(item.title, item.content_type, item.slug) ->> 'path',
                                             '/profile'),
                            'content_type', new.content_type, 'decision', new.status),
         case when state = 'instant' then 'separate' else state end,
         case when state = 'instant' then now() end
  where exists (select 1 from auth.users u where u.id = new.submitter_id)
  on conflict (user_id, event_key) do nothing;
  return null;
end $$;
revoke execute on function public.notify_contribution_decision() from public, anon, authenticated;

create trigger content_submissions_notify after update of status on public.content_submissions
  for each row execute function public.notify_contribution_decision();

-- An admin's decision on a claim, or an item offered to a new maintainer: the claimant (or the
-- one offered it) hears of it. Those mails are always sent (18_claims.sql): they are its e-mail.
create or replace function public.notify_claim_decision() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  recipient uuid;
  decision text;
begin
  if new.status is distinct from old.status and new.status in ('approved', 'rejected', 'revoked')
     and new.decided_by is not null and new.decided_by is distinct from new.claimant_id then
    recipient := new.claimant_id;
    decision := new.status;
  elsif new.transfer_to is not null and new.transfer_to is distinct from old.transfer_to then
    recipient := new.transfer_to;
    decision := 'transfer_offered';
  else
    return null;
  end if;
  insert into public.notifications (user_id, kind, content_id, event_key, payload, email_delivery, emailed_at)
  select recipient, 'claim_decision', ci.id,
         'claim:' || new.id || ':' || decision || ':' || floor(extract(epoch from clock_timestamp()) * 1000)::bigint,
         public.notification_item_payload(ci.title, ci.content_type, ci.slug)
           || jsonb_build_object('path', '/settings?tab=claims', 'decision', decision),
         'separate', now()
  from public.content_items ci where ci.id = new.content_id
  on conflict (user_id, event_key) do nothing;
  return null;
end $$;
revoke execute on function public.notify_claim_decision() from public, anon, authenticated;

create trigger item_claims_notify after update on public.item_claims
  for each row execute function public.notify_claim_decision();

-- Items just published, waiting for the server's job to tell their followers (notify_new_items).
-- A statement trigger fills it, so that a harvest of a thousand items costs one insert; the job
-- runs after the item's fields, people and search row are written, which a trigger on the item
-- row alone would run before.
create table public.notification_new_items (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  queued_at timestamptz not null default now()
);
alter table public.notification_new_items enable row level security;
revoke all on public.notification_new_items from anon, authenticated;

create or replace function public.queue_new_items() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not public.writes_are_news() then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into public.notification_new_items (content_id)
    select n.id from new_rows n where n.status = 'published'
    on conflict (content_id) do nothing;
  else
    insert into public.notification_new_items (content_id)
    select n.id from new_rows n join old_rows o on o.id = n.id
    where n.status = 'published' and o.status <> 'published'
    on conflict (content_id) do nothing;
  end if;
  return null;
end $$;
revoke execute on function public.queue_new_items() from public, anon, authenticated;

create trigger content_items_notify_insert after insert on public.content_items
  referencing new table as new_rows for each statement execute function public.queue_new_items();

create trigger content_items_notify_update after update on public.content_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.queue_new_items();

-- Imports and harvests insert their items with row triggers off (session_replication_role
-- replica, 09_import.sql and 11_harvest.sql); their new items are news all the same (a restore's
-- are not: writes_are_news).
alter table public.content_items enable always trigger content_items_notify_insert;
alter table public.content_items enable always trigger content_items_notify_update;

-- Each followed saved search as search_items' arguments, read from its browse address by core's
-- URL codec in the server (save_search_plans), so that new items are matched as the browse page
-- would find them. Domains are slugs; a missing year bound is open (a search saved in one year
-- still finds the next year's items).
create table public.saved_search_plans (
  search_query text primary key check (char_length(search_query) <= 2000),
  search text not null default '' check (char_length(search) <= 200),
  domains text[] not null default '{}',
  content_types text[] not null default '{}',
  features text[] not null default '{}',
  organization_sizes text[] not null default '{}',
  year_from integer,
  year_to integer,
  health text[] not null default '{}',
  operations text[] not null default '{}',
  input_data text[] not null default '{}',
  -- the text's condition as browse's first pass builds it (search_text_condition): kept, so that
  -- a harvest is not the moment thousands of texts are parsed; rebuilt daily, as the vocabulary grows
  tsq tsquery,
  pattern text,
  text_checked_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);
alter table public.saved_search_plans enable row level security;
revoke all on public.saved_search_plans from anon, authenticated;

-- The followed searches with no plan yet, for the server to read (at most `max_count`).
create or replace function public.searches_without_plan(max_count integer default 1000) returns setof text
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_outbox_worker();
  return query
  select distinct f.search_query from public.follows f
  where f.search_query is not null
    and not exists (select 1 from public.saved_search_plans p where p.search_query = f.search_query)
  limit greatest(1, least(coalesce(max_count, 1000), 10000));
end $$;
revoke execute on function public.searches_without_plan(integer) from public, anon, authenticated;
grant execute on function public.searches_without_plan(integer) to service_role;

-- Stores the server's reading of saved searches: [{search_query, search, domains, content_types,
-- features, organization_sizes, year_from, year_to, health, operations, input_data}, ...].
create or replace function public.save_search_plans(plans jsonb) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  saved integer;
begin
  perform public.assert_outbox_worker();
  if jsonb_typeof(plans) is distinct from 'array' or jsonb_array_length(plans) > 10000 then
    raise exception 'plans must be an array of at most 10,000 searches' using errcode = '22023';
  end if;
  insert into public.saved_search_plans (search_query, search, domains, content_types, features, organization_sizes,
                                         year_from, year_to, health, operations, input_data, tsq, pattern)
  select x.*, t.tsq, t.pattern
  from (
  select left(e ->> 'search_query', 2000) as search_query, left(lower(btrim(coalesce(e ->> 'search', ''))), 200) as search,
         array(select distinct coalesce(d.slug, '?' || x) from jsonb_array_elements_text(coalesce(e -> 'domains', '[]')) x
               left join public.scientific_domains d on d.slug = lower(x) or d.id::text = lower(x)),
         array(select jsonb_array_elements_text(coalesce(e -> 'content_types', '[]'))),
         array(select jsonb_array_elements_text(coalesce(e -> 'features', '[]'))),
         array(select jsonb_array_elements_text(coalesce(e -> 'organization_sizes', '[]'))),
         (e ->> 'year_from')::integer, (e ->> 'year_to')::integer,
         array(select jsonb_array_elements_text(coalesce(e -> 'health', '[]'))),
         array(select jsonb_array_elements_text(coalesce(e -> 'operations', '[]'))),
         array(select jsonb_array_elements_text(coalesce(e -> 'input_data', '[]')))
  from jsonb_array_elements(plans) e
  where jsonb_typeof(e) = 'object' and e ->> 'search_query' is not null) x
  cross join lateral public.search_text_condition(x.search) t
  on conflict (search_query) do nothing;
  get diagnostics saved = row_count;
  return saved;
end $$;
revoke execute on function public.save_search_plans(jsonb) from public, anon, authenticated;
grant execute on function public.save_search_plans(jsonb) to service_role;

-- Tells the followers of up to batch_size queued new items, in one transaction
-- (docs/product.md#notification-events): the followers of each item's fields (a followed field
-- covers its subfields; the nearest one names it), of its organization, of the researchers it
-- names (a user whose ORCID-verified iD is among its people, with a public profile) and of the
-- saved searches it matches (every word and filter, as browse finds it: not the "some of the
-- words" fallback). A user hears of an item once, through what brought it most particularly (a
-- saved search before a field, a field before an organization, a researcher last), and never of
-- an item they contributed. What one follow brings a user in one pass is ONE notification: one
-- item as itself, several as the follow's name with their number and first three titles, linking
-- to the follow's newest items. Items still being written (not yet in the browse index) wait
-- for the next pass. Returns {items, notifications, remaining}.
-- A background job: no parallel workers, so that visitors keep a core while a harvest is told.
create or replace function public.notify_new_items(batch_size integer default 500) returns jsonb
language plpgsql security definer set search_path = '' set work_mem = '32MB' set max_parallel_workers_per_gather = 0 as $$
declare
  ids uuid[];
  made integer := 0;
begin
  perform public.assert_outbox_worker();
  ids := array(
    select q.content_id from public.notification_new_items q
    where q.queued_at <= now()
      and (exists (select 1 from public.content_search cs where cs.content_id = q.content_id)
           or not exists (select 1 from public.content_items ci where ci.id = q.content_id and ci.status = 'published'))
    order by q.queued_at, q.content_id
    limit greatest(1, least(coalesce(batch_size, 500), 2000))
    for update skip locked);
  if cardinality(ids) = 0 then
    return jsonb_build_object('items', 0, 'notifications', 0,
                              'remaining', (select count(*) from public.notification_new_items));
  end if;
  delete from public.notification_new_items q where q.content_id = any (ids);
  -- the texts of saved searches kept for more than a day, rebuilt a few hundred at a time, and
  -- the plans of searches nobody follows any more dropped
  delete from public.saved_search_plans p
  where p.text_checked_at < now() - interval '1 day'
    and not exists (select 1 from public.follows f where f.search_query = p.search_query);
  update public.saved_search_plans p set tsq = t.tsq, pattern = t.pattern, text_checked_at = now()
  from (select x.search_query, x.search from public.saved_search_plans x
        where x.text_checked_at < now() - interval '1 day' order by x.text_checked_at limit 300) s
  cross join lateral public.search_text_condition(s.search) t
  where p.search_query = s.search_query;

  -- the batch's browse rows in queue order, kept for the statement below (dropped with the transaction)
  create temporary table if not exists notify_batch_items (
    content_id uuid primary key, ord integer, title text, content_type text, domain_slugs text[], features text[],
    organization_size text, year integer, search_vector tsvector, name_key text, operations text[], input_data text[],
    active_at timestamptz, archived boolean, link_health text, organization_id uuid, payload jsonb) on commit drop;
  truncate notify_batch_items;
  insert into notify_batch_items
  select cs.content_id, q.ord::integer, left(btrim(ci.title), 300), cs.content_type, cs.domain_slugs, cs.features,
         cs.organization_size, cs.year, cs.search_vector, cs.name_key, cs.operations, cs.input_data, cs.active_at,
         cs.archived, cs.link_health, ci.organization_id,
         public.notification_item_payload(ci.title, ci.content_type, ci.slug)
  from unnest(ids) with ordinality as q (content_id, ord)
  join public.content_search cs on cs.content_id = q.content_id
  join public.content_items ci on ci.id = cs.content_id
  where cs.status = 'published' and ci.status = 'published';
  analyze notify_batch_items;

  -- Every follow that brings a user an item, with how particular it is (rank; for a field, how far
  -- above the item's own field it sits). Narrow rows: a harvest brings millions of them.
  create temporary table if not exists notify_batch_matches (
    user_id uuid, content_id uuid, follow_id uuid, rank smallint, depth integer) on commit drop;
  truncate notify_batch_matches;
  insert into notify_batch_matches
  -- saved searches: every followed search against every item of the batch, in one join of the
  -- text's kept condition and the filters, as browse's first pass tests a row
  select f.user_id, m.content_id, f.id, 1, 0
  from (
    select p.search_query, i.content_id
    from public.saved_search_plans p
    join notify_batch_items i on
      (p.search = '' or (p.tsq is not null and i.search_vector @@ p.tsq) or (p.pattern is not null and i.name_key like p.pattern))
      and (cardinality(p.content_types) = 0 or i.content_type = any (p.content_types))
      and (cardinality(p.domains) = 0 or i.domain_slugs && p.domains)
      and (cardinality(p.features) = 0 or i.features @> p.features)
      and (cardinality(p.organization_sizes) = 0 or i.organization_size = any (p.organization_sizes))
      and i.year between coalesce(p.year_from, -32768) and coalesce(p.year_to, 32767)
      and (cardinality(p.operations) = 0 or i.operations && p.operations)
      and (cardinality(p.input_data) = 0 or i.input_data && p.input_data)
      and (not 'maintained' = any (p.health) or (i.active_at >= public.search_active_since() and not i.archived))
      and (not 'links_ok' = any (p.health) or coalesce(i.link_health, 'ok') = 'ok')) m
  join public.follows f on f.search_query = m.search_query
  union all
  -- fields: each item with its own field and every field above it
  select f.user_id, x.content_id, f.id, 2, x.depth
  from (select i.content_id, a.ancestor_id, min(a.depth) as depth
        from notify_batch_items i
        join public.content_domains cd on cd.content_id = i.content_id
        join public.domain_ancestry a on a.domain_id = cd.domain_id
        group by i.content_id, a.ancestor_id) x
  join public.follows f on f.domain_id = x.ancestor_id
  union all
  select f.user_id, i.content_id, f.id, 3, 0
  from notify_batch_items i
  join public.follows f on f.organization_id = i.organization_id
  union all
  -- researchers the item names, by their ORCID-verified iD, with a public profile
  select f.user_id, x.content_id, f.id, 4, 0
  from (select distinct i.content_id, v.user_id as person
        from notify_batch_items i
        join public.content_people cp on cp.content_id = i.content_id
        join public.people pe on pe.id = cp.person_id and pe.orcid_id is not null
        join public.verified_orcid_ids v on v.orcid_id = pe.orcid_id
        join public.user_profiles up on up.id = v.user_id and up.is_public) x
  join public.follows f on f.person_id = x.person;

  -- Each user's items go to their most particular follow (not their own items), then one
  -- notification per user and follow: the item itself when it is one, else the follow's name,
  -- how many, the first three titles and the address of its newest items. The key names the
  -- follow and its first item of the pass (an item is in one pass only).
  insert into public.notifications (user_id, kind, content_id, follow_id, event_key, payload, email_delivery, emailed_at)
  select g.user_id, 'followed_new_item', case when g.items = 1 then i.content_id end, g.follow_id,
         'new:' || g.follow_id || ':' || i.content_id,
         case when g.items = 1 then i.payload || jsonb_build_object('via', v.via, 'via_name', v.name)
              else jsonb_build_object('title', v.name, 'path', v.path, 'via', v.via, 'via_name', v.name,
                                      'count', g.items, 'titles', to_jsonb(g.titles)) end,
         s.state, case when s.state = 'instant' then now() end
  from (
    select c.user_id, c.follow_id, count(*)::integer as items, min(b.ord) as first_ord,
           (array_agg(b.title order by b.ord))[1:3] as titles
    from (select distinct on (m.user_id, m.content_id) m.user_id, m.content_id, m.follow_id
          from notify_batch_matches m
          order by m.user_id, m.content_id, m.rank, m.depth, m.follow_id) c
    join notify_batch_items b on b.content_id = c.content_id
    where not exists (select 1 from public.content_item_credits k where k.content_id = c.content_id and k.submitted_by = c.user_id)
    group by c.user_id, c.follow_id) g
  join notify_batch_items i on i.ord = g.first_ord
  join public.follows f on f.id = g.follow_id
  left join public.scientific_domains d on d.id = f.domain_id
  left join public.organizations o on o.id = f.organization_id
  left join public.user_profiles up on up.id = f.person_id
  -- the follow's kind, name and newest items: a field's or saved search's browse address sorted by
  -- Recently Added (in place of any sort it had), an organization's page, a researcher's profile
  cross join lateral (select f.target_type as via,
    left(case f.target_type when 'search' then coalesce(f.label, 'a saved search') when 'field' then d.name
           when 'organization' then o.name
           else coalesce(public.profile_signed_name(up), 'a researcher you follow') end, 200) as name,
    case f.target_type
      when 'search' then '/browse?' || concat_ws('&',
        nullif(btrim(regexp_replace(f.search_query, '(^|&)sort=[^&]*', '', 'g'), '&'), ''), 'sort=recent')
      when 'field' then '/browse?domain=' || d.slug || '&sort=recent'
      when 'organization' then '/org/' || f.organization_id
      else coalesce('/u/' || up.handle, '/following') end as path) v
  left join public.user_profiles p on p.id = g.user_id
  cross join lateral (select public.notification_email_state(
    public.notification_email_delivery(p.notification_preferences, 'new_items')) as state) s
  on conflict (user_id, event_key) do nothing;
  get diagnostics made = row_count;
  return jsonb_build_object('items', cardinality(ids), 'notifications', made,
                            'remaining', (select count(*) from public.notification_new_items));
end $$;
revoke execute on function public.notify_new_items(integer) from public, anon, authenticated;
grant execute on function public.notify_new_items(integer) to service_role;

-- The digests (docs/product.md#notification-email), for up to max_users users who have had
-- something waiting for more than a day (notification_digests.waiting_since), in one transaction.
-- A notification waits for a period's digest when it was made for digests, is past that period's
-- mark, is unread, and its category's current choice is that period (daily, or instant for what
-- waited when the choice changed; weekly). A period's digest is due once its oldest waiting entry
-- is a day (a week) old: ONE outbox row carries it (its 50 newest entries and the count), never an
-- empty one, and the period's mark moves past what it considered. waiting_since becomes the oldest
-- entry still waiting, or null. Read or turned-off entries are left out and never mailed. Two
-- servers never write the same digest: the work is serialized by a transaction lock.
-- Returns {digests, users}; the server calls again while users were found.
create or replace function public.write_notification_digests(max_users integer default 500) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  chosen uuid[];
  written integer;
begin
  perform public.assert_outbox_worker();
  perform pg_advisory_xact_lock(7412093003);
  chosen := array(
    select d.user_id from public.notification_digests d
    where d.waiting_since <= now() - interval '1 day'
    order by d.waiting_since, d.user_id
    limit greatest(1, least(coalesce(max_users, 500), 5000))
    for update);
  if cardinality(chosen) = 0 then
    return jsonb_build_object('digests', 0, 'users', 0);
  end if;
  with waiting as materialized (
    -- each waiting entry with its period's oldest entry, last id and place (newest first)
    select n.id, n.user_id, n.kind, n.payload, n.created_at, x.period,
           min(n.created_at) over w as oldest, max(n.id) over w as through,
           row_number() over (w order by n.id desc) as place
    from public.notification_digests m
    left join public.user_profiles p on p.id = m.user_id
    join public.notifications n on n.user_id = m.user_id and n.id > least(m.daily_through, m.weekly_through)
    cross join lateral (select case public.notification_email_delivery(p.notification_preferences, public.notification_category(n.kind))
                                 when 'weekly' then 'weekly' when 'off' then null else 'daily' end as period) x
    where m.user_id = any (chosen) and n.email_delivery = 'digest' and n.read_at is null and x.period is not null
      and n.id > case x.period when 'daily' then m.daily_through else m.weekly_through end
    window w as (partition by n.user_id, x.period)
  ), flagged as materialized (
    select w.*, w.oldest <= now() - case w.period when 'weekly' then interval '7 days' else interval '1 day' end as due
    from waiting w
  ), per_user as (
    select u.user_id,
           max(f.through) filter (where f.due and f.period = 'daily') as daily,
           max(f.through) filter (where f.due and f.period = 'weekly') as weekly,
           min(f.created_at) filter (where not f.due) as since
    from unnest(chosen) as u (user_id)
    left join flagged f on f.user_id = u.user_id
    group by u.user_id
  ), moved as (
    update public.notification_digests g
    set daily_through = coalesce(u.daily, g.daily_through),
        weekly_through = coalesce(u.weekly, g.weekly_through),
        daily_sent_at = case when u.daily is not null then now() else g.daily_sent_at end,
        weekly_sent_at = case when u.weekly is not null then now() else g.weekly_sent_at end,
        waiting_since = u.since
    from per_user u where g.user_id = u.user_id
  )
  insert into public.notification_outbox (recipient_id, kind, payload)
  select f.user_id, 'notification_digest', jsonb_build_object(
    'period', f.period, 'count', count(*),
    'entries', jsonb_agg(jsonb_build_object('kind', f.kind, 'payload', f.payload, 'created_at', f.created_at)
                         order by f.id desc) filter (where f.place <= 50))
  from flagged f
  where f.due
  group by f.user_id, f.period;
  get diagnostics written = row_count;
  return jsonb_build_object('digests', written, 'users', cardinality(chosen));
end $$;
revoke execute on function public.write_notification_digests(integer) from public, anon, authenticated;
grant execute on function public.write_notification_digests(integer) to service_role;

-- Retention (docs/product.md#notification-retention): read notifications made more than
-- retention_days ago, at most batch_size a call; returns how many went.
create or replace function public.delete_old_notifications(retention_days integer, batch_size integer default 5000)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  removed integer;
begin
  perform public.assert_outbox_worker();
  if retention_days is null or retention_days < 1 then
    raise exception 'retention_days must be at least 1' using errcode = '22023';
  end if;
  delete from public.notifications n
  where n.id in (select x.id from public.notifications x
                 where x.read_at is not null and x.created_at < now() - make_interval(days => retention_days)
                 order by x.id limit greatest(1, least(coalesce(batch_size, 5000), 50000)));
  get diagnostics removed = row_count;
  return removed;
end $$;
revoke execute on function public.delete_old_notifications(integer, integer) from public, anon, authenticated;
grant execute on function public.delete_old_notifications(integer, integer) to service_role;

-- A one-click unsubscribe (docs/product.md#notification-email), checked by the server before it
-- calls this: the category, or for a digest every category the user has e-mailed in it (daily or
-- weekly), becomes 'off'. Doing it again changes nothing. Returns the categories now off.
create or replace function public.unsubscribe_email(_user_id uuid, scope text) returns text[]
language plpgsql security definer set search_path = '' as $$
declare
  categories text[];
begin
  perform public.assert_outbox_worker();
  if scope in ('daily', 'weekly') then
    categories := array(
      select c from public.user_profiles p,
        unnest(array['new_items', 'item_updates', 'reviews', 'replies', 'decisions']) as c
      where p.id = _user_id and public.notification_email_delivery(p.notification_preferences, c) = scope);
  elsif scope in ('new_items', 'item_updates', 'reviews', 'replies', 'decisions') then
    categories := array[scope];
  else
    raise exception 'Unknown e-mail category' using errcode = '22023';
  end if;
  update public.user_profiles p
  set notification_preferences = p.notification_preferences || jsonb_build_object('email',
        coalesce(case when jsonb_typeof(p.notification_preferences -> 'email') = 'object'
                      then p.notification_preferences -> 'email' end, '{}'::jsonb)
        || (select coalesce(jsonb_object_agg(c, 'off'), '{}'::jsonb) from unnest(categories) as c))
  where p.id = _user_id and cardinality(categories) > 0;
  return categories;
end $$;
revoke execute on function public.unsubscribe_email(uuid, text) from public, anon, authenticated;
grant execute on function public.unsubscribe_email(uuid, text) to service_role;

-- A fact edited (docs/product.md#notification-events): each new version of a published item
-- (item_versions, 22_item_versions.sql) tells the item's followers and its maintainer, but not
-- whoever made the change. The trigger is deferred to the end of the writing transaction, when
-- the version holds all of that transaction's changes (several row updates make one version, and
-- a version whose changes cancel out is gone by then: then nobody is told).
create or replace function public.notify_item_fact_edited() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v public.item_versions;
  item public.content_items;
  payload jsonb;
begin
  select * into v from public.item_versions iv where iv.id = new.id;
  if not found then
    return null;
  end if;
  select * into item from public.content_items ci where ci.id = v.content_id and ci.status = 'published';
  if not found then
    return null;
  end if;
  payload := public.notification_item_payload(item.title, item.content_type, item.slug);
  payload := payload || jsonb_build_object(
    'path', (payload ->> 'path') || '?tab=history&version=' || v.version,
    'fields', (select jsonb_agg(k order by k) from jsonb_object_keys(v.changes) k));
  perform public.notify_item_followers(array[v.content_id], 'item_fact_edited',
    array['fact:' || v.content_id || ':' || v.version], array[payload], true, v.actor_user_id);
  return null;
end $$;
revoke execute on function public.notify_item_fact_edited() from public, anon, authenticated;

create constraint trigger item_versions_notify_followers
  after insert on public.item_versions deferrable initially deferred
  for each row execute function public.notify_item_fact_edited();
