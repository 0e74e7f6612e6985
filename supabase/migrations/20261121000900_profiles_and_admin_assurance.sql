-- Profiles beyond the basics (spec 2.8): a public handle, ORCID iDs checked to their check
-- digit, quick stats and the public profile at /u/:handle; and the admin area at aal2 only
-- (the site setting require_admin_2fa).

-- ORCID's check character (ISO 7064 MOD 11-2), the same rule as core/src/orcid.ts. Immutable and
-- executable by everyone: a check constraint calls it with the writer's privileges.
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

-- NOT VALID: rows written before this rule are left alone; every new write is checked.
alter table public.user_profiles
  add constraint user_profiles_orcid_checksum check (orcid_id is null or public.is_valid_orcid(orcid_id)) not valid;

-- The handle of /u/:handle: optional, unique in any letter case.
alter table public.user_profiles
  add column handle text check (handle ~ '^[a-z0-9][a-z0-9_-]{2,29}$');
create unique index user_profiles_handle_key on public.user_profiles (lower(handle));

-- Research interests are domain slugs (scientific_domains.slug); a bounded, well-formed list.
alter table public.user_profiles
  add constraint user_profiles_research_interests_shape
  check (cardinality(research_interests) <= 30
         and array_to_string(research_interests, ',') ~ '^([a-z0-9_]{1,64}(,[a-z0-9_]{1,64})*)?$') not valid;

-- Quick stats of the signed-in user's profile (spec 2.8, with real counts). Reviews do not exist
-- yet, so they are 0 until they do.
create or replace function public.my_profile_stats()
returns table (saved_items bigint, contributions bigint, reviews bigint)
language sql stable security invoker set search_path = '' as $$
  select
    (select count(*) from public.user_saved_items s where s.user_id = auth.uid()),
    (select count(*) from public.content_submissions c where c.submitter_id = auth.uid()),
    0::bigint
  where auth.uid() is not null
$$;

-- A public profile by handle, or no row when there is no such handle or its owner keeps the
-- profile private. Never the e-mail address. SECURITY DEFINER because visitors cannot read
-- user_profiles; it returns only the public columns.
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
  member_since timestamptz
)
language sql stable security definer set search_path = '' as $$
  select p.handle, p.display_name, p.first_name, p.last_name, p.avatar_url, p.institution, p.bio,
    p.orcid_id,
    -- domain names, in the taxonomy's order; slugs that are no longer domains are dropped
    array(
      select d.name from public.scientific_domains d
      where d.slug = any (p.research_interests)
      order by d.order_index, d.name
    ),
    p.verification_status = 'verified',
    p.created_at
  from public.user_profiles p
  where lower(p.handle) = lower(_handle) and p.is_public
$$;

-- Whether administrators must have completed a second factor (aal2) for admin rights. On unless
-- the setting says otherwise: a missing or malformed setting fails safe.
create or replace function public.admin_requires_aal2() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select s.value <> 'false'::jsonb from public.site_settings s where s.key = 'require_admin_2fa'), true)
$$;

-- Admin rights in policies and functions: the admin role AND, while require_admin_2fa is on, a
-- session that passed the second factor. has_role(uid, 'admin') stays the plain role check, so
-- get_user_roles still lists 'admin' for the user's own session and the app knows to ask for 2FA.
create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select public.has_role(auth.uid(), 'admin')
    and (coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' or not public.admin_requires_aal2())
$$;

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

revoke execute on function public.my_profile_stats() from public, anon;
grant execute on function public.my_profile_stats() to authenticated;
revoke execute on function public.public_profile(text) from public;
grant execute on function public.public_profile(text) to anon, authenticated;
revoke execute on function public.admin_requires_aal2() from public, anon;
grant execute on function public.admin_requires_aal2() to authenticated;
revoke execute on function public.grant_admin_role(text) from public, anon, authenticated;
grant execute on function public.grant_admin_role(text) to service_role;
