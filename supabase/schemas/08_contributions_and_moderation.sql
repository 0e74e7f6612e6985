-- Contributions and their moderation (docs/product.md#contribute, #moderation). The browser inserts into
-- content_submissions under the "submit as yourself" policy; a trigger checks every rule of
-- core's submission schema again, including the per-type metadata, so a request sent around the
-- wizard is refused too. Moderators and admins decide through one function per decision (one
-- transaction each), each decision is recorded in user_activity, and the contributor's e-mail
-- about it is queued in notification_outbox in the same transaction.

create or replace function public.validate_content_submission() returns trigger
language plpgsql set search_path = '' as $$
declare
  m jsonb := new.metadata;
  allowed text[] := array['organization_name', 'verification_details'];
  unknown_key text;
begin
  allowed := allowed || case new.content_type
    -- (no open_source: it is derived from the licence, docs/product.md#facts)
    when 'software' then array['pricing_model', 'license', 'github_url', 'api_available', 'first_release',
                               'weights_license', 'availability']
    when 'paper' then array['doi', 'journal', 'year', 'authors']
    when 'company' then array['funding_stage', 'employee_count', 'funding_stage_as_of', 'funding_stage_source',
                              'employee_count_as_of', 'employee_count_source']
    when 'agent' then array['model_type', 'capabilities', 'interaction_mode', 'first_release', 'availability']
    else array[]::text[] end;
  select k into unknown_key from jsonb_object_keys(m) as k where k <> all (allowed) limit 1;
  if unknown_key is not null then
    raise exception 'metadata.% does not belong to a % submission', unknown_key, new.content_type using errcode = '23514';
  end if;

  if cardinality(new.domains) <> (select count(distinct d) from unnest(new.domains) as d)
     or exists (select 1 from unnest(new.domains) as d
                where not exists (select 1 from public.scientific_domains sd where sd.id = d)) then
    raise exception 'domains must be distinct scientific domains' using errcode = '23514';
  end if;
  if cardinality(new.key_features) > 20
     or exists (select 1 from unnest(new.key_features) as f where char_length(btrim(f)) not between 1 and 200) then
    raise exception 'key_features: at most 20, each 1 to 200 characters' using errcode = '23514';
  end if;

  if m ? 'organization_name' and (jsonb_typeof(m -> 'organization_name') <> 'string'
       or char_length(btrim(m ->> 'organization_name')) not between 1 and 200) then
    raise exception 'metadata.organization_name must be 1 to 200 characters' using errcode = '23514';
  end if;
  if m ? 'verification_details' and (jsonb_typeof(m -> 'verification_details') <> 'string'
       or char_length(m ->> 'verification_details') > 2000) then
    raise exception 'metadata.verification_details must be at most 2000 characters' using errcode = '23514';
  end if;

  -- software
  if m ? 'pricing_model' and coalesce(m ->> 'pricing_model', '') not in ('free', 'freemium', 'paid', 'enterprise') then
    raise exception 'metadata.pricing_model must be free, freemium, paid or enterprise' using errcode = '23514';
  end if;
  if m ? 'api_available' and jsonb_typeof(m -> 'api_available') <> 'boolean' then
    raise exception 'metadata.api_available must be true or false' using errcode = '23514';
  end if;
  if m ? 'license' and (jsonb_typeof(m -> 'license') <> 'string' or char_length(btrim(m ->> 'license')) not between 1 and 200) then
    raise exception 'metadata.license must be 1 to 200 characters' using errcode = '23514';
  end if;
  -- a model's weights licence and how it can be had, apart from the code's licence (docs/product.md#facts)
  if m ? 'weights_license' and (jsonb_typeof(m -> 'weights_license') <> 'string'
       or char_length(btrim(m ->> 'weights_license')) not between 1 and 200) then
    raise exception 'metadata.weights_license must be 1 to 200 characters' using errcode = '23514';
  end if;
  if m ? 'availability' and (jsonb_typeof(m -> 'availability') <> 'string'
       or m ->> 'availability' not in ('open', 'api_only', 'waitlist', 'commercial')) then
    raise exception 'metadata.availability must be open, api_only, waitlist or commercial' using errcode = '23514';
  end if;
  if m ? 'github_url' and coalesce(m ->> 'github_url', '') !~ '^https?://\S+$' then
    raise exception 'metadata.github_url must start with http:// or https://' using errcode = '23514';
  end if;

  -- paper
  if m ? 'doi' and coalesce(m ->> 'doi', '') !~ '^10\.\d{4,9}/\S+$' then
    raise exception 'metadata.doi must be a DOI (10.x/...)' using errcode = '23514';
  end if;
  if m ? 'journal' and (jsonb_typeof(m -> 'journal') <> 'string' or char_length(btrim(m ->> 'journal')) not between 1 and 300) then
    raise exception 'metadata.journal must be 1 to 300 characters' using errcode = '23514';
  end if;
  if m ? 'year' and (jsonb_typeof(m -> 'year') <> 'number' or (m ->> 'year') !~ '^\d{4}$'
       or (m ->> 'year')::integer not between 1800 and 2100) then
    raise exception 'metadata.year must be a year between 1800 and 2100' using errcode = '23514';
  end if;

  -- software and agents: the first release, as precise as known, not in the future
  if m ? 'first_release' and (jsonb_typeof(m -> 'first_release') <> 'string'
       or not coalesce(public.is_partial_date(m ->> 'first_release'), false)
       or m ->> 'first_release' > left(to_char(now() at time zone 'UTC', 'YYYY-MM-DD'), char_length(m ->> 'first_release'))) then
    raise exception 'metadata.first_release must be YYYY, YYYY-MM or YYYY-MM-DD, not in the future' using errcode = '23514';
  end if;

  -- company
  if m ? 'funding_stage' and coalesce(m ->> 'funding_stage', '')
       not in ('Pre-seed', 'Seed', 'Series A', 'Series B', 'Series C+', 'Public') then
    raise exception 'metadata.funding_stage must be one of Pre-seed, Seed, Series A, Series B, Series C+, Public'
      using errcode = '23514';
  end if;
  if m ? 'employee_count' and coalesce(m ->> 'employee_count', '') not in ('1-10', '11-50', '51-200', '201-500', '500+') then
    raise exception 'metadata.employee_count must be one of 1-10, 11-50, 51-200, 201-500, 500+' using errcode = '23514';
  end if;
  -- facts that change: when they were true (a past date) and where they were read (docs/product.md#facts)
  if exists (
    select 1 from (values ('funding_stage_as_of'), ('employee_count_as_of')) as d (key)
    where m ? d.key and (jsonb_typeof(m -> d.key) <> 'string' or (m ->> d.key) !~ '^\d{4}-\d{2}-\d{2}$'
      or not public.is_partial_date(m ->> d.key) or (m ->> d.key)::date > current_date)
  ) then
    raise exception 'metadata.funding_stage_as_of and metadata.employee_count_as_of must be past dates (YYYY-MM-DD)'
      using errcode = '23514';
  end if;
  if exists (
    select 1 from (values ('funding_stage_source'), ('employee_count_source')) as d (key)
    where m ? d.key and (jsonb_typeof(m -> d.key) <> 'string' or (m ->> d.key) !~ '^https?://\S+$'
      or char_length(m ->> d.key) > 2000)
  ) then
    raise exception 'metadata.funding_stage_source and metadata.employee_count_source must be links (http:// or https://)'
      using errcode = '23514';
  end if;

  -- agent
  if m ? 'model_type' and (jsonb_typeof(m -> 'model_type') <> 'string' or char_length(btrim(m ->> 'model_type')) not between 1 and 300) then
    raise exception 'metadata.model_type must be 1 to 300 characters' using errcode = '23514';
  end if;
  if m ? 'interaction_mode' and coalesce(m ->> 'interaction_mode', '') not in ('chat', 'autonomous', 'api', 'notebook', 'cli') then
    raise exception 'metadata.interaction_mode must be chat, autonomous, api, notebook or cli' using errcode = '23514';
  end if;

  -- lists of names (paper authors, agent capabilities)
  if exists (
    select 1 from (values ('authors'), ('capabilities')) as l (key)
    where m ? l.key and (
      jsonb_typeof(m -> l.key) <> 'array' or jsonb_array_length(m -> l.key) > 50
      or exists (select 1 from jsonb_array_elements(m -> l.key) as e
                 where jsonb_typeof(e) <> 'string' or char_length(btrim(e #>> '{}')) not between 1 and 300))
  ) then
    raise exception 'metadata.authors and metadata.capabilities must be lists of at most 50 names' using errcode = '23514';
  end if;
  return new;
end $$;
revoke execute on function public.validate_content_submission() from public, anon, authenticated;

-- Only the contributor's own fields: a moderator's decision changes status columns alone.
create trigger content_submissions_validate
  before insert or update of title, description, short_description, content_type, url, domains, key_features,
    relationship_to_content, metadata
  on public.content_submissions
  for each row execute function public.validate_content_submission();

-- The normalised-URL index (duplicate hints) evaluates this for every inserted item: without
-- its SET clause it is inlined there instead of run as a function call per row.
create or replace function public.normalize_url(url text) returns text
language sql immutable parallel safe as $$
  select nullif(pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.lower(pg_catalog.btrim(url)),
    '^https?://(www\.)?', ''), '/+$', ''), '')
$$;
-- The index evaluates it with the writer's privileges: staff writing items (signed in) and the
-- service role keep it; visitors write no item.
revoke execute on function public.normalize_url(text) from public, anon;
grant execute on function public.normalize_url(text) to authenticated, service_role;

create index content_items_normalized_url_idx on public.content_items (public.normalize_url(url));

create index content_submissions_open_idx on public.content_submissions (status)
  where status in ('pending', 'changes_requested');

-- Items and open submissions that may be the same thing: same URL, same DOI, or a near-identical
-- title (trigram similarity at least 0.6). Only titles, types and slugs are returned, never who
-- submitted what.
create or replace function public.find_possible_duplicates(
  candidate_title text,
  candidate_url text default null,
  candidate_doi text default null,
  exclude_submission uuid default null
) returns jsonb
language sql stable security definer set search_path = '' as $$
  with wanted as (
    select lower(btrim(coalesce(candidate_title, ''))) as title,
           public.normalize_url(candidate_url) as url,
           nullif(lower(btrim(coalesce(candidate_doi, ''))), '') as doi
  ),
  matches as (
    select 'item' as kind, ci.id, ci.title, ci.content_type, ci.slug, ci.status,
           case when lower(p.doi) = w.doi then 'doi'
                when public.normalize_url(ci.url) = w.url then 'url'
                else 'title' end as reason,
           extensions.similarity(lower(ci.title), w.title) as similarity
    from wanted w
    join public.content_items ci on ci.status = 'published'
    left join public.papers p on p.content_id = ci.id
    where (w.doi is not null and lower(p.doi) = w.doi)
       or (w.url is not null and public.normalize_url(ci.url) = w.url)
       or (w.title <> '' and lower(ci.title) operator(extensions.%) w.title
           and extensions.similarity(lower(ci.title), w.title) >= 0.6)
    union all
    select 'submission', s.id, s.title, s.content_type, null, s.status,
           case when lower(s.metadata ->> 'doi') = w.doi then 'doi'
                when public.normalize_url(s.url) = w.url then 'url'
                else 'title' end,
           extensions.similarity(lower(s.title), w.title)
    from wanted w
    join public.content_submissions s on s.status in ('pending', 'changes_requested')
    where s.id is distinct from exclude_submission
      and ((w.doi is not null and lower(s.metadata ->> 'doi') = w.doi)
           or (w.url is not null and public.normalize_url(s.url) = w.url)
           or (w.title <> '' and extensions.similarity(lower(s.title), w.title) >= 0.6))
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'kind', m.kind, 'id', m.id, 'title', m.title, 'content_type', m.content_type, 'slug', m.slug,
           'status', m.status, 'reason', m.reason, 'similarity', round(m.similarity::numeric, 2))
         order by array_position(array['doi', 'url', 'title'], m.reason), m.similarity desc, m.title), '[]'::jsonb)
  from (select * from matches order by array_position(array['doi', 'url', 'title'], reason), similarity desc limit 10) m
$$;
revoke execute on function public.find_possible_duplicates(text, text, text, uuid) from public, anon;
grant execute on function public.find_possible_duplicates(text, text, text, uuid) to authenticated;

-- An item's slug from its title, by core's slugify (core/src/format.ts, docs/product.md#slugs), so
-- an item gets the same slug whether it is imported (core computes it) or approved from a
-- contribution (this computes it): accents dropped (NFKD splits a letter from its marks), the
-- Latin letters that have no decomposition spelled as ASCII, lower case, everything but letters,
-- digits, whitespace and hyphens removed, runs of whitespace and hyphens made one hyphen, at most 100 characters with no hyphen at
-- either end. The
-- whitespace class is JavaScript's \s spelled out, since PostgreSQL's depends on the locale.
create or replace function public.slugify(title text) returns text
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  slug text := pg_catalog.regexp_replace(pg_catalog.normalize(coalesce(title, ''), 'NFKD'), '[\u0300-\u036f]', '', 'g');
begin
  slug := pg_catalog.translate(slug, 'øØłŁđĐðÐħĦŧŦı', 'oollddddhhtti');
  slug := pg_catalog.replace(pg_catalog.replace(slug, 'ß', 'ss'), 'ẞ', 'ss');
  slug := pg_catalog.replace(pg_catalog.replace(slug, 'æ', 'ae'), 'Æ', 'ae');
  slug := pg_catalog.replace(pg_catalog.replace(slug, 'œ', 'oe'), 'Œ', 'oe');
  slug := pg_catalog.replace(pg_catalog.replace(slug, 'þ', 'th'), 'Þ', 'th');
  slug := pg_catalog.lower(slug);
  slug := pg_catalog.regexp_replace(slug,
    '[^a-z0-9\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff-]', '', 'g');
  slug := pg_catalog.regexp_replace(slug,
    '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff-]+', '-', 'g');
  return pg_catalog.rtrim(pg_catalog.left(pg_catalog.btrim(slug, '-'), 100), '-');
end $$;
revoke execute on function public.slugify(text) from public, anon, authenticated;

-- A slug made unique by a suffix ('-2', '-3a1b2c3d'), its base cut so that the whole stays within
-- the 100 characters of every slug (core's suffixedSlug). Plain SQL without SET, so a statement
-- over many rows inlines it.
create or replace function public.suffixed_slug(base text, suffix text) returns text
language sql immutable parallel safe as $$
  select pg_catalog.rtrim(pg_catalog.left(base, 99 - pg_catalog.char_length(suffix)), '-') operator(pg_catalog.||) '-'
         operator(pg_catalog.||) suffix
$$;
revoke execute on function public.suffixed_slug(text, text) from public, anon, authenticated;

-- A new item's slug: the title's, else the fallback, made unique with -2, -3 ….
create or replace function public.unique_item_slug(title text, fallback text) returns text
language plpgsql set search_path = '' as $$
declare
  base text := public.slugify(title);
  candidate text;
  n integer := 1;
begin
  if base = '' then base := fallback; end if;
  candidate := base;
  while exists (select 1 from public.content_items ci where ci.slug = candidate) loop
    n := n + 1;
    candidate := public.suffixed_slug(base, n::text);
  end loop;
  return candidate;
end $$;
revoke execute on function public.unique_item_slug(text, text) from public, anon, authenticated;

-- The submission a moderator is deciding on, locked, and still waiting for a decision.
create or replace function public.pending_submission_for_review(submission_id uuid)
returns public.content_submissions
language plpgsql security definer set search_path = '' as $$
declare
  s public.content_submissions;
begin
  if not public.is_staff() then
    raise exception 'Only moderators and administrators can review submissions' using errcode = '42501';
  end if;
  select * into s from public.content_submissions cs where cs.id = submission_id for update;
  if not found then
    raise exception 'Submission not found' using errcode = 'PT404';
  end if;
  if s.status <> 'pending' then
    raise exception 'This submission is not waiting for review (status %)', s.status using errcode = '55000';
  end if;
  return s;
end $$;
revoke execute on function public.pending_submission_for_review(uuid) from public, anon, authenticated;

-- Who contributed an approved item: the credit shown to staff and to the contributor, kept if the
-- submission goes. A table of its own, not a column of content_items: everyone reads those rows
-- (select=*, embeddings, functions passing whole rows), and a contributor's user id is for them
-- and staff only, which a column privilege cannot express (docs/security.md, "Database rights").
create table public.content_item_credits (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  submitted_by uuid not null references auth.users (id) on delete cascade
);
grant all on public.content_item_credits to authenticated;
alter table public.content_item_credits enable row level security;
create index content_item_credits_submitted_by_idx on public.content_item_credits (submitted_by);
-- Written only by approve_submission (security definer); visitors have no privileges at all.
revoke all on public.content_item_credits from anon;
revoke insert, update, delete, truncate, references, trigger on public.content_item_credits from authenticated;
create policy "contributors and staff read credits" on public.content_item_credits for select to authenticated
  using (submitted_by = (select auth.uid()) or (select public.is_staff()));

-- Approve: the submission becomes a published item of its type, searchable and on its detail
-- page at once (the search index, vocabulary and catalog version are kept by the catalog's
-- triggers), with its organisation, domains (first one primary) and authors in order.
create or replace function public.approve_submission(submission_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  s public.content_submissions := public.pending_submission_for_review(submission_id);
  m jsonb := s.metadata;
  org_name text := btrim(coalesce(m ->> 'organization_name', case when s.content_type = 'company' then s.title end));
  org_id uuid;
  item_id uuid := gen_random_uuid();
  item_slug text := public.unique_item_slug(s.title, s.content_type);
begin
  if org_name <> '' then
    insert into public.organizations (name, type, website)
    values (org_name, case when s.content_type = 'company' then 'company' end,
            case when s.content_type = 'company' then s.url end)
    on conflict (lower(name)) do nothing;
    select o.id into org_id from public.organizations o where lower(o.name) = lower(org_name);
  end if;

  insert into public.content_items (id, slug, title, description, short_description, content_type, url, status,
    year, key_features, metadata, organization_id, published_at)
  values (item_id, item_slug, s.title, s.description, s.short_description, s.content_type, s.url, 'published',
    (m ->> 'year')::integer, s.key_features,
    -- never the submission's id: the item's metadata is public, the submission is not
    -- (content_submissions.content_id links the two for its submitter and staff)
    jsonb_build_object('relationship_to_content', s.relationship_to_content),
    org_id, now());
  if s.submitter_id is not null then
    insert into public.content_item_credits (content_id, submitted_by) values (item_id, s.submitter_id);
  end if;

  if s.content_type = 'software' then
    -- open_source follows from the licence (derive_open_source)
    insert into public.software (content_id, pricing_model, license, github_url, api_available, first_release,
      weights_license, availability)
    values (item_id, m ->> 'pricing_model', nullif(btrim(m ->> 'license'), ''), m ->> 'github_url',
            coalesce((m ->> 'api_available')::boolean, false), m ->> 'first_release',
            nullif(btrim(m ->> 'weights_license'), ''), m ->> 'availability');
  elsif s.content_type = 'paper' then
    insert into public.papers (content_id, abstract, doi, journal_name)
    values (item_id, s.description, m ->> 'doi', m ->> 'journal');
  elsif s.content_type = 'company' then
    insert into public.companies (content_id, organization_id, funding_stage, employee_count, funding_stage_as_of,
      funding_stage_source, employee_count_as_of, employee_count_source)
    values (item_id, org_id, m ->> 'funding_stage', m ->> 'employee_count', (m ->> 'funding_stage_as_of')::date,
      m ->> 'funding_stage_source', (m ->> 'employee_count_as_of')::date, m ->> 'employee_count_source');
  else
    insert into public.agents (content_id, model_type, interaction_mode, capabilities, first_release, availability)
    values (item_id, m ->> 'model_type', m ->> 'interaction_mode',
            array(select jsonb_array_elements_text(coalesce(m -> 'capabilities', '[]'))), m ->> 'first_release',
            m ->> 'availability');
  end if;

  -- Authors are people reused by name (any letter case), credited in the order given.
  if s.content_type = 'paper' then
    create temporary table submission_authors on commit drop as
    select btrim(a.name) as full_name, (a.ordinality - 1)::integer as order_index
    from jsonb_array_elements_text(coalesce(m -> 'authors', '[]')) with ordinality as a (name, ordinality);
    insert into public.people (full_name)
    select distinct on (lower(sa.full_name)) sa.full_name from submission_authors sa
    where not exists (select 1 from public.people p where lower(p.full_name) = lower(sa.full_name));
    insert into public.content_people (content_id, person_id, role, order_index)
    select distinct on (person.id) item_id, person.id, 'author', sa.order_index
    from submission_authors sa
    cross join lateral (
      select p.id from public.people p where lower(p.full_name) = lower(sa.full_name) order by p.created_at, p.id limit 1
    ) person
    order by person.id, sa.order_index;
    drop table submission_authors;
  end if;

  insert into public.content_domains (content_id, domain_id, is_primary)
  select item_id, d.domain_id, d.ordinality = 1
  from unnest(s.domains) with ordinality as d (domain_id, ordinality);

  update public.content_submissions cs
  set status = 'approved', reviewed_by = auth.uid(), reviewed_at = now(), review_reason = null, content_id = item_id
  where cs.id = s.id;

  insert into public.user_activity (user_id, activity_type, activity_data)
  values (auth.uid(), 'submission_approved', jsonb_build_object(
    'submission_id', s.id, 'submitter_id', s.submitter_id, 'content_id', item_id, 'slug', item_slug,
    'content_type', s.content_type, 'title', s.title));

  return jsonb_build_object('content_id', item_id, 'slug', item_slug, 'content_type', s.content_type);
end $$;
revoke execute on function public.approve_submission(uuid) from public, anon;
grant execute on function public.approve_submission(uuid) to authenticated;

-- Request changes or reject: the reason is required, and the contributor reads it.
create or replace function public.decide_submission(submission_id uuid, decision text, reason text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  s public.content_submissions := public.pending_submission_for_review(submission_id);
  why text := btrim(coalesce(reason, ''));
begin
  if why = '' then
    raise exception 'A reason is required' using errcode = '22023';
  end if;
  if char_length(why) > 2000 then
    raise exception 'The reason must be at most 2000 characters' using errcode = '22023';
  end if;
  update public.content_submissions cs
  set status = decision, reviewed_by = auth.uid(), reviewed_at = now(), review_reason = why
  where cs.id = s.id;
  insert into public.user_activity (user_id, activity_type, activity_data)
  values (auth.uid(), case decision when 'rejected' then 'submission_rejected' else 'submission_changes_requested' end,
    jsonb_build_object('submission_id', s.id, 'submitter_id', s.submitter_id, 'title', s.title, 'reason', why));
  return jsonb_build_object('id', s.id, 'status', decision);
end $$;
revoke execute on function public.decide_submission(uuid, text, text) from public, anon, authenticated;

create or replace function public.request_changes(submission_id uuid, reason text) returns jsonb
language sql security definer set search_path = '' as $$
  select public.decide_submission(submission_id, 'changes_requested', reason)
$$;
revoke execute on function public.request_changes(uuid, text) from public, anon;
grant execute on function public.request_changes(uuid, text) to authenticated;

create or replace function public.reject_submission(submission_id uuid, reason text) returns jsonb
language sql security definer set search_path = '' as $$
  select public.decide_submission(submission_id, 'rejected', reason)
$$;
revoke execute on function public.reject_submission(uuid, text) from public, anon;
grant execute on function public.reject_submission(uuid, text) to authenticated;

-- The contributor edits a submission that came back with 'changes requested' and sends it
-- again: back to pending, checked by the same trigger as a new one.
create or replace function public.resubmit_submission(submission_id uuid, submission jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  s public.content_submissions;
begin
  select * into s from public.content_submissions cs where cs.id = submission_id for update;
  if not found or s.submitter_id is distinct from auth.uid() then
    raise exception 'Submission not found' using errcode = 'PT404';
  end if;
  if s.status <> 'changes_requested' then
    raise exception 'Only a submission with changes requested can be resubmitted' using errcode = '55000';
  end if;
  if jsonb_typeof(submission) <> 'object' or jsonb_typeof(submission -> 'domains') <> 'array'
     or jsonb_typeof(coalesce(submission -> 'key_features', '[]')) <> 'array' then
    raise exception 'submission must be an object with a domains list' using errcode = '22023';
  end if;
  update public.content_submissions cs set
    title = submission ->> 'title',
    description = submission ->> 'description',
    short_description = submission ->> 'short_description',
    content_type = submission ->> 'content_type',
    url = submission ->> 'url',
    domains = array(select jsonb_array_elements_text(submission -> 'domains'))::uuid[],
    key_features = array(select jsonb_array_elements_text(coalesce(submission -> 'key_features', '[]'))),
    relationship_to_content = submission ->> 'relationship_to_content',
    metadata = coalesce(submission -> 'metadata', '{}'),
    status = 'pending'
  where cs.id = s.id;
  insert into public.user_activity (user_id, activity_type, activity_data)
  values (auth.uid(), 'submission_resubmitted', jsonb_build_object('submission_id', s.id, 'title', submission ->> 'title'));
  return jsonb_build_object('id', s.id, 'status', 'pending');
end $$;
revoke execute on function public.resubmit_submission(uuid, jsonb) from public, anon;
grant execute on function public.resubmit_submission(uuid, jsonb) to authenticated;

-- Review decisions e-mailed to contributors through a transactional outbox: the decision and
-- the row that asks for its e-mail commit together (or not at all), and the server's outbox
-- mailer (server/src/notifications) sends the rows afterwards, retrying with backoff. Users
-- never read the outbox: it holds e-mail addresses' worth of private context.
create table public.notification_outbox (
  id bigint generated always as identity primary key,
  recipient_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('submission_approved', 'submission_changes_requested', 'submission_rejected',
                                     'api_token_created', 'claim_approved', 'claim_rejected', 'claim_revoked',
                                     'claim_transfer_offered', 'maintained_item_reviewed',
                                     'notification', 'notification_digest')),
  -- a decision: submission_id, title, content_type, and reason (changes/rejected) or slug (approved);
  -- a new API token (13_api_tokens.sql): its name, first characters, creation and expiry;
  -- an admin's decision on a claim, or an item offered to a new maintainer (18_claims.sql):
  -- claim_id, title, content_type, slug, reason;
  -- a review published of an item the recipient maintains (21_review_replies.sql):
  -- review_id, title, content_type, slug, rating, reviewer;
  -- a notification e-mailed at once, or a daily or weekly digest of several (25_notification_events.sql)
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  -- When the row may be claimed next: now for a new row, later after a failure (backoff) or
  -- while a mailer holds it (a lease, so a crashed mailer's rows come back by themselves).
  next_attempt_at timestamptz not null default now(),
  last_error text check (char_length(last_error) <= 1000)
);
grant all on sequence public.notification_outbox_id_seq to anon, authenticated;
alter table public.notification_outbox enable row level security;
revoke all on table public.notification_outbox from public, anon, authenticated;
grant select, insert, update, delete on table public.notification_outbox to service_role;

create index notification_outbox_due_idx on public.notification_outbox (next_attempt_at, id) where sent_at is null;

create index notification_outbox_recipient_idx on public.notification_outbox (recipient_id);

-- After a moderator's decision, in its transaction: queue the e-mail when the contributor has
-- decisions e-mailed at once (docs/product.md#notification-email; the digests and "off" leave it
-- to their notification, 25_notification_events.sql).
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
  if public.notification_email_delivery(
       (select p.notification_preferences from public.user_profiles p where p.id = new.submitter_id),
       'decisions') <> 'instant' then
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
revoke execute on function public.queue_review_notification() from public, anon, authenticated;

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
revoke execute on function public.assert_outbox_worker() from public, anon, authenticated;
grant execute on function public.assert_outbox_worker() to service_role;

-- Claims up to batch_size due rows for lease_seconds (skip locked: several mailers never take
-- the same row) and returns them with the recipient's current address, first name and the
-- language their mails are written in (null: English).
create or replace function public.claim_notification_batch(batch_size integer default 20, lease_seconds integer default 300)
returns table (id bigint, kind text, payload jsonb, attempts integer, email text, first_name text, recipient_id uuid, preferred_language text)
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
  select l.id, l.kind, l.payload, l.attempts, u.email::text, p.first_name, l.recipient_id, p.preferred_language
  from leased l
  join auth.users u on u.id = l.recipient_id
  left join public.user_profiles p on p.id = l.recipient_id
  order by l.id;
end $$;
revoke execute on function public.claim_notification_batch(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_notification_batch(integer, integer) to service_role;

create or replace function public.mark_notification_sent(notification_id bigint) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform public.assert_outbox_worker();
  update public.notification_outbox o set sent_at = now(), last_error = null where o.id = notification_id;
end $$;
revoke execute on function public.mark_notification_sent(bigint) from public, anon, authenticated;
grant execute on function public.mark_notification_sent(bigint) to service_role;

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
revoke execute on function public.mark_notification_failed(bigint, text) from public, anon, authenticated;
grant execute on function public.mark_notification_failed(bigint, text) to service_role;
