-- People who sign in: profiles, roles, activity, saved items, submissions, the waitlist and
-- site settings.

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
  updated_at timestamptz not null default now()
);
create trigger user_profiles_updated_at before update on public.user_profiles
  for each row execute function public.set_updated_at();

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('user', 'moderator', 'admin', 'verified_researcher')),
  created_at timestamptz not null default now(),
  unique (user_id, role)
);

-- Role checks for policies. SECURITY DEFINER so a policy on user_roles can call them without
-- recursing into its own policy; search_path pinned so callers cannot shadow the tables.
create or replace function public.has_role(_user_id uuid, _role text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = _user_id
      and (r.role = _role
           -- spec 6: admins and moderators also count as verified researchers
           or (_role = 'verified_researcher' and r.role in ('admin', 'moderator')))
  )
$$;

create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select public.has_role(auth.uid(), 'admin')
$$;

create or replace function public.is_staff() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.user_roles r
    where r.user_id = auth.uid() and r.role in ('admin', 'moderator')
  )
$$;

-- A user may read their own roles; admins anyone's. The default role is the fallback.
create or replace function public.get_user_roles(_user_id uuid) returns setof text
language sql stable security definer set search_path = '' as $$
  select r.role from public.user_roles r
  where r.user_id = _user_id
    and (_user_id = auth.uid() or public.is_admin())
  order by r.role
$$;

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
create index user_activity_user_idx on public.user_activity (user_id, created_at desc);
create index user_activity_type_idx on public.user_activity (activity_type, created_at desc);

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
-- One sign-up per address in any letter case: a duplicate answers 23505 (unique_violation).
create unique index waitlist_signups_email_key on public.waitlist_signups (lower(email));

create table public.user_saved_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content_id uuid not null references public.content_items (id) on delete cascade,
  saved_at timestamptz not null default now(),
  unique (user_id, content_id)
);
create index user_saved_items_user_idx on public.user_saved_items (user_id, saved_at desc);
create index user_saved_items_content_idx on public.user_saved_items (content_id);

create table public.content_submissions (
  id uuid primary key default gen_random_uuid(),
  submitter_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
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
create index content_submissions_status_idx on public.content_submissions (status, created_at);
create index content_submissions_submitter_idx on public.content_submissions (submitter_id, created_at desc);
create trigger content_submissions_updated_at before update on public.content_submissions
  for each row execute function public.set_updated_at();

create table public.site_settings (
  key text primary key check (key ~ '^[a-z][a-z0-9_]{1,63}$'),
  value jsonb not null,
  description text,
  -- public settings are readable by everyone through public_site_settings()
  is_public boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
create trigger site_settings_updated_at before update on public.site_settings
  for each row execute function public.set_updated_at();

create or replace function public.public_site_settings() returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_object_agg(s.key, s.value), '{}'::jsonb)
  from public.site_settings s where s.is_public
$$;

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

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();
