-- ORCID-verified iDs (docs/product.md#orcid-verified, decision 0083): the iD of the ORCID account a
-- user signed in or connected with, proven by ORCID's own sign-in, unlike the iD typed into a
-- profile (user_profiles.orcid_id). Written only by the auth service, as the database owner, when
-- an ORCID identity is connected or removed: the Data API roles may read but never write it. One
-- iD belongs to one account, and an account has one. Joined with people.orcid_id, it answers
-- "is this user an author of that paper".

create table public.verified_orcid_ids (
  user_id uuid primary key references auth.users (id) on delete cascade,
  orcid_id text not null unique check (public.is_valid_orcid(orcid_id)),
  -- the name on the ORCID record, as ORCID gave it
  orcid_name text check (char_length(orcid_name) <= 200),
  verified_at timestamptz not null default now()
);
alter table public.verified_orcid_ids enable row level security;

-- Visitors see a verified iD only through public_profile_orcid (public profiles alone); the owner
-- reads their own row; staff read every row (moderating profiles, verification requests).
create policy "read own verified orcid" on public.verified_orcid_ids for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_staff()));

revoke all on public.verified_orcid_ids from anon, authenticated;
grant select on public.verified_orcid_ids to authenticated;

-- The verified iD of a public profile, by handle: no row for a private profile or without one.
create or replace function public.public_profile_orcid(_handle text)
returns table (orcid_id text, orcid_name text)
language sql stable security definer set search_path = '' as $$
  select v.orcid_id, v.orcid_name
  from public.user_profiles p
  join public.verified_orcid_ids v on v.user_id = p.id
  where lower(p.handle) = lower(_handle) and p.is_public
$$;
revoke execute on function public.public_profile_orcid(text) from public;
grant execute on function public.public_profile_orcid(text) to anon, authenticated;
