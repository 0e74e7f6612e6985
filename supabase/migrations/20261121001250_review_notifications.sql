-- Review decisions e-mailed to contributors through a transactional outbox: the decision and
-- the row that asks for its e-mail commit together (or not at all), and the server's outbox
-- mailer (server/src/notifications) sends the rows afterwards, retrying with backoff. Users
-- never read the outbox: it holds e-mail addresses' worth of private context.

create table public.notification_outbox (
  id bigint generated always as identity primary key,
  recipient_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('submission_approved', 'submission_changes_requested', 'submission_rejected')),
  -- submission_id, title, content_type, and reason (changes/rejected) or slug (approved)
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  -- When the row may be claimed next: now for a new row, later after a failure (backoff) or
  -- while a mailer holds it (a lease, so a crashed mailer's rows come back by themselves).
  next_attempt_at timestamptz not null default now(),
  last_error text check (char_length(last_error) <= 1000)
);
create index notification_outbox_due_idx on public.notification_outbox (next_attempt_at, id) where sent_at is null;
create index notification_outbox_recipient_idx on public.notification_outbox (recipient_id);

alter table public.notification_outbox enable row level security;
-- No policies: anon and authenticated see nothing; the server works as the table owner and a
-- hosted worker would use the service role (which bypasses RLS).
revoke all on table public.notification_outbox from public, anon, authenticated;
grant select, insert, update, delete on table public.notification_outbox to service_role;

-- After a moderator's decision, in its transaction: queue the e-mail unless the contributor
-- turned "Review decisions on my contributions" off (missing or non-false means on).
create or replace function public.queue_review_notification() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  notification_kind text := case new.status
    when 'approved' then 'submission_approved'
    when 'changes_requested' then 'submission_changes_requested'
    when 'rejected' then 'submission_rejected' end;
  item_slug text;
begin
  if notification_kind is null or new.status is not distinct from old.status then
    return null;
  end if;
  if not exists (select 1 from auth.users u where u.id = new.submitter_id) then
    return null;
  end if;
  if exists (select 1 from public.user_profiles p
             where p.id = new.submitter_id
               and p.notification_preferences -> 'contribution_reviews' = 'false'::jsonb) then
    return null;
  end if;
  if new.status = 'approved' and new.content_id is not null then
    select ci.slug into item_slug from public.content_items ci where ci.id = new.content_id;
  end if;
  insert into public.notification_outbox (recipient_id, kind, payload)
  values (new.submitter_id, notification_kind, jsonb_strip_nulls(jsonb_build_object(
    'submission_id', new.id,
    'title', new.title,
    'content_type', new.content_type,
    'reason', case when new.status = 'approved' then null else new.review_reason end,
    'slug', item_slug)));
  return null;
end $$;

create trigger content_submissions_review_notification
  after update of status on public.content_submissions
  for each row execute function public.queue_review_notification();

-- The server or the service role only: PostgREST's authenticator sessions are refused unless
-- they act as service_role (execute is also revoked from anon and authenticated).
create or replace function public.assert_outbox_worker() returns void
language plpgsql stable set search_path = '' as $$
begin
  if session_user::text = 'authenticator' and coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Only the server may work the notification outbox' using errcode = '42501';
  end if;
end $$;

-- Claims up to batch_size due rows for lease_seconds (skip locked: several mailers never take
-- the same row) and returns them with the recipient's current address and first name.
create or replace function public.claim_notification_batch(batch_size integer default 20, lease_seconds integer default 300)
returns table (id bigint, kind text, payload jsonb, attempts integer, email text, first_name text)
language plpgsql security definer set search_path = '' as $$
begin
  perform public.assert_outbox_worker();
  return query
  with due as (
    select o.id from public.notification_outbox o
    where o.sent_at is null and o.attempts < 8 and o.next_attempt_at <= now()
    order by o.next_attempt_at, o.id
    limit greatest(1, least(coalesce(batch_size, 20), 100))
    for update skip locked
  ), leased as (
    update public.notification_outbox o
    set attempts = o.attempts + 1,
        next_attempt_at = now() + make_interval(secs => greatest(30, coalesce(lease_seconds, 300)))
    from due where o.id = due.id
    returning o.id, o.kind, o.payload, o.attempts, o.recipient_id
  )
  select l.id, l.kind, l.payload, l.attempts, u.email::text, p.first_name
  from leased l
  join auth.users u on u.id = l.recipient_id
  left join public.user_profiles p on p.id = l.recipient_id
  order by l.id;
end $$;

create or replace function public.mark_notification_sent(notification_id bigint) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform public.assert_outbox_worker();
  update public.notification_outbox o set sent_at = now(), last_error = null where o.id = notification_id;
end $$;

-- A failed send comes back after 30 s, 1 min, 2 min … (at most 1 hour); after 8 attempts the
-- row stays unsent with its last error, for an operator to look at.
create or replace function public.mark_notification_failed(notification_id bigint, error_message text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform public.assert_outbox_worker();
  update public.notification_outbox o
  set last_error = left(coalesce(error_message, 'unknown error'), 1000),
      next_attempt_at = now() + least(interval '1 hour', interval '30 seconds' * power(2, greatest(o.attempts - 1, 0)))
  where o.id = notification_id and o.sent_at is null;
end $$;

revoke execute on function public.queue_review_notification() from public, anon, authenticated;
revoke execute on function public.assert_outbox_worker() from public, anon, authenticated;
revoke execute on function public.claim_notification_batch(integer, integer) from public, anon, authenticated;
revoke execute on function public.mark_notification_sent(bigint) from public, anon, authenticated;
revoke execute on function public.mark_notification_failed(bigint, text) from public, anon, authenticated;
grant execute on function public.assert_outbox_worker() to service_role;
grant execute on function public.claim_notification_batch(integer, integer) to service_role;
grant execute on function public.mark_notification_sent(bigint) to service_role;
grant execute on function public.mark_notification_failed(bigint, text) to service_role;
