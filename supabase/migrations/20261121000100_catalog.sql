-- The catalog: organisations, people, the scientific-field taxonomy, content items with their
-- per-type details, and the links between them.

create extension if not exists pg_trgm with schema extensions;

create or replace function public.set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  type text check (type in ('company', 'academic', 'research_institute', 'nonprofit', 'government')),
  size text check (size in ('startup', 'small', 'medium', 'large', 'enterprise')),
  website text check (website ~ '^https?://'),
  description text check (char_length(description) <= 5000),
  logo_url text check (logo_url ~ '^https?://'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index organizations_name_key on public.organizations (lower(name));
create trigger organizations_updated_at before update on public.organizations
  for each row execute function public.set_updated_at();

create table public.people (
  id uuid primary key default gen_random_uuid(),
  full_name text not null check (char_length(full_name) between 1 and 200),
  orcid_id text check (orcid_id ~ '^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$'),
  created_at timestamptz not null default now()
);
create index people_full_name_idx on public.people (lower(full_name));

create table public.scientific_domains (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(_[a-z0-9]+)*$'),
  name text not null unique check (char_length(name) between 1 and 100),
  parent_id uuid references public.scientific_domains (id) on delete set null,
  icon text not null default 'flask',
  color text not null default '#228be6' check (color ~ '^#[0-9a-fA-F]{6}$'),
  description text,
  order_index integer not null default 0,
  created_at timestamptz not null default now()
);
create index scientific_domains_parent_idx on public.scientific_domains (parent_id);

create table public.content_items (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 200),
  title text not null check (char_length(btrim(title)) between 1 and 300),
  description text not null default '' check (char_length(description) <= 20000),
  short_description text not null default '' check (char_length(short_description) <= 300),
  content_type text not null check (content_type in ('software', 'paper', 'company', 'agent')),
  url text check (url ~ '^https?://'),
  status text not null default 'draft'
    check (status in ('draft', 'pending', 'published', 'rejected', 'archived')),
  verified boolean not null default false,
  featured boolean not null default false,
  view_count integer not null default 0 check (view_count >= 0),
  save_count integer not null default 0 check (save_count >= 0),
  trending_score double precision not null default 0 check (trending_score >= 0),
  year integer check (year between 1800 and 2100),
  tags text[] not null default '{}',
  key_features text[] not null default '{}',
  competitive_advantages text[] not null default '{}',
  metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
  organization_id uuid references public.organizations (id) on delete set null,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_vector tsvector not null default ''::tsvector,
  constraint published_items_have_a_date check (status <> 'published' or published_at is not null)
);
comment on column public.content_items.search_vector is
  'Weighted full-text document: title (A) > tags (B) > short description (C) > description (D). Kept by trigger.';

-- Search, facets and the browse sorts.
create index content_items_search_idx on public.content_items using gin (search_vector);
create index content_items_title_trgm_idx on public.content_items using gin (lower(title) extensions.gin_trgm_ops);
create index content_items_status_type_idx on public.content_items (status, content_type);
create index content_items_trending_idx on public.content_items (trending_score desc, id) where status = 'published';
create index content_items_recent_idx on public.content_items (created_at desc, id) where status = 'published';
create index content_items_saves_idx on public.content_items (save_count desc, id) where status = 'published';
create index content_items_views_idx on public.content_items (view_count desc, id) where status = 'published';
create index content_items_title_idx on public.content_items (lower(title), id) where status = 'published';
create index content_items_organization_idx on public.content_items (organization_id);

create or replace function public.content_items_refresh_search_vector() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.search_vector :=
    setweight(to_tsvector('pg_catalog.english', coalesce(new.title, '')), 'A') ||
    setweight(to_tsvector('pg_catalog.english', array_to_string(new.tags, ' ')), 'B') ||
    setweight(to_tsvector('pg_catalog.english', coalesce(new.short_description, '')), 'C') ||
    setweight(to_tsvector('pg_catalog.english', coalesce(new.description, '')), 'D');
  return new;
end $$;

create trigger content_items_search_vector
  before insert or update of title, tags, short_description, description on public.content_items
  for each row execute function public.content_items_refresh_search_vector();
create trigger content_items_updated_at before update on public.content_items
  for each row execute function public.set_updated_at();

create table public.software (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  pricing_model text check (pricing_model in ('free', 'freemium', 'subscription', 'paid', 'enterprise')),
  open_source boolean not null default false,
  github_url text check (github_url ~ '^https?://'),
  github_stars integer check (github_stars >= 0),
  api_available boolean not null default false,
  license text,
  programming_languages text[] not null default '{}'
);
create index software_pricing_idx on public.software (pricing_model);

create table public.papers (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  abstract text,
  doi text check (doi ~ '^10\.\d{4,9}/\S+$'),
  arxiv_id text,
  pubmed_id text,
  journal_name text,
  volume text,
  issue text,
  pages text,
  publication_date date,
  peer_reviewed boolean not null default false,
  open_access boolean not null default false,
  citation_count integer not null default 0 check (citation_count >= 0),
  keywords text[] not null default '{}',
  research_goals text[] not null default '{}',
  key_findings text[] not null default '{}',
  methodology text,
  limitations text,
  future_work text
);
create unique index papers_doi_key on public.papers (lower(doi));

create table public.companies (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  organization_id uuid references public.organizations (id) on delete set null,
  business_model text,
  moat text,
  industry_focus text[] not null default '{}',
  target_customers text[] not null default '{}',
  traction_metrics jsonb not null default '{}' check (jsonb_typeof(traction_metrics) = 'object'),
  partnerships text[] not null default '{}',
  awards_recognition text[] not null default '{}',
  press_mentions text[] not null default '{}',
  funding_stage text check (funding_stage in
    ('Pre-seed', 'Seed', 'Series A', 'Series B', 'Series C+', 'Public', 'Acquired', 'Non-profit')),
  employee_count text check (employee_count in ('1-10', '11-50', '51-200', '201-500', '500+')),
  founded_year integer check (founded_year between 1800 and 2100),
  headquarters text
);
create index companies_organization_idx on public.companies (organization_id);

create table public.agents (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  model_type text,
  specialization text,
  interaction_mode text check (interaction_mode in ('chat', 'autonomous', 'api', 'notebook', 'cli')),
  capabilities text[] not null default '{}',
  integration_options text[] not null default '{}',
  open_source boolean not null default false,
  pricing_model text check (pricing_model in ('free', 'freemium', 'subscription', 'paid', 'enterprise'))
);

create table public.content_people (
  content_id uuid not null references public.content_items (id) on delete cascade,
  person_id uuid not null references public.people (id) on delete cascade,
  role text not null default 'author' check (role in ('author', 'creator', 'maintainer', 'contributor')),
  order_index integer not null default 0,
  primary key (content_id, person_id, role)
);
create index content_people_person_idx on public.content_people (person_id);

create table public.content_domains (
  content_id uuid not null references public.content_items (id) on delete cascade,
  domain_id uuid not null references public.scientific_domains (id) on delete cascade,
  is_primary boolean not null default false,
  primary key (content_id, domain_id)
);
create index content_domains_domain_idx on public.content_domains (domain_id, content_id);
create unique index content_domains_one_primary on public.content_domains (content_id) where is_primary;

-- Published items per domain, for the landing page's field cards. security_invoker makes the
-- caller's row-level security apply, so the count can never reveal unpublished items.
create view public.domain_counts with (security_invoker = true) as
  select d.id as domain_id, d.slug, count(ci.id)::integer as count
  from public.scientific_domains d
  left join public.content_domains cd on cd.domain_id = d.id
  left join public.content_items ci on ci.id = cd.content_id and ci.status = 'published'
  group by d.id, d.slug;
