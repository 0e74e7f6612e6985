-- Notifications (docs/product.md#notifications): what happened that a user asked to hear about
-- (through a follow) or that concerns them (a review of an item they maintain, a reply to their
-- review, a decision on their contribution or claim). Every notification is shown in the app;
-- which ones are also e-mailed, at once or in a digest, follows the user's choice per category
-- (core's NOTIFICATION_CATEGORY_OF and user_profiles.notification_preferences). Users read their
-- own and mark them read through the functions below; only the database's own functions and the
-- server write them.
create table public.notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in (
    'followed_new_item', 'item_release', 'item_link_dead', 'item_archived', 'item_paper_linked',
    'item_fact_edited', 'item_review', 'review_reply', 'contribution_decision', 'claim_decision')),
  -- the item it is about, when it is about one
  content_id uuid references public.content_items (id) on delete cascade,
  -- the follow that brought it, when a follow did
  follow_id uuid references public.follows (id) on delete set null,
  -- one notification per user and event, however many follows it matches (e.g. 'new_item:<id>')
  event_key text not null check (char_length(event_key) between 1 and 200),
  -- what the entry shows and links to: title, slug, content_type, and what changed
  payload jsonb not null check (jsonb_typeof(payload) = 'object' and pg_column_size(payload) <= 8192),
  created_at timestamptz not null default now(),
  read_at timestamptz,
  -- how it is e-mailed (docs/product.md#notification-email), fixed when it is made from the
  -- user's choice for its category: 'instant' (a mail of its own, queued with it), 'separate'
  -- (the event's own mail is its e-mail: a decision, a review of an item the user maintains),
  -- 'digest' (waits for the user's daily or weekly digest), or null (not e-mailed)
  email_delivery text check (email_delivery in ('instant', 'separate', 'digest')),
  -- when its own e-mail was queued (instant, separate); a digest's entries are marked by the
  -- user's digest marks instead (notification_digests), so that a digest rewrites no row
  emailed_at timestamptz
);
alter table public.notifications enable row level security;
revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;

create policy "read own notifications" on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));

create unique index notifications_event_key on public.notifications (user_id, event_key);
create index notifications_user_idx on public.notifications (user_id, id desc);
create index notifications_unread_idx on public.notifications (user_id, id) where read_at is null;
create index notifications_follow_idx on public.notifications (follow_id, created_at) where follow_id is not null;
create index notifications_read_idx on public.notifications (read_at) where read_at is not null;

-- The signed-in user's notifications, newest first, a page at a time (before_id: the last id of
-- the page before), with the unread count for the bell.
create or replace function public.my_notifications(
  only_unread boolean default false, before_id bigint default null, page_size integer default 20)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  size integer := greatest(1, least(coalesce(page_size, 20), 100));
  entries jsonb;
begin
  if me is null then
    raise exception 'Sign in to see your notifications' using errcode = '42501';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', n.id, 'kind', n.kind, 'payload', n.payload, 'created_at', n.created_at,
           'read', n.read_at is not null) order by n.id desc), '[]'::jsonb)
  into entries
  from (select * from public.notifications n
        where n.user_id = me
          and (not coalesce(only_unread, false) or n.read_at is null)
          and (before_id is null or n.id < before_id)
        order by n.id desc
        limit size + 1) n;
  return jsonb_build_object(
    'notifications', (select coalesce(jsonb_agg(e), '[]'::jsonb)
                      from (select e from jsonb_array_elements(entries) with ordinality as t(e, i) where i <= size) s),
    'has_more', jsonb_array_length(entries) > size,
    'unread_count', public.unread_notification_count());
end $$;
revoke execute on function public.my_notifications(boolean, bigint, integer) from public, anon;
grant execute on function public.my_notifications(boolean, bigint, integer) to authenticated;

-- The bell's number: the signed-in user's unread notifications (0 when signed out).
create or replace function public.unread_notification_count() returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.notifications n
  where n.user_id = auth.uid() and n.read_at is null
$$;
revoke execute on function public.unread_notification_count() from public, anon;
grant execute on function public.unread_notification_count() to authenticated;

-- Marks the given notifications of the signed-in user read (all of them when ids is null), or
-- unread again; returns how many changed.
create or replace function public.mark_notifications(ids bigint[] default null, mark_read boolean default true)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  changed integer;
begin
  if me is null then
    raise exception 'Sign in to see your notifications' using errcode = '42501';
  end if;
  if ids is not null and cardinality(ids) > 1000 then
    raise exception 'Mark at most 1,000 notifications at a time' using errcode = '22023';
  end if;
  update public.notifications n
  set read_at = case when coalesce(mark_read, true) then now() end
  where n.user_id = me
    and (ids is null or n.id = any (ids))
    and (n.read_at is null) = coalesce(mark_read, true);
  get diagnostics changed = row_count;
  return changed;
end $$;
revoke execute on function public.mark_notifications(bigint[], boolean) from public, anon;
grant execute on function public.mark_notifications(bigint[], boolean) to authenticated;
