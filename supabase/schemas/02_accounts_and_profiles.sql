-- People who sign in: profiles, roles, activity, saved items, submissions, the waitlist and
-- site settings.
-- ORCID's check character (ISO 7064 MOD 11-2), the same rule as core/src/orcid.ts. A check
-- constraint calls it with the writer's privileges: signed-in users (their profile) and the
-- service role may execute it, visitors write no profile.
create or replace function public.is_valid_orcid(_orcid text) returns boolean
language plpgsql immutable set search_path = '' as $$
declare
  digits text;
  total integer := 0;
  remainder integer;
begin
  if _orcid is null or _orcid !~ '^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$' then
    return false;
  end if;
  digits := replace(_orcid, '-', '');
  for i in 1..15 loop
    total := (total + substr(digits, i, 1)::integer) * 2;
  end loop;
  remainder := (12 - total % 11) % 11;
  return substr(digits, 16, 1) = case when remainder = 10 then 'X' else remainder::text end;
end $$;
revoke execute on function public.is_valid_orcid(text) from public, anon;
grant execute on function public.is_valid_orcid(text) to authenticated, service_role;

create table public.user_profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text check (char_length(display_name) <= 100),
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  avatar_url text check (avatar_url ~ '^https?://'),
  bio text check (char_length(bio) <= 2000),
  institution text check (char_length(institution) <= 200),
  orcid_id text check (orcid_id ~ '^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$'),
  research_interests text[] not null default '{}',
  verification_status text not null default 'unverified'
    check (verification_status in ('unverified', 'pending', 'verified')),
  is_public boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the public address /u/:handle: optional, unique in any letter case (user_profiles_handle_key)
  handle text check (handle ~ '^[a-z0-9][a-z0-9_-]{2,29}$'),
  -- Light, dark or system, kept with the account so every device shows the same theme.
  theme_preference text not null default 'system'
    check (theme_preference in ('light', 'dark', 'system')),
  -- Switches for the e-mails that exist today (see NotificationPreferencesSchema in core).
  notification_preferences jsonb not null default '{"contribution_reviews": true}'
    check (jsonb_typeof(notification_preferences) = 'object'),
  -- Verification: when the request was made, and why it was turned down (shown to the user).
  verification_requested_at timestamptz,
  verification_rejection_reason text check (char_length(verification_rejection_reason) <= 1000),
  -- The interface language chosen while signed in (core's LOCALES); null until one is chosen, when
  -- the cookie or the browser's languages decide. Applied after each sign-in.
  preferred_language text check (preferred_language in ('en', 'zh', 'es', 'ar'))
);
grant all on public.user_profiles to authenticated;
alter table public.user_profiles enable row level security;

-- NOT VALID: rows written before these rules are left alone; every new write is checked.
alter table public.user_profiles
  add constraint user_profiles_orcid_checksum check (orcid_id is null or public.is_valid_orcid(orcid_id)) not valid;
-- Research interests are domain slugs (scientific_domains.slug); a bounded, well-formed list.
alter table public.user_profiles
  add constraint user_profiles_research_interests_shape
  check (cardinality(research_interests) <= 30
         and array_to_string(research_interests, ',') ~ '^([a-z0-9_]{1,64}(,[a-z0-9_]{1,64})*)?$') not valid;

create trigger user_profiles_updated_at before update on public.user_profiles
  for each row execute function public.set_updated_at();

-- The name a profile signs with: its display name, else its first and last names; null when it
-- has neither (reviews, replies and claims are signed with it).
create or replace function public.profile_signed_name(_profile public.user_profiles) returns text
language sql immutable set search_path = '' as $$
  select coalesce(nullif(btrim(_profile.display_name), ''),
                  nullif(btrim(concat_ws(' ', _profile.first_name, _profile.last_name)), ''))
$$;
revoke execute on function public.profile_signed_name(public.user_profiles) from public, anon, authenticated;

create table public.site_settings (
  key text primary key check (key ~ '^[a-z][a-z0-9_]{1,63}$'),
  value jsonb not null,
  description text,
  -- public settings are readable by everyone through public_site_settings()
  is_public boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
grant all on public.site_settings to authenticated;
alter table public.site_settings enable row level security;

create trigger site_settings_updated_at before update on public.site_settings
  for each row execute function public.set_updated_at();

-- sample_data_banner answers true only while the setting is on and the catalog still holds
-- sample items whose figures are the sample's (docs/product.md#sample-data): an item whose figures
-- come from live signals is no longer sample. plpgsql: the rule reads tables created later.
create or replace function public.public_site_settings() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select coalesce(jsonb_object_agg(s.key, case
             when s.key = 'sample_data_banner' and s.value = 'true'::jsonb
             then to_jsonb(public.catalog_has_sample_figures())
             else s.value end), '{}'::jsonb)
    from public.site_settings s where s.is_public);
end $$;

-- Whether administrators must have completed a second factor (aal2) for admin rights. On unless
-- the setting says otherwise: a missing or malformed setting fails safe.
create or replace function public.admin_requires_aal2() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select s.value <> 'false'::jsonb from public.site_settings s where s.key = 'require_admin_2fa'), true)
$$;
revoke execute on function public.admin_requires_aal2() from public, anon;
grant execute on function public.admin_requires_aal2() to authenticated;

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('user', 'moderator', 'admin', 'verified_researcher')),
  created_at timestamptz not null default now(),
  unique (user_id, role)
);
grant all on public.user_roles to authenticated;
alter table public.user_roles enable row level security;

-- Role checks for policies. SECURITY DEFINER so a policy on user_roles can call them without
-- recursing into its own policy; search_path pinned so callers cannot shadow the tables.
create or replace function public.has_role(_user_id uuid, _role text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = _user_id
      and (r.role = _role
           -- docs/product.md#roles: admins and moderators also count as verified researchers
           or (_role = 'verified_researcher' and r.role in ('admin', 'moderator')))
  )
$$;
-- About anyone's roles, so not for the Data API: policies and functions call it from definer code.
revoke execute on function public.has_role(uuid, text) from public, anon, authenticated;

-- Admin rights in policies and functions: the admin role AND, while require_admin_2fa is on, a
-- session that passed the second factor. has_role(uid, 'admin') stays the plain role check, so
-- get_user_roles still lists 'admin' for the user's own session and the app knows to ask for 2FA.
create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select public.has_role(auth.uid(), 'admin')
    and (coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' or not public.admin_requires_aal2())
$$;
-- Every policy that calls it applies to signed-in users only (`to authenticated`); definer code
-- runs it as the owner. A visitor has no use for it.
revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;

-- Moderator rights (moderation, private profiles, editing items): moderators and admins. An admin
-- account must have passed the second factor for these as well while require_admin_2fa is on:
-- otherwise a password alone would still moderate, publish and read private data. A moderator
-- who is not an admin is not asked for a second factor.
create or replace function public.is_staff() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = auth.uid() and r.role in ('admin', 'moderator')
  )
  and (not public.has_role(auth.uid(), 'admin')
       or coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
       or not public.admin_requires_aal2())
$$;
-- Stays executable by visitors: the catalog's read policies ("published items are public" and
-- the like) apply to them and call it (a policy's functions run with the caller's privileges).
-- It answers only about the caller: false for a visitor.

-- A user may read their own roles; admins anyone's. The default role is the fallback.
create or replace function public.get_user_roles(_user_id uuid) returns setof text
language sql stable security definer set search_path = '' as $$
  select r.role from public.user_roles r
  where r.user_id = _user_id
    and (_user_id = auth.uid() or public.is_admin())
  order by r.role
$$;
-- The app asks for a signed-in user's own roles; a visitor has none to read.
revoke execute on function public.get_user_roles(uuid) from public, anon;
grant execute on function public.get_user_roles(uuid) to authenticated, service_role;

create table public.user_activity (
  id bigint generated always as identity primary key,
  user_id uuid references auth.users (id) on delete set null,
  -- who acted when there is no user: 'anonymous' or 'system'
  actor text not null default 'user' check (actor in ('user', 'anonymous', 'system')),
  activity_type text not null check (activity_type ~ '^[a-z][a-z0-9_]{1,63}$'),
  activity_data jsonb not null default '{}' check (jsonb_typeof(activity_data) = 'object'),
  ip_address inet,
  user_agent text check (char_length(user_agent) <= 500),
  created_at timestamptz not null default now()
);
grant all on public.user_activity to authenticated;
grant all on sequence public.user_activity_id_seq to anon, authenticated;
alter table public.user_activity enable row level security;

create index user_activity_user_idx on public.user_activity (user_id, created_at desc);

create index user_activity_type_idx on public.user_activity (activity_type, created_at desc);

-- By time alone: log retention deletes what is past LOG_RETENTION_DAYS every hour, and the admin
-- dashboard lists the newest entries; without it both read the whole table.
create index user_activity_created_at_idx on public.user_activity (created_at);

create table public.waitlist_signups (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  research_interests uuid[] not null default '{}',
  referral_source text check (char_length(referral_source) <= 200),
  additional_info text check (char_length(additional_info) <= 2000),
  created_at timestamptz not null default now()
);
grant all on public.waitlist_signups to authenticated;
alter table public.waitlist_signups enable row level security;

-- One sign-up per address in any letter case: a duplicate answers 23505 (unique_violation).
create unique index waitlist_signups_email_key on public.waitlist_signups (lower(email));

create table public.user_saved_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content_id uuid not null references public.content_items (id) on delete cascade,
  saved_at timestamptz not null default now(),
  unique (user_id, content_id)
);
grant all on public.user_saved_items to authenticated;
alter table public.user_saved_items enable row level security;

create index user_saved_items_user_idx on public.user_saved_items (user_id, saved_at desc);

create index user_saved_items_content_idx on public.user_saved_items (content_id);

create table public.content_submissions (
  id uuid primary key default gen_random_uuid(),
  -- A deleted account's contributions stay in the catalog's history, without the person.
  submitter_id uuid default auth.uid() references auth.users (id) on delete set null,
  title text not null check (char_length(btrim(title)) between 1 and 300),
  description text not null check (char_length(btrim(description)) between 1 and 20000),
  short_description text not null check (char_length(btrim(short_description)) between 1 and 150),
  content_type text not null check (content_type in ('software', 'paper', 'company', 'agent')),
  url text check (url ~ '^https?://'),
  domains uuid[] not null check (cardinality(domains) >= 1),
  key_features text[] not null default '{}',
  relationship_to_content text not null
    check (relationship_to_content in ('creator', 'user', 'researcher', 'other')),
  metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
  status text not null default 'pending'
    check (status in ('pending', 'changes_requested', 'approved', 'rejected')),
  review_reason text check (char_length(review_reason) <= 2000),
  reviewed_by uuid references auth.users (id) on delete set null,
  reviewed_at timestamptz,
  content_id uuid references public.content_items (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
grant all on public.content_submissions to authenticated;
alter table public.content_submissions enable row level security;

create index content_submissions_status_idx on public.content_submissions (status, created_at);

create index content_submissions_submitter_idx on public.content_submissions (submitter_id, created_at desc);

create trigger content_submissions_updated_at before update on public.content_submissions
  for each row execute function public.set_updated_at();

-- Every new account gets a profile (names from the sign-up metadata) and the default role.
create or replace function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.user_profiles (id, first_name, last_name, display_name)
  values (
    new.id,
    nullif(btrim(new.raw_user_meta_data ->> 'first_name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'last_name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'full_name'), '')
  )
  on conflict (id) do nothing;
  insert into public.user_roles (user_id, role) values (new.id, 'user')
  on conflict (user_id, role) do nothing;
  return new;
end $$;
revoke execute on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

create or replace function public.guard_verification_status() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Only an admin (or a trusted server connection without a JWT) decides verification; a user may
  -- only ask for it (unverified -> pending).
  if new.verification_status is distinct from coalesce(old.verification_status, 'unverified')
     and auth.uid() is not null
     and not public.is_admin()
     and not (coalesce(old.verification_status, 'unverified') = 'unverified' and new.verification_status = 'pending') then
    raise exception 'Only an administrator can change verification status' using errcode = '42501';
  end if;
  return new;
end $$;
revoke execute on function public.guard_verification_status() from public, anon, authenticated;

create trigger user_profiles_guard_verification before insert or update on public.user_profiles
  for each row execute function public.guard_verification_status();

-- Profiles beyond the basics (docs/product.md#profile): a public handle, ORCID iDs checked to their check
-- digit, quick stats and the public profile at /u/:handle; and the admin area at aal2 only
-- (the site setting require_admin_2fa).

create unique index user_profiles_handle_key on public.user_profiles (lower(handle));

-- Quick stats of the signed-in user's profile (docs/product.md#profile-stats, real counts): their
-- saves, their contributions and their published reviews. plpgsql: reviews are defined later.
create or replace function public.my_profile_stats()
returns table (saved_items bigint, contributions bigint, reviews bigint)
language plpgsql stable security invoker set search_path = '' as $$
begin
  return query
  select
    (select count(*) from public.user_saved_items s where s.user_id = auth.uid()),
    (select count(*) from public.content_submissions c where c.submitter_id = auth.uid()),
    (select count(*) from public.item_reviews r where r.user_id = auth.uid() and r.status = 'published')
  where auth.uid() is not null;
end $$;
revoke execute on function public.my_profile_stats() from public, anon;
grant execute on function public.my_profile_stats() to authenticated;

-- A public profile by handle, or no row when there is no such handle or its owner keeps the
-- profile private. Never the e-mail address. SECURITY DEFINER because visitors cannot read
-- user_profiles; it returns only the public columns, and the number of published reviews of
-- published items. plpgsql: reviews are defined later.
create or replace function public.public_profile(_handle text)
returns table (
  handle text,
  display_name text,
  first_name text,
  last_name text,
  avatar_url text,
  institution text,
  bio text,
  orcid_id text,
  research_interests text[],
  verified boolean,
  member_since timestamptz,
  reviews bigint
)
language plpgsql stable security definer set search_path = '' as $$
begin
  return query
  select p.handle, p.display_name, p.first_name, p.last_name, p.avatar_url, p.institution, p.bio,
    p.orcid_id,
    -- domain names, in the taxonomy's order; slugs that are no longer domains are dropped
    array(
      select d.name from public.scientific_domains d
      where d.slug = any (p.research_interests)
      order by d.order_index, d.name
    ),
    p.verification_status = 'verified',
    p.created_at,
    (select count(*) from public.item_reviews r
       join public.content_items ci on ci.id = r.content_id and ci.status = 'published'
      where r.user_id = p.id and r.status = 'published')
  from public.user_profiles p
  where lower(p.handle) = lower(_handle) and p.is_public;
end $$;
revoke execute on function public.public_profile(text) from public;
grant execute on function public.public_profile(text) to anon, authenticated;

-- `sciai users create-admin`: give an existing account the admin role, by e-mail. Only the
-- service role (the CLI on the operator's machine) may call it. Returns the user's id, or null
-- when no account has that address.
create or replace function public.grant_admin_role(_email text) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  target uuid;
begin
  select u.id into target from auth.users u
  where lower(u.email) = lower(btrim(_email))
  order by u.created_at
  limit 1;
  if target is null then
    return null;
  end if;
  insert into public.user_roles (user_id, role) values (target, 'admin')
  on conflict (user_id, role) do nothing;
  return target;
end $$;
revoke execute on function public.grant_admin_role(text) from public, anon, authenticated;
grant execute on function public.grant_admin_role(text) to service_role;

-- The caller's sessions, newest use first. auth.sessions is readable only by its owner, so a
-- definer function restricted to auth.uid() is the one way in; the session id of the caller's
-- own token marks "this device". Works on hosted Supabase, whose GoTrue has the same table.
create or replace function public.list_my_sessions()
returns table (
  id uuid,
  user_agent text,
  ip text,
  created_at timestamptz,
  last_used_at timestamptz,
  aal text,
  is_current boolean
)
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  return query
    select s.id, s.user_agent, s.ip::text, s.created_at,
           coalesce(s.refreshed_at::timestamptz, s.updated_at, s.created_at),
           s.aal::text,
           s.id::text = coalesce(auth.jwt() ->> 'session_id', '')
    from auth.sessions s
    where s.user_id = caller and (s.not_after is null or s.not_after > now())
    order by coalesce(s.refreshed_at::timestamptz, s.updated_at, s.created_at) desc, s.created_at desc;
end $$;
revoke execute on function public.list_my_sessions() from public, anon;
grant execute on function public.list_my_sessions() to authenticated;

-- PostgREST runs this before every request (db-pre-request). An access token is a JWT valid for an
-- hour, so without it a banned user or a signed-out session kept the Data API until it expired.
-- A user's token passes only while its session exists and has not ended, and the user is not
-- banned or deleted: two primary-key lookups. Visitors and the service role pass untouched. The
-- error is PostgREST's 401 (sqlstate PT401), as for an expired token. Hosted Supabase's auth
-- schema has the same tables and columns, so the same function serves there.
--
-- It also gives an import's calls their time. The API roles' statement timeouts (anon 3 s,
-- authenticated 8 s) apply to every request; commit_import writes a whole CSV in one statement
-- (34 s at 100,000 rows on PostgreSQL), and a function's own SET clause would not extend the
-- statement that calls it. PostgREST runs this function as a statement of its own in the request's
-- transaction, so a timeout set here holds for the request's statement: 30 minutes, as long as the
-- gateway waits for an import. Only for a signed-in caller or the service role; the import
-- functions check for an admin themselves (docs/security.md, "Process faults and runaway statements").
create or replace function public.check_request_session() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  claims jsonb := coalesce(auth.jwt(), '{}'::jsonb);
  session_id text := claims ->> 'session_id';
begin
  if claims ->> 'role' in ('authenticated', 'service_role')
     and current_setting('request.path', true) in ('/rpc/begin_import', '/rpc/stage_import_rows',
       '/rpc/find_existing_import_keys', '/rpc/commit_import', '/rpc/discard_import') then
    perform set_config('statement_timeout', '30min', true);
  end if;
  if claims ->> 'role' is distinct from 'authenticated' then
    return;
  end if;
  -- a personal API token's request (13_api_tokens.sql) has no session: its token must be live
  if claims ? 'api_token_id' then
    if not public.api_token_is_live(claims ->> 'api_token_id') then
      raise sqlstate 'PT401' using message = 'API token revoked or expired';
    end if;
    return;
  end if;
  if session_id is null
     or session_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or not exists (
       select 1
       from auth.sessions s join auth.users u on u.id = s.user_id
       where s.id = session_id::uuid
         and s.user_id = auth.uid()
         and (s.not_after is null or s.not_after > now())
         and (u.banned_until is null or u.banned_until <= now())
         and u.deleted_at is null
     ) then
    raise sqlstate 'PT401' using message = 'Session ended or account banned: sign in again';
  end if;
end $$;
revoke execute on function public.check_request_session() from public;
grant execute on function public.check_request_session() to anon, authenticated, service_role;

-- Ends one of the caller's sessions: its refresh tokens go with it (cascade), so that device is
-- signed out at its next refresh. Returns false when no such session of the caller's exists.
create or replace function public.end_my_session(_session_id uuid)
returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  ended integer;
begin
  if caller is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  delete from auth.sessions s where s.id = _session_id and s.user_id = caller;
  get diagnostics ended = row_count;
  return ended > 0;
end $$;
revoke execute on function public.end_my_session(uuid) from public, anon;
grant execute on function public.end_my_session(uuid) to authenticated;

-- However an account is deleted (by its owner below, by the auth service's admin API, or on a
-- hosted project by its dashboard or auth server), the activity log keeps its counts but nothing
-- that points back to the person.
create or replace function public.forget_deleted_user_activity()
returns trigger
language plpgsql volatile security definer set search_path = '' as $$
begin
  update public.user_activity a
     set user_id = null, ip_address = null, user_agent = null,
         activity_data = a.activity_data - 'email' - 'user_email'
   where a.user_id = old.id
      or (old.email is not null and lower(a.activity_data ->> 'email') = lower(old.email));
  return old;
end $$;
revoke execute on function public.forget_deleted_user_activity() from public, anon, authenticated;

create trigger on_auth_user_deleted before delete on auth.users
  for each row execute function public.forget_deleted_user_activity();

-- Deletes the caller's account in one transaction. `_confirmation` must be the account's e-mail
-- or DELETE, so a stray call cannot do it. Personal data goes with auth.users (profile, roles,
-- saved items, sessions, factors cascade); submissions stay, unlinked, and activity forgets the
-- person (on_auth_user_deleted).
create or replace function public.delete_my_account(_confirmation text)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  address text;
begin
  if caller is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  select u.email into address from auth.users u where u.id = caller;
  if not found then
    raise exception 'Account not found' using errcode = 'PT404';
  end if;
  if btrim(coalesce(_confirmation, '')) <> 'DELETE'
     and lower(btrim(coalesce(_confirmation, ''))) <> lower(coalesce(address, '')) then
    raise exception 'Type your e-mail address or DELETE to confirm' using errcode = '22023';
  end if;
  update public.content_submissions c set submitter_id = null where c.submitter_id = caller;
  delete from auth.users u where u.id = caller;
end $$;
revoke execute on function public.delete_my_account(text) from public, anon;
grant execute on function public.delete_my_account(text) to authenticated;
