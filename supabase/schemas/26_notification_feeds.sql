-- Private notification feeds (docs/product.md#notification-feeds): an Atom feed of a user's
-- notifications at /feeds/notifications/<token>.atom, for feed readers, which cannot sign in. The
-- address is the credential, so it is treated like a personal API token: made by its owner in
-- Settings, shown once, kept only as its SHA-256, rotated (a new address, the old one dead) or
-- revoked there. One per user. The gateway looks a presented token up by its hash over its owner
-- connection (notification_feed); nothing else reads the hash.
create table public.notification_feed_tokens (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- SHA-256 of the token (64 hex digits): 32 bytes, never the token
  token_hash bytea not null unique check (octet_length(token_hash) = 32),
  -- the feed's Atom id: new with every address, so a reader never mixes two addresses' entries
  feed_id uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now()
);
alter table public.notification_feed_tokens enable row level security;
revoke all on public.notification_feed_tokens from anon, authenticated;
-- whether the owner has a feed, and since when; never the hash
grant select (user_id, created_at) on public.notification_feed_tokens to authenticated;

create policy "Owners see whether they have a notification feed" on public.notification_feed_tokens
  for select to authenticated using (user_id = (select auth.uid()));

-- A new feed address for the caller, replacing any earlier one (which stops working at once):
-- returned once, in clear, and kept only as its SHA-256. Two random UUIDs give 244 random bits.
-- A request made with a personal API token may not make one: those tokens only read.
create or replace function public.create_notification_feed_token()
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  token text;
  made public.notification_feed_tokens;
begin
  if caller is null or coalesce(auth.jwt(), '{}'::jsonb) ? 'api_token_id' then
    raise exception 'Sign in to make a feed address' using errcode = '42501';
  end if;
  token := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  insert into public.notification_feed_tokens as t (user_id, token_hash)
  values (caller, sha256(convert_to(token, 'UTF8')))
  on conflict (user_id) do update
    set token_hash = excluded.token_hash, feed_id = gen_random_uuid(), created_at = now()
  returning * into made;
  return jsonb_build_object('token', token, 'created_at', made.created_at);
end $$;
revoke execute on function public.create_notification_feed_token() from public, anon;
grant execute on function public.create_notification_feed_token() to authenticated;

-- Turns the caller's feed off: its address answers 404 from now on. True when there was one.
create or replace function public.revoke_notification_feed_token()
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  removed integer;
begin
  if caller is null or coalesce(auth.jwt(), '{}'::jsonb) ? 'api_token_id' then
    raise exception 'Sign in to turn your feed off' using errcode = '42501';
  end if;
  delete from public.notification_feed_tokens t where t.user_id = caller;
  get diagnostics removed = row_count;
  return removed > 0;
end $$;
revoke execute on function public.revoke_notification_feed_token() from public, anon;
grant execute on function public.revoke_notification_feed_token() to authenticated;

-- The gateway's read (owner connection only): for a live token of a user neither banned nor
-- deleted, the feed's id and the user's newest notifications (at most 100), as my_notifications
-- lists them; no row for any other token.
create or replace function public.notification_feed(presented_hash bytea, max_entries integer default 50)
returns table (feed_id uuid, entries jsonb)
language sql stable security definer set search_path = '' as $$
  select t.feed_id,
         coalesce((select jsonb_agg(jsonb_build_object(
                     'id', n.id, 'kind', n.kind, 'payload', n.payload, 'created_at', n.created_at,
                     'read', n.read_at is not null) order by n.id desc)
                   from (select * from public.notifications n
                         where n.user_id = t.user_id
                         order by n.id desc
                         limit greatest(1, least(coalesce(max_entries, 50), 100))) n), '[]'::jsonb)
  from public.notification_feed_tokens t
  join auth.users u on u.id = t.user_id
  where t.token_hash = presented_hash
    and (u.banned_until is null or u.banned_until <= now())
    and u.deleted_at is null
$$;
revoke execute on function public.notification_feed(bytea, integer) from public, anon, authenticated;
