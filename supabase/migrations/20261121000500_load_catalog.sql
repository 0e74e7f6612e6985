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
