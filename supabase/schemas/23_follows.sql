-- Follows (docs/product.md#follows): what a user keeps up with. One row per followed thing: an
-- item, an organization, a field, a person (a SciAI user with a public profile: a reviewer or a
-- maintainer) or a saved search (a browse address's query: text, filters and sort). Saving an
-- item to the library is separate (user_saved_items). Notifications about what a follow brings
-- name the follow (notifications.follow_id), which is how "new since your last visit" is counted
-- against last_seen_at. Users read their own follows; nobody writes the table but its functions.
create table public.follows (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  target_type text not null check (target_type in ('item', 'organization', 'field', 'person', 'search')),
  content_id uuid references public.content_items (id) on delete cascade,
  organization_id uuid references public.organizations (id) on delete cascade,
  domain_id uuid references public.scientific_domains (id) on delete cascade,
  person_id uuid references auth.users (id) on delete cascade,
  -- a saved search: the browse address's canonical query string (core's URL codec writes it)
  search_query text check (char_length(search_query) <= 2000),
  -- a saved search's name as the user sees it
  label text check (char_length(btrim(label)) between 1 and 200),
  -- when the user last looked at what this follow brought
  last_seen_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  constraint follows_one_target check (
    case target_type
      when 'item' then content_id is not null and num_nonnulls(organization_id, domain_id, person_id, search_query) = 0
      when 'organization' then organization_id is not null and num_nonnulls(content_id, domain_id, person_id, search_query) = 0
      when 'field' then domain_id is not null and num_nonnulls(content_id, organization_id, person_id, search_query) = 0
      when 'person' then person_id is not null and num_nonnulls(content_id, organization_id, domain_id, search_query) = 0
      when 'search' then search_query is not null and num_nonnulls(content_id, organization_id, domain_id, person_id) = 0
    end)
);
alter table public.follows enable row level security;
revoke all on public.follows from anon, authenticated;
grant select on public.follows to authenticated;

create policy "read own follows" on public.follows for select to authenticated
  using (user_id = (select auth.uid()));

-- One follow of a thing per user; the same indexes find a thing's followers.
create unique index follows_item_key on public.follows (content_id, user_id) where content_id is not null;
create unique index follows_organization_key on public.follows (organization_id, user_id) where organization_id is not null;
create unique index follows_field_key on public.follows (domain_id, user_id) where domain_id is not null;
create unique index follows_person_key on public.follows (person_id, user_id) where person_id is not null;
create unique index follows_search_key on public.follows (search_query, user_id) where search_query is not null;
create index follows_user_idx on public.follows (user_id, created_at desc);

-- New follows each user made lately, for the hourly limit (follow_rate_limit). Only the follow
-- function writes and reads it, pruning the caller's rows older than the hour.
create table public.follow_rate_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
alter table public.follow_rate_events enable row level security;
revoke all on public.follow_rate_events from anon, authenticated;

create index follow_rate_events_user_idx on public.follow_rate_events (user_id, created_at);

-- The limits of docs/product.md#follows: things followed, saved searches among them, and new
-- follows an hour. core's FOLLOW_LIMITS says the same.
create or replace function public.follow_limits()
returns table (max_follows integer, max_saved_searches integer, follows_per_hour integer)
language sql immutable set search_path = '' as $$
  select 1000, 100, 100
$$;
revoke execute on function public.follow_limits() from public, anon, authenticated;

-- The caller, who must be signed in with a confirmed e-mail address to follow anything.
create or replace function public.follow_caller() returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to follow' using errcode = '42501';
  end if;
  if not exists (select 1 from auth.users u where u.id = caller and u.email_confirmed_at is not null) then
    raise exception 'Confirm your e-mail address before following' using errcode = '42501';
  end if;
  return caller;
end $$;
revoke execute on function public.follow_caller() from public, anon, authenticated;

-- Whether text is a saved search as the web writes it: core's URL codec's canonical query string
-- of a browse address (browse parameters only, each `name=value` percent-encoded, no view).
-- Shape only: what the values mean is the browse page's business.
create or replace function public.is_saved_search_query(_query text) returns boolean
language sql immutable set search_path = '' as $$
  select _query is not null
     and char_length(_query) between 1 and 2000
     and _query ~ '^(search|within|domain|type|feature|health|size|operation|input|year_from|year_to|sort)=[A-Za-z0-9%._*-]+(&(search|within|domain|type|feature|health|size|operation|input|year_from|year_to|sort)=[A-Za-z0-9%._*-]+)*$'
     and regexp_replace(_query, '%[0-9A-F]{2}', '', 'g') !~ '%'
     and char_length(_query) - char_length(replace(_query, '&', '')) < 100
$$;
revoke execute on function public.is_saved_search_query(text) from public, anon, authenticated;

-- What a follow call names, resolved: a follows row with target_type and the one target column
-- set (docs/product.md#follows). Targets: an item's slug (published items), an organization's
-- id, a field's slug, a person's handle (public profiles only) or a saved search's query.
create or replace function public.follow_target(_target_type text, _target text) returns public.follows
language plpgsql stable security definer set search_path = '' as $$
declare
  result public.follows;
begin
  if _target_type is null or _target_type not in ('item', 'organization', 'field', 'person', 'search') then
    raise exception 'target_type must be item, organization, field, person or search' using errcode = '22023';
  end if;
  if _target is null or btrim(_target) = '' then
    raise exception 'target is required' using errcode = '22023';
  end if;
  if char_length(_target) > 2000 then
    raise exception 'target must be at most 2,000 characters' using errcode = '22023';
  end if;
  result.target_type := _target_type;
  case _target_type
    when 'item' then
      select ci.id into result.content_id from public.content_items ci
       where ci.slug = _target and ci.status = 'published';
      if result.content_id is null then
        raise sqlstate 'PT404' using message = 'Item not found';
      end if;
    when 'organization' then
      if _target ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
        select o.id into result.organization_id from public.organizations o where o.id = _target::uuid;
      end if;
      if result.organization_id is null then
        raise sqlstate 'PT404' using message = 'Organization not found';
      end if;
    when 'field' then
      select d.id into result.domain_id from public.scientific_domains d where d.slug = _target;
      if result.domain_id is null then
        raise sqlstate 'PT404' using message = 'Field not found';
      end if;
    when 'person' then
      -- the same rule as /u/:handle: a handle, on a public profile
      select p.id into result.person_id from public.user_profiles p
       where p.handle is not null and lower(p.handle) = lower(_target) and p.is_public;
      if result.person_id is null then
        raise sqlstate 'PT404' using message = 'Profile not found';
      end if;
    else
      if not public.is_saved_search_query(_target) then
        raise exception 'A saved search is a browse address''s query: search, filters and sort' using errcode = '22023';
      end if;
      result.search_query := _target;
  end case;
  return result;
end $$;
revoke execute on function public.follow_target(text, text) from public, anon, authenticated;

-- The follow of `_target` by `_user_id`, if any.
create or replace function public.find_follow(_user_id uuid, _target public.follows) returns uuid
language sql stable security definer set search_path = '' as $$
  select f.id from public.follows f
  where f.user_id = _user_id and f.target_type = _target.target_type
    and case _target.target_type
          when 'item' then f.content_id = _target.content_id
          when 'organization' then f.organization_id = _target.organization_id
          when 'field' then f.domain_id = _target.domain_id
          when 'person' then f.person_id = _target.person_id
          else f.search_query = _target.search_query
        end
$$;
revoke execute on function public.find_follow(uuid, public.follows) from public, anon, authenticated;

-- How many follow a thing (docs/product.md#follows): public for items, organizations and fields;
-- null for people and saved searches, whose followers are nobody else's business.
create or replace function public.follower_count(_target public.follows) returns integer
language sql stable security definer set search_path = '' as $$
  select case _target.target_type
    when 'item' then (select count(*)::integer from public.follows f where f.content_id = _target.content_id)
    when 'organization' then (select count(*)::integer from public.follows f where f.organization_id = _target.organization_id)
    when 'field' then (select count(*)::integer from public.follows f where f.domain_id = _target.domain_id)
  end
$$;
revoke execute on function public.follower_count(public.follows) from public, anon, authenticated;

-- A Follow button's state: the thing's follower count (null where it is not shown) and the
-- caller's follow of it (null when signed out or not following).
create or replace function public.follow_state(target_type text, target text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  resolved public.follows := public.follow_target(target_type, target);
  caller uuid := auth.uid();
begin
  return jsonb_build_object(
    'followers', public.follower_count(resolved),
    'follow_id', case when caller is not null then public.find_follow(caller, resolved) end);
end $$;
revoke execute on function public.follow_state(text, text) from public;
grant execute on function public.follow_state(text, text) to anon, authenticated;

-- Counts one new follow of the caller against the hourly limit, or refuses it with PostgREST's
-- 429. Called after every other check, so a refused follow is not counted.
create or replace function public.follow_rate_limit(_caller uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  hourly_limit integer := (select l.follows_per_hour from public.follow_limits() l);
  recent integer;
begin
  delete from public.follow_rate_events e where e.user_id = _caller and e.created_at < now() - interval '1 hour';
  select count(*) into recent from public.follow_rate_events e where e.user_id = _caller;
  if recent >= hourly_limit then
    raise sqlstate 'PT429' using message = format(
      'You have reached the limit of %s new follows an hour. Please try again later.', hourly_limit);
  end if;
  insert into public.follow_rate_events (user_id) values (_caller);
end $$;
revoke execute on function public.follow_rate_limit(uuid) from public, anon, authenticated;

-- Follows a thing (docs/product.md#follows); following it again changes nothing but a saved
-- search's name. A saved search must be named. Returns the follow's id and the follower count.
create or replace function public.follow(target_type text, target text, label text default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := public.follow_caller();
  resolved public.follows := public.follow_target(target_type, target);
  name text := nullif(btrim(regexp_replace(coalesce(label, ''), '[[:space:][:cntrl:]]+', ' ', 'g')), '');
  limits record;
  existing uuid;
  created uuid;
begin
  if resolved.person_id = caller then
    raise exception 'You cannot follow yourself' using errcode = '22023';
  end if;
  if resolved.target_type = 'search' then
    if name is null then
      raise exception 'Name this search' using errcode = '22023';
    end if;
    if char_length(name) > 200 then
      raise exception 'A saved search''s name must be at most 200 characters' using errcode = '22023';
    end if;
  else
    name := null;
  end if;
  -- one writer per user at a time, so parallel calls cannot each see room for one more
  perform pg_advisory_xact_lock(hashtextextended('follows:' || caller::text, 0));
  existing := public.find_follow(caller, resolved);
  if existing is not null then
    if name is not null then
      update public.follows f set label = name where f.id = existing and f.label is distinct from name;
    end if;
    return jsonb_build_object('id', existing, 'followers', public.follower_count(resolved));
  end if;
  select * into limits from public.follow_limits();
  if (select count(*) from public.follows f where f.user_id = caller) >= limits.max_follows then
    raise exception 'You follow % things already: unfollow some before following more',
      to_char(limits.max_follows, 'FM9,999') using errcode = 'P0001';
  end if;
  if resolved.target_type = 'search'
     and (select count(*) from public.follows f where f.user_id = caller and f.target_type = 'search')
         >= limits.max_saved_searches then
    raise exception 'You have % saved searches already: remove one before saving another',
      limits.max_saved_searches using errcode = 'P0001';
  end if;
  perform public.follow_rate_limit(caller);
  insert into public.follows (user_id, target_type, content_id, organization_id, domain_id, person_id, search_query, label)
  values (caller, resolved.target_type, resolved.content_id, resolved.organization_id, resolved.domain_id,
          resolved.person_id, resolved.search_query, name)
  returning id into created;
  return jsonb_build_object('id', created, 'followers', public.follower_count(resolved));
end $$;
revoke execute on function public.follow(text, text, text) from public, anon;
grant execute on function public.follow(text, text, text) to authenticated;

-- Stops following; true when the caller had that follow. Its notifications stay.
create or replace function public.unfollow(follow_id uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  removed integer;
begin
  if caller is null then
    raise exception 'Sign in to follow' using errcode = '42501';
  end if;
  delete from public.follows f where f.id = follow_id and f.user_id = caller;
  get diagnostics removed = row_count;
  return removed > 0;
end $$;
revoke execute on function public.unfollow(uuid) from public, anon;
grant execute on function public.unfollow(uuid) to authenticated;

-- The Following page's list (docs/product.md#following-page): each follow of the caller with its
-- thing's name and address, what its notifications brought since the user last opened it (the
-- items of a notification of several new items each count), and
-- the follower count where one is shown. A person whose profile is no longer public keeps the
-- follow with neither name nor address. plpgsql: notifications are defined after this file.
create or replace function public.my_follows() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to see what you follow' using errcode = '42501';
  end if;
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', f.id, 'target_type', f.target_type, 'target', t.target, 'label', f.label,
             'name', t.name, 'path', t.path, 'followers', public.follower_count(f),
             'new_count', (select coalesce(sum(coalesce((n.payload ->> 'count')::integer, 1)), 0)::integer
                           from public.notifications n
                           where n.follow_id = f.id and n.user_id = caller and n.created_at > f.last_seen_at),
             'last_seen_at', f.last_seen_at, 'created_at', f.created_at)
           order by f.created_at desc, f.id), '[]'::jsonb)
    from public.follows f
    cross join lateral (
      select ci.slug as target, ci.title as name,
             '/' || case ci.content_type when 'software' then 'tool' else ci.content_type end || '/' || ci.slug as path
        from public.content_items ci where f.target_type = 'item' and ci.id = f.content_id
      union all
      select o.id::text, o.name, '/org/' || o.id
        from public.organizations o where f.target_type = 'organization' and o.id = f.organization_id
      union all
      select d.slug, d.name, '/field/' || d.slug
        from public.scientific_domains d where f.target_type = 'field' and d.id = f.domain_id
      union all
      select p.handle, coalesce(public.profile_signed_name(p), p.handle), '/u/' || p.handle
        from (select f.person_id) x
        left join public.user_profiles p on p.id = x.person_id and p.is_public and p.handle is not null
       where f.target_type = 'person'
      union all
      select f.search_query, f.label, '/browse?' || f.search_query where f.target_type = 'search'
    ) t
    where f.user_id = caller);
end $$;
revoke execute on function public.my_follows() from public, anon;
grant execute on function public.my_follows() to authenticated;

-- Opening a followed thing from the Following page: what it brought so far is no longer new.
create or replace function public.mark_follow_seen(follow_id uuid) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  changed integer;
begin
  if caller is null then
    raise exception 'Sign in to see what you follow' using errcode = '42501';
  end if;
  update public.follows f set last_seen_at = now() where f.id = follow_id and f.user_id = caller;
  get diagnostics changed = row_count;
  return changed > 0;
end $$;
revoke execute on function public.mark_follow_seen(uuid) from public, anon;
grant execute on function public.mark_follow_seen(uuid) to authenticated;

-- Field and organization pages (docs/product.md#field-page, #organization-page) -------------

-- /field/:slug: the field, where it sits in the tree, its follower count and its most trending
-- published items (its subfields' included, as browse counts them); null for an unknown slug.
create or replace function public.field_page(_slug text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  field public.scientific_domains;
begin
  if _slug is null or char_length(_slug) > 100 then
    return null;
  end if;
  select * into field from public.scientific_domains d where d.slug = _slug;
  if field.id is null then
    return null;
  end if;
  return jsonb_build_object(
    'id', field.id, 'slug', field.slug, 'name', field.name, 'description', field.description,
    'icon', field.icon, 'color', field.color,
    'parent', (select jsonb_build_object('slug', p.slug, 'name', p.name)
                 from public.scientific_domains p where p.id = field.parent_id),
    'subfields', coalesce((select jsonb_agg(jsonb_build_object(
                             'slug', c.slug, 'name', c.name,
                             'item_count', coalesce((select k.count from public.domain_item_counts k where k.slug = c.slug), 0))
                           order by c.order_index, c.name)
                           from public.scientific_domains c where c.parent_id = field.id), '[]'::jsonb),
    'item_count', coalesce((select k.count from public.domain_item_counts k where k.slug = field.slug), 0),
    'followers', (select count(*)::integer from public.follows f where f.domain_id = field.id),
    'items', coalesce((select jsonb_agg(public.item_summary(ci) order by top.trending_score desc, top.slug)
                       from (select cs.content_id, cs.trending_score, cs.slug from public.content_search cs
                              where cs.status = 'published' and cs.domain_slugs @> array[field.slug]
                              order by cs.trending_score desc, cs.slug limit 12) top
                       join public.content_items ci on ci.id = top.content_id), '[]'::jsonb));
end $$;
revoke execute on function public.field_page(text) from public;
grant execute on function public.field_page(text) to anon, authenticated;

-- /org/:id: the organization's facts, its follower count, its company page when the catalog has
-- one, and its published items, most trending first (at most 50); null for an unknown id.
create or replace function public.organization_page(_id text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  org public.organizations;
begin
  if _id is null or _id !~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    return null;
  end if;
  select * into org from public.organizations o where o.id = _id::uuid;
  if org.id is null then
    return null;
  end if;
  return jsonb_build_object(
    'id', org.id, 'name', org.name, 'type', org.type, 'size', org.size, 'website', org.website,
    'description', org.description,
    'followers', (select count(*)::integer from public.follows f where f.organization_id = org.id),
    'company', (select jsonb_build_object('slug', ci.slug, 'title', ci.title)
                  from public.content_items ci
                 where ci.organization_id = org.id and ci.content_type = 'company' and ci.status = 'published'
                 order by ci.trending_score desc, ci.slug limit 1),
    'item_count', (select count(*)::integer from public.content_items ci
                    where ci.organization_id = org.id and ci.status = 'published'),
    'items', coalesce((select jsonb_agg(public.item_summary(top) order by top.trending_score desc, top.slug)
                       from (select * from public.content_items ci
                              where ci.organization_id = org.id and ci.status = 'published'
                              order by ci.trending_score desc, ci.slug limit 50) top), '[]'::jsonb));
end $$;
revoke execute on function public.organization_page(text) from public;
grant execute on function public.organization_page(text) to anon, authenticated;
