-- The catalog: organisations, people, the scientific-field taxonomy, content items with their
-- per-type details, and the links between them.
create extension if not exists pg_trgm with schema extensions;

create or replace function public.set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;
revoke execute on function public.set_updated_at() from public, anon, authenticated;

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
alter table public.organizations enable row level security;

create unique index organizations_name_key on public.organizations (lower(name));

create trigger organizations_updated_at before update on public.organizations
  for each row execute function public.set_updated_at();

create table public.people (
  id uuid primary key default gen_random_uuid(),
  full_name text not null check (char_length(full_name) between 1 and 200),
  orcid_id text check (orcid_id ~ '^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$'),
  created_at timestamptz not null default now()
);
alter table public.people enable row level security;

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
alter table public.scientific_domains enable row level security;

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
  -- (who contributed an approved item is in content_item_credits: everyone reads this table)
  constraint published_items_have_a_date check (status <> 'published' or published_at is not null)
);
alter table public.content_items enable row level security;

comment on column public.content_items.search_vector is
  'Weighted full-text document: title (A) > tags (B) > short description (C) > description (D). Kept by trigger.';

create index content_items_status_type_idx on public.content_items (status, content_type);

create index content_items_organization_idx on public.content_items (organization_id);

-- Computed for every inserted or edited item, so it runs once per imported row: the same
-- vector as before, but without a SET clause (which costs a configuration save and restore per
-- call) and with every function and operator schema-qualified instead, so that a caller's
-- search_path cannot change what it computes.
create or replace function public.content_items_refresh_search_vector() returns trigger
language plpgsql as $$
begin
  new.search_vector := public.item_search_vector(new.title, new.tags, new.short_description, new.description);
  return new;
end $$;
revoke execute on function public.content_items_refresh_search_vector() from public, anon, authenticated;

create trigger content_items_search_vector
  before insert or update of title, tags, short_description, description on public.content_items
  for each row execute function public.content_items_refresh_search_vector();

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
alter table public.software enable row level security;

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
alter table public.papers enable row level security;

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
alter table public.companies enable row level security;

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
alter table public.agents enable row level security;

create table public.content_people (
  content_id uuid not null references public.content_items (id) on delete cascade,
  person_id uuid not null references public.people (id) on delete cascade,
  role text not null default 'author' check (role in ('author', 'creator', 'maintainer', 'contributor')),
  order_index integer not null default 0,
  primary key (content_id, person_id, role)
);
alter table public.content_people enable row level security;

create index content_people_person_idx on public.content_people (person_id);

create table public.content_domains (
  content_id uuid not null references public.content_items (id) on delete cascade,
  domain_id uuid not null references public.scientific_domains (id) on delete cascade,
  is_primary boolean not null default false,
  primary key (content_id, domain_id)
);
alter table public.content_domains enable row level security;

create index content_domains_domain_idx on public.content_domains (domain_id, content_id);

create unique index content_domains_one_primary on public.content_domains (content_id) where is_primary;

-- Loads catalog items (the format of fixtures/catalog and the synthetic generator) in one
-- set-based statement batch, all-or-nothing. Items whose slug exists are left untouched, so
-- seeding twice changes nothing. Only the service role (CLI, server) may call it.
create or replace function public.load_catalog(items jsonb, mark_as_sample boolean default true)
returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  inserted_count integer;
begin
  if jsonb_typeof(items) <> 'array' then
    raise exception 'items must be a JSON array' using errcode = '22023';
  end if;

  create temporary table incoming on commit drop as
  select
    gen_random_uuid() as id,
    e.ordinality as position,
    e.item,
    e.item ->> 'slug' as slug,
    e.item ->> 'content_type' as content_type
  from jsonb_array_elements(items) with ordinality as e (item, ordinality);

  -- Organisations, matched case-insensitively by name.
  insert into public.organizations (name, type, size, website)
  select distinct on (lower(i.item -> 'organization' ->> 'name'))
    i.item -> 'organization' ->> 'name',
    i.item -> 'organization' ->> 'type',
    i.item -> 'organization' ->> 'size',
    i.item -> 'organization' ->> 'website'
  from incoming i
  where i.item -> 'organization' ->> 'name' is not null
  order by lower(i.item -> 'organization' ->> 'name'), i.position
  on conflict (lower(name)) do nothing;

  -- Skip slugs already in the catalog.
  delete from incoming i using public.content_items ci where ci.slug = i.slug;

  insert into public.content_items (
    id, slug, title, description, short_description, content_type, url, status, verified, featured,
    view_count, save_count, trending_score, year, tags, key_features, competitive_advantages,
    organization_id, published_at, created_at, updated_at)
  select
    i.id, i.slug, i.item ->> 'title', coalesce(i.item ->> 'description', ''),
    coalesce(i.item ->> 'short_description', ''), i.content_type, i.item ->> 'url', 'published',
    coalesce((i.item ->> 'verified')::boolean, false), coalesce((i.item ->> 'featured')::boolean, false),
    coalesce((i.item ->> 'view_count')::integer, 0), coalesce((i.item ->> 'save_count')::integer, 0),
    coalesce((i.item ->> 'trending_score')::double precision, 0), (i.item ->> 'year')::integer,
    array(select jsonb_array_elements_text(coalesce(i.item -> 'tags', '[]'))),
    array(select jsonb_array_elements_text(coalesce(i.item -> 'key_features', '[]'))),
    array(select jsonb_array_elements_text(coalesce(i.item -> 'competitive_advantages', '[]'))),
    o.id,
    coalesce((i.item ->> 'created_at')::timestamptz, now()),
    coalesce((i.item ->> 'created_at')::timestamptz, now()),
    coalesce((i.item ->> 'created_at')::timestamptz, now())
  from incoming i
  left join public.organizations o on lower(o.name) = lower(i.item -> 'organization' ->> 'name');
  get diagnostics inserted_count = row_count;

  insert into public.software (content_id, pricing_model, open_source, github_url, github_stars,
    api_available, license, programming_languages)
  select i.id, s ->> 'pricing_model', coalesce((s ->> 'open_source')::boolean, false), s ->> 'github_url',
    (s ->> 'github_stars')::integer, coalesce((s ->> 'api_available')::boolean, false), s ->> 'license',
    array(select jsonb_array_elements_text(coalesce(s -> 'programming_languages', '[]')))
  from incoming i, lateral (select i.item -> 'software') as t (s)
  where i.content_type = 'software';

  insert into public.papers (content_id, abstract, doi, arxiv_id, journal_name, publication_date,
    peer_reviewed, open_access, citation_count, keywords, research_goals, key_findings)
  select i.id, i.item ->> 'description', p ->> 'doi', p ->> 'arxiv_id', p ->> 'journal_name',
    (p ->> 'publication_date')::date, coalesce((p ->> 'peer_reviewed')::boolean, false),
    coalesce((p ->> 'open_access')::boolean, false), coalesce((p ->> 'citation_count')::integer, 0),
    array(select jsonb_array_elements_text(coalesce(i.item -> 'tags', '[]'))),
    array(select jsonb_array_elements_text(coalesce(p -> 'research_goals', '[]'))),
    array(select jsonb_array_elements_text(coalesce(p -> 'key_findings', '[]')))
  from incoming i, lateral (select i.item -> 'paper') as t (p)
  where i.content_type = 'paper';

  insert into public.companies (content_id, organization_id, business_model, industry_focus,
    funding_stage, employee_count, founded_year, headquarters)
  select i.id, ci.organization_id, c ->> 'business_model',
    array(select jsonb_array_elements_text(coalesce(c -> 'industry_focus', '[]'))),
    c ->> 'funding_stage', c ->> 'employee_count', (c ->> 'founded_year')::integer, c ->> 'headquarters'
  from incoming i
  join public.content_items ci on ci.id = i.id,
  lateral (select i.item -> 'company') as t (c)
  where i.content_type = 'company';

  insert into public.agents (content_id, model_type, specialization, interaction_mode, capabilities,
    integration_options, open_source, pricing_model)
  select i.id, a ->> 'model_type', a ->> 'specialization', a ->> 'interaction_mode',
    array(select jsonb_array_elements_text(coalesce(a -> 'capabilities', '[]'))),
    array(select jsonb_array_elements_text(coalesce(a -> 'integration_options', '[]'))),
    coalesce((a ->> 'open_source')::boolean, false), a ->> 'pricing_model'
  from incoming i, lateral (select i.item -> 'agent') as t (a)
  where i.content_type = 'agent';

  -- Paper authors become people (reused by name) credited in order.
  create temporary table incoming_authors on commit drop as
  select i.id as content_id, btrim(a.name) as full_name, (a.ordinality - 1)::integer as order_index
  from incoming i,
       jsonb_array_elements_text(coalesce(i.item -> 'paper' -> 'authors', '[]')) with ordinality as a (name, ordinality)
  where btrim(a.name) <> '';

  insert into public.people (full_name)
  select distinct on (lower(ia.full_name)) ia.full_name
  from incoming_authors ia
  where not exists (select 1 from public.people p where lower(p.full_name) = lower(ia.full_name));

  insert into public.content_people (content_id, person_id, role, order_index)
  select distinct on (ia.content_id, person.id) ia.content_id, person.id, 'author', ia.order_index
  from incoming_authors ia
  cross join lateral (
    select p.id from public.people p where lower(p.full_name) = lower(ia.full_name) order by p.created_at, p.id limit 1
  ) person
  order by ia.content_id, person.id, ia.order_index;

  insert into public.content_domains (content_id, domain_id, is_primary)
  select distinct on (i.id, d.id) i.id, d.id, dom.ordinality = 1
  from incoming i,
       jsonb_array_elements_text(coalesce(i.item -> 'domains', '[]')) with ordinality as dom (slug, ordinality)
  join public.scientific_domains d on d.slug = dom.slug
  order by i.id, d.id, dom.ordinality;

  if mark_as_sample and inserted_count > 0 then
    update public.site_settings set value = 'true' where key = 'sample_data_banner';
  end if;

  return jsonb_build_object('inserted', inserted_count, 'skipped', jsonb_array_length(items) - inserted_count);
end $$;
revoke execute on function public.load_catalog(jsonb, boolean) from public, anon, authenticated;
grant execute on function public.load_catalog(jsonb, boolean) to service_role;
