-- Personal API tokens (docs/decisions/0041-personal-api-tokens.md): named read tokens a signed-in
-- user makes in Settings for scripts and notebooks. Only a SHA-256 of the token is kept; the token
-- itself is shown once, by create_api_token. The gateway looks a presented token up by its hash
-- over its owner connection and forwards the request as the user with the claim api_token_id;
-- it refuses every write first, and the functions below refuse a request made with a token too.

create table public.api_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 60 and name !~ '[[:cntrl:]]'),
  -- SHA-256 of the whole token (sciai_ + 64 hex digits): 32 bytes, never the token
  token_hash bytea not null unique check (octet_length(token_hash) = 32),
  -- the first characters, so the owner can tell tokens apart (sciai_1a2b)
  token_prefix text not null check (token_prefix ~ '^sciai_[0-9a-f]{4}$'),
  created_at timestamptz not null default now(),
  -- a year at most: a forgotten token stops by itself
  expires_at timestamptz not null,
  -- written by the gateway at most once a minute per token, not on every request
  last_used_at timestamptz,
  check (expires_at > created_at and expires_at <= created_at + interval '365 days')
);
create index api_tokens_user_id_idx on public.api_tokens (user_id, created_at desc);

alter table public.api_tokens enable row level security;

-- The owner lists and revokes (deletes) their tokens; a request made with a token may do neither.
create policy "Owners read their API tokens" on public.api_tokens
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Owners revoke their API tokens" on public.api_tokens
  for delete to authenticated
  using (user_id = (select auth.uid()) and not (coalesce(auth.jwt(), '{}'::jsonb) ? 'api_token_id'));

revoke all on public.api_tokens from anon, authenticated;
-- never token_hash, not even the owner's own
grant select (id, name, token_prefix, created_at, expires_at, last_used_at) on public.api_tokens to authenticated;
grant delete on public.api_tokens to authenticated;

-- A new token for the caller: returned once, in clear, and kept only as its SHA-256. Two random
-- UUIDs give 244 random bits from the server's strong random source. At most 10 tokens a user,
-- each for a year at most. An account with a verified second factor makes one only from a session
-- that used it (aal2): a token outlives its session, so it needs the account's strongest proof.
-- Its owner is e-mailed (through the notification outbox), whoever made it.
create or replace function public.create_api_token(token_name text, expires_in_days integer default 90)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  clean_name text := btrim(coalesce(token_name, ''));
  token text;
  created public.api_tokens;
begin
  if caller is null or coalesce(auth.jwt(), '{}'::jsonb) ? 'api_token_id' then
    raise exception 'Sign in to create an API token' using errcode = '42501';
  end if;
  if coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2'
     and exists (select 1 from auth.mfa_factors f where f.user_id = caller and f.status::text = 'verified') then
    raise exception 'Your account uses two-factor authentication: verify your second factor to create an API token'
      using errcode = '42501';
  end if;
  if char_length(clean_name) not between 1 and 60 or clean_name ~ '[[:cntrl:]]' then
    raise exception 'Token name must be 1 to 60 characters' using errcode = '22023';
  end if;
  if expires_in_days is null or expires_in_days not in (7, 30, 90, 365) then
    raise exception 'Expiry must be 7, 30, 90 or 365 days' using errcode = '22023';
  end if;
  -- one at a time per user, so two concurrent calls cannot both pass the cap
  perform pg_advisory_xact_lock(hashtextextended('api_tokens:' || caller::text, 0));
  if (select count(*) from public.api_tokens t where t.user_id = caller) >= 10 then
    raise exception 'You have 10 API tokens already: revoke one first' using errcode = '54000';
  end if;
  token := 'sciai_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  insert into public.api_tokens (user_id, name, token_hash, token_prefix, expires_at)
  values (caller, clean_name, sha256(convert_to(token, 'UTF8')), left(token, 10),
          now() + make_interval(days => expires_in_days))
  returning * into created;
  insert into public.notification_outbox (recipient_id, kind, payload)
  values (caller, 'api_token_created', jsonb_build_object(
    'name', created.name, 'token_prefix', created.token_prefix,
    'created_at', created.created_at, 'expires_at', created.expires_at));
  return jsonb_build_object(
    'id', created.id, 'name', created.name, 'token', token, 'token_prefix', created.token_prefix,
    'created_at', created.created_at, 'expires_at', created.expires_at);
end $$;
revoke execute on function public.create_api_token(text, integer) from public, anon;
grant execute on function public.create_api_token(text, integer) to authenticated;

-- The gateway's lookup (owner connection only): the live token with this hash, its user not
-- banned or deleted; last_used_at is written when it is a minute old or more, so a busy script
-- costs one UPDATE a minute, not one per request.
create or replace function public.use_api_token(presented_hash bytea)
returns table (token_id uuid, user_id uuid, email text)
language sql volatile security definer set search_path = '' as $$
  with live as (
    select t.id, t.user_id, u.email, t.last_used_at
    from public.api_tokens t join auth.users u on u.id = t.user_id
    where t.token_hash = presented_hash
      and t.expires_at > now()
      and (u.banned_until is null or u.banned_until <= now())
      and u.deleted_at is null
  ), touched as (
    update public.api_tokens t set last_used_at = now()
    from live
    where t.id = live.id and (live.last_used_at is null or live.last_used_at < now() - interval '1 minute')
  )
  select live.id, live.user_id, live.email::text from live
$$;
revoke execute on function public.use_api_token(bytea) from public, anon, authenticated;

-- For check_request_session (PostgREST's pre-request): a request carrying api_token_id is let
-- through only while that token of the caller is live, so a revoked token's forwarded JWT is
-- worth nothing even within its minute.
create or replace function public.api_token_is_live(token_id text)
returns boolean
language sql stable security definer set search_path = '' as $$
  select case when token_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then false
    else exists (
      select 1
      from public.api_tokens t join auth.users u on u.id = t.user_id
      where t.id = token_id::uuid
        and t.user_id = auth.uid()
        and t.expires_at > now()
        and (u.banned_until is null or u.banned_until <= now())
        and u.deleted_at is null) end
$$;
revoke execute on function public.api_token_is_live(text) from public, anon;
grant execute on function public.api_token_is_live(text) to authenticated, service_role;
