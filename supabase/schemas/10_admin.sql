-- The admin area (docs/product.md#admin): dashboard figures, user administration (roles, bans), verification
-- decisions, content editing, analytics (with anonymous search terms) and site settings.
-- Every function checks the caller's role itself: the browser calls them with the admin's own
-- session, never with the service key.

-- Raises 42501 unless the caller is an administrator (or a moderator, for staff functions).
create or replace function public.admin_assert_admin() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not coalesce(public.is_admin(), false) then
    raise exception 'Administrator access required' using errcode = '42501';
  end if;
end $$;
revoke execute on function public.admin_assert_admin() from public, anon, authenticated;

create or replace function public.admin_assert_staff() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not coalesce(public.is_staff(), false) then
    raise exception 'Moderator or administrator access required' using errcode = '42501';
  end if;
end $$;
revoke execute on function public.admin_assert_staff() from public, anon, authenticated;

-- An admin action in the activity log, attributed to the acting admin.
create or replace function public.admin_record(kind text, data jsonb) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.user_activity (user_id, actor, activity_type, activity_data)
  values (auth.uid(), 'user', kind, data || jsonb_build_object('timestamp', now()))
$$;
revoke execute on function public.admin_record(text, jsonb) from public, anon, authenticated;

-- Both columns are the system's: a user editing their profile cannot move up the queue or
-- rewrite the reason (only admins and owner connections without a JWT set them directly).
create or replace function public.stamp_verification_request() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is not null and not public.is_admin() then
    new.verification_requested_at := case when tg_op = 'UPDATE' then old.verification_requested_at end;
    new.verification_rejection_reason := case when tg_op = 'UPDATE' then old.verification_rejection_reason end;
  end if;
  if new.verification_status = 'pending'
     and (tg_op = 'INSERT' or old.verification_status is distinct from 'pending') then
    new.verification_requested_at := now();
  end if;
  return new;
end $$;
revoke execute on function public.stamp_verification_request() from public, anon, authenticated;

create trigger user_profiles_stamp_verification before insert or update on public.user_profiles
  for each row execute function public.stamp_verification_request();

-- Dashboard -------------------------------------------------------------------------------
create or replace function public.admin_dashboard() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
begin
  perform public.admin_assert_admin();
  select jsonb_build_object(
    'total_users', (select count(*) from auth.users),
    'pending_verifications', (select count(*) from public.user_profiles where verification_status = 'pending'),
    'content_total', (select count(*) from public.content_items),
    'content_by_status', (select coalesce(jsonb_object_agg(status, n), '{}') from
                            (select status, count(*) as n from public.content_items group by status) s),
    'content_by_type', (select coalesce(jsonb_object_agg(content_type, n), '{}') from
                          (select content_type, count(*) as n from public.content_items group by content_type) t),
    'migrations_applied', (select count(*) from supabase_migrations.schema_migrations),
    'latest_migration', (select max(version) from supabase_migrations.schema_migrations),
    -- The log, new contributions (not logged elsewhere) and serious security events, newest first.
    'recent_activity', (select coalesce(jsonb_agg(a order by a.created_at desc, a.id desc), '[]') from (
        select * from (
          select ua.id::text as id, ua.activity_type, ua.actor, ua.activity_data, ua.created_at, u.email::text as email
          from public.user_activity ua
          left join auth.users u on u.id = ua.user_id
          -- routine sign-ins would drown everything else
          where ua.activity_type <> 'sign_in'
          order by ua.created_at desc, ua.id desc
          limit 15) logged
        union all
        select * from (
          select 'submission-' || cs.id::text, 'submission_created', 'user',
                 jsonb_build_object('title', cs.title, 'content_type', cs.content_type), cs.created_at, u.email::text
          from public.content_submissions cs
          left join auth.users u on u.id = cs.submitter_id
          order by cs.created_at desc
          limit 15) submitted
        union all
        select * from (
          select 'security-' || se.id::text, 'security_' || se.event_type, se.actor,
                 jsonb_build_object('severity', se.severity, 'path', se.path), se.created_at, u.email::text
          from public.security_events se
          left join auth.users u on u.id = se.user_id
          where se.severity in ('high', 'critical')
          order by se.created_at desc, se.id desc
          limit 15) security
        order by created_at desc, id desc
        limit 15) a)
  ) into result;
  return result;
end $$;
revoke execute on function public.admin_dashboard() from public, anon;
grant execute on function public.admin_dashboard() to authenticated;

-- Users -----------------------------------------------------------------------------------
create or replace function public.admin_list_users(search text default null, role text default null,
                                                    page integer default 1, page_size integer default 20)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text := '%' || replace(replace(replace(coalesce(btrim(search), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  size integer := least(greatest(coalesce(page_size, 20), 1), 100);
  result jsonb;
begin
  perform public.admin_assert_admin();
  with matching as (
    -- an account made with ORCID has no address: '' as the auth service answers it
    select u.id, coalesce(u.email::text, '') as email, u.created_at, u.last_sign_in_at, u.banned_until,
           p.first_name, p.last_name, p.display_name, p.verification_status,
           coalesce((select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = u.id), '{}') as roles,
           exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status::text = 'verified') as mfa_enabled
    from auth.users u
    left join public.user_profiles p on p.id = u.id
    where (u.email::text ilike pattern
           or coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '') ilike pattern
           or coalesce(p.display_name, '') ilike pattern)
      and (admin_list_users.role is null or admin_list_users.role = ''
           or exists (select 1 from public.user_roles r where r.user_id = u.id and r.role = admin_list_users.role))
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'users', coalesce((select jsonb_agg(jsonb_build_object(
        'id', m.id, 'email', m.email, 'first_name', m.first_name, 'last_name', m.last_name,
        'display_name', m.display_name, 'roles', to_jsonb(m.roles), 'created_at', m.created_at,
        'last_sign_in_at', m.last_sign_in_at, 'mfa_enabled', m.mfa_enabled,
        'banned', coalesce(m.banned_until > now(), false), 'verification_status', m.verification_status)
        order by m.created_at desc, m.id)
      from (select * from matching order by created_at desc, id
            offset (greatest(coalesce(page, 1), 1) - 1) * size limit size) m), '[]')
  ) into result;
  return result;
end $$;
revoke execute on function public.admin_list_users(text, text, integer, integer) from public, anon;
grant execute on function public.admin_list_users(text, text, integer, integer) to authenticated;

-- Admins who can still act: holding the role and not banned.
create or replace function public.admin_active_admin_count(excluding uuid) returns bigint
language sql stable security definer set search_path = '' as $$
  select count(*) from public.user_roles r join auth.users u on u.id = r.user_id
  where r.role = 'admin' and r.user_id <> excluding and (u.banned_until is null or u.banned_until <= now())
$$;
revoke execute on function public.admin_active_admin_count(uuid) from public, anon, authenticated;

-- Admins may also edit user_roles directly (the "admins manage roles" policy): the same rule holds
-- there, so no API call can remove the last admin. Owner connections (no JWT) are not limited.
create or replace function public.guard_last_admin() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if auth.uid() is not null and old.role = 'admin'
     and (tg_op = 'DELETE' or new.role <> 'admin' or new.user_id <> old.user_id)
     and public.admin_active_admin_count(old.user_id) = 0 then
    raise exception 'Cannot remove the last administrator' using errcode = 'P0001';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;
revoke execute on function public.guard_last_admin() from public, anon, authenticated;

create trigger user_roles_guard_last_admin before update or delete on public.user_roles
  for each row execute function public.guard_last_admin();

-- The user's one staff role: 'user' (none), 'moderator' or 'admin'. Other roles are kept.
create or replace function public.admin_set_role(target uuid, new_role text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform public.admin_assert_admin();
  if new_role is null or new_role not in ('user', 'moderator', 'admin') then
    raise exception 'Unknown role: %', new_role using errcode = '22023';
  end if;
  if not exists (select 1 from auth.users where id = target) then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  if new_role <> 'admin' and public.has_role(target, 'admin') and public.admin_active_admin_count(target) = 0 then
    raise exception 'Cannot remove the last administrator' using errcode = 'P0001';
  end if;
  delete from public.user_roles where user_id = target and role in ('moderator', 'admin') and role <> new_role;
  insert into public.user_roles (user_id, role) values (target, 'user') on conflict do nothing;
  if new_role <> 'user' then
    insert into public.user_roles (user_id, role) values (target, new_role) on conflict do nothing;
  end if;
  perform public.admin_record('admin_role_changed', jsonb_build_object(
    'target_user_id', target, 'target_email', (select email::text from auth.users where id = target), 'role', new_role));
end $$;
revoke execute on function public.admin_set_role(uuid, text) from public, anon;
grant execute on function public.admin_set_role(uuid, text) to authenticated;

-- Bans end every session (refresh tokens go with them); the auth service refuses sign-in.
create or replace function public.admin_set_banned(target uuid, banned boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform public.admin_assert_admin();
  if not exists (select 1 from auth.users where id = target) then
    raise exception 'User not found' using errcode = 'PT404';
  end if;
  if banned and target = auth.uid() then
    raise exception 'You cannot ban yourself' using errcode = 'P0001';
  end if;
  if banned and public.has_role(target, 'admin') and public.admin_active_admin_count(target) = 0 then
    raise exception 'Cannot ban the last administrator' using errcode = 'P0001';
  end if;
  update auth.users set banned_until = case when banned then now() + interval '100 years' end where id = target;
  if banned then
    delete from auth.sessions where user_id = target;
  end if;
  perform public.admin_record(case when banned then 'admin_user_banned' else 'admin_user_unbanned' end,
    jsonb_build_object('target_user_id', target, 'target_email', (select email::text from auth.users where id = target)));
end $$;
revoke execute on function public.admin_set_banned(uuid, boolean) from public, anon;
grant execute on function public.admin_set_banned(uuid, boolean) to authenticated;

-- Verifications -----------------------------------------------------------------------------
create or replace function public.admin_pending_verifications() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  result jsonb;
begin
  perform public.admin_assert_admin();
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', p.id, 'email', coalesce(u.email::text, ''), 'first_name', p.first_name, 'last_name', p.last_name,
      'display_name', p.display_name, 'institution', p.institution,
      -- the ORCID-verified iD when there is one (docs/product.md#orcid-verified), else the typed one
      'orcid_id', coalesce(v.orcid_id, p.orcid_id), 'orcid_verified', v.orcid_id is not null, 'bio', p.bio,
      'research_interests', to_jsonb(p.research_interests),
      'requested_at', coalesce(p.verification_requested_at, p.updated_at))
      order by coalesce(p.verification_requested_at, p.updated_at), p.id), '[]')
  into result
  from public.user_profiles p join auth.users u on u.id = p.id
  left join public.verified_orcid_ids v on v.user_id = p.id
  where p.verification_status = 'pending';
  return result;
end $$;
revoke execute on function public.admin_pending_verifications() from public, anon;
grant execute on function public.admin_pending_verifications() to authenticated;

create or replace function public.admin_decide_verification(target uuid, approve boolean, reason text default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  why text := nullif(btrim(coalesce(reason, '')), '');
begin
  perform public.admin_assert_admin();
  if not approve and why is null then
    raise exception 'A reason is required to reject a verification' using errcode = '22023';
  end if;
  update public.user_profiles
  set verification_status = case when approve then 'verified' else 'unverified' end,
      verification_rejection_reason = case when approve then null else left(why, 1000) end
  where id = target and verification_status = 'pending';
  if not found then
    raise exception 'No pending verification for this user' using errcode = 'PT404';
  end if;
  perform public.admin_record(case when approve then 'verification_approved' else 'verification_rejected' end,
    jsonb_build_object('target_user_id', target, 'target_email', (select email::text from auth.users where id = target),
                       'reason', why));
end $$;
revoke execute on function public.admin_decide_verification(uuid, boolean, text) from public, anon;
grant execute on function public.admin_decide_verification(uuid, boolean, text) to authenticated;

-- Content -------------------------------------------------------------------------------------
create or replace function public.admin_list_items(search text default null, content_type text default null,
  status text default null, domain_id uuid default null, verified boolean default null, featured boolean default null,
  page integer default 1, page_size integer default 20)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  pattern text := '%' || replace(replace(replace(coalesce(btrim(search), ''), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  size integer := least(greatest(coalesce(page_size, 20), 1), 100);
  result jsonb;
begin
  perform public.admin_assert_staff();
  with matching as (
    select ci.* from public.content_items ci
    where (ci.title ilike pattern or ci.slug ilike pattern)
      and (admin_list_items.content_type is null or ci.content_type = admin_list_items.content_type)
      and (admin_list_items.status is null or ci.status = admin_list_items.status)
      and (admin_list_items.verified is null or ci.verified = admin_list_items.verified)
      and (admin_list_items.featured is null or ci.featured = admin_list_items.featured)
      and (admin_list_items.domain_id is null or exists (
        select 1 from public.content_domains cd where cd.content_id = ci.id and cd.domain_id = admin_list_items.domain_id))
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'items', coalesce((select jsonb_agg(jsonb_build_object(
        'id', m.id, 'slug', m.slug, 'title', m.title, 'content_type', m.content_type, 'status', m.status,
        'verified', m.verified, 'featured', m.featured, 'short_description', m.short_description,
        'description', m.description, 'url', m.url, 'year', m.year, 'tags', to_jsonb(m.tags),
        'updated_at', m.updated_at,
        'domain_ids', coalesce((select jsonb_agg(cd.domain_id order by cd.is_primary desc, cd.domain_id)
                                from public.content_domains cd where cd.content_id = m.id), '[]'))
        order by m.updated_at desc, m.id)
      from (select * from matching order by updated_at desc, id
            offset (greatest(coalesce(page, 1), 1) - 1) * size limit size) m), '[]')
  ) into result;
  return result;
end $$;
revoke execute on function public.admin_list_items(text, text, text, uuid, boolean, boolean, integer, integer) from public, anon;
grant execute on function public.admin_list_items(text, text, text, uuid, boolean, boolean, integer, integer) to authenticated;

-- Edits an item's fields (only the keys given) and, when domain_ids is not null, its domains
-- (the first is primary). The search index follows through its triggers; the catalog version
-- is bumped so cached searches (whose text match reads descriptions) are recomputed.
create or replace function public.admin_update_item(item_id uuid, changes jsonb, domain_ids uuid[] default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  allowed constant text[] := array['title', 'short_description', 'description', 'url', 'status', 'verified',
                                   'featured', 'year', 'tags'];
  unknown text;
  c jsonb := coalesce(changes, '{}');
begin
  perform public.admin_assert_staff();
  if jsonb_typeof(c) <> 'object' then
    raise exception 'changes must be an object' using errcode = '22023';
  end if;
  select k into unknown from jsonb_object_keys(c) k where k <> all (allowed) limit 1;
  if unknown is not null then
    raise exception 'Field cannot be edited: %', unknown using errcode = '22023';
  end if;
  if c ? 'title' and coalesce(btrim(c ->> 'title'), '') = '' then
    raise exception 'Title is required' using errcode = '22023';
  end if;
  if c ? 'url' and nullif(btrim(c ->> 'url'), '') !~ '^https?://' then
    raise exception 'URL must start with http:// or https://' using errcode = '22023';
  end if;
  if c ? 'tags' and jsonb_typeof(c -> 'tags') <> 'array' then
    raise exception 'tags must be a list' using errcode = '22023';
  end if;
  if domain_ids is not null and (cardinality(domain_ids) = 0
      or (select count(*) from public.scientific_domains d where d.id = any (domain_ids))
         <> (select count(distinct x) from unnest(domain_ids) x)) then
    raise exception 'Choose at least one known domain' using errcode = '22023';
  end if;

  update public.content_items ci set
    title = case when c ? 'title' then btrim(c ->> 'title') else ci.title end,
    short_description = case when c ? 'short_description' then btrim(coalesce(c ->> 'short_description', '')) else ci.short_description end,
    description = case when c ? 'description' then coalesce(c ->> 'description', '') else ci.description end,
    url = case when c ? 'url' then nullif(btrim(c ->> 'url'), '') else ci.url end,
    status = case when c ? 'status' then c ->> 'status' else ci.status end,
    verified = case when c ? 'verified' then (c ->> 'verified')::boolean else ci.verified end,
    featured = case when c ? 'featured' then (c ->> 'featured')::boolean else ci.featured end,
    year = case when c ? 'year' then (c ->> 'year')::integer else ci.year end,
    tags = case when c ? 'tags' then array(
             select distinct btrim(t) from jsonb_array_elements_text(c -> 'tags') t where btrim(t) <> '')
           else ci.tags end,
    published_at = case when c ->> 'status' = 'published' then coalesce(ci.published_at, now()) else ci.published_at end
  where ci.id = item_id;
  if not found then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;

  if domain_ids is not null then
    delete from public.content_domains cd where cd.content_id = item_id and cd.domain_id <> all (domain_ids);
    update public.content_domains cd set is_primary = false
    where cd.content_id = item_id and cd.is_primary and cd.domain_id <> domain_ids[1];
    insert into public.content_domains (content_id, domain_id, is_primary)
    select item_id, d.id, d.ord = 1
    from unnest(domain_ids) with ordinality as d(id, ord)
    on conflict (content_id, domain_id) do update set is_primary = excluded.is_primary
    where public.content_domains.is_primary is distinct from excluded.is_primary;
  end if;

  update public.catalog_state set version = version + 1;
  perform public.admin_record('admin_item_updated', jsonb_build_object(
    'content_id', item_id, 'title', (select title from public.content_items where id = item_id),
    'fields', (select coalesce(jsonb_agg(k), '[]') from jsonb_object_keys(c) k),
    'domains_changed', domain_ids is not null));
end $$;
revoke execute on function public.admin_update_item(uuid, jsonb, uuid[]) from public, anon;
grant execute on function public.admin_update_item(uuid, jsonb, uuid[]) to authenticated;

-- Search terms, without personal data: the normalised term, how often it was searched per day and
-- how many of those searches found nothing. No user, no address, no time of day.
create table public.search_terms (
  day date not null,
  term text not null check (char_length(term) between 1 and 100),
  searches integer not null default 0,
  zero_result_searches integer not null default 0,
  last_result_count integer not null default 0,
  primary key (day, term)
);
grant all on public.search_terms to anon, authenticated;
alter table public.search_terms enable row level security;
revoke insert, update, delete on public.search_terms from anon, authenticated;

create policy "admins read search terms" on public.search_terms for select to authenticated
  using ((select public.is_admin()));

create or replace function public.record_search(term text, result_count integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_column
declare
  normalised text := left(lower(regexp_replace(btrim(coalesce(record_search.term, '')), '\s+', ' ', 'g')), 100);
begin
  -- Terms that look like an e-mail address or a phone number would be personal data: drop them.
  if normalised = '' or normalised ~ '@' or normalised ~ '\d{6,}' or coalesce(record_search.result_count, -1) < 0 then
    return;
  end if;
  insert into public.search_terms as st (day, term, searches, zero_result_searches, last_result_count)
  values ((now() at time zone 'UTC')::date, normalised, 1, case when record_search.result_count = 0 then 1 else 0 end,
          record_search.result_count)
  on conflict (day, term) do update set
    searches = st.searches + 1,
    zero_result_searches = st.zero_result_searches + excluded.zero_result_searches,
    last_result_count = excluded.last_result_count;
  -- analytics look back 90 days at most: keep a year, prune now and then
  if random() < 0.001 then
    delete from public.search_terms st where st.day < (now() at time zone 'UTC')::date - 366;
  end if;
end $$;
revoke execute on function public.record_search(text, integer) from public;
grant execute on function public.record_search(text, integer) to anon, authenticated;

-- Analytics -----------------------------------------------------------------------------------
create or replace function public.admin_analytics(days integer) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  span integer := case when days in (7, 30, 90) then days else 30 end;
  today date := (now() at time zone 'UTC')::date;
  first_day date := today - (span - 1);
  result jsonb;
begin
  perform public.admin_assert_admin();
  -- each source is read once for the period and grouped by UTC day, then joined to the day list
  with day_list as (select generate_series(first_day, today, interval '1 day')::date as day),
  signups as (select (u.created_at at time zone 'UTC')::date as day, count(*) as n from auth.users u
              where u.created_at >= first_day::timestamp at time zone 'UTC' group by 1),
  saves as (select (s.saved_at at time zone 'UTC')::date as day, count(*) as n from public.user_saved_items s
            where s.saved_at >= first_day::timestamp at time zone 'UTC' group by 1),
  views as (select v.day, count(*) as n from public.item_views v where v.day >= first_day group by 1),
  submissions as (select (cs.created_at at time zone 'UTC')::date as day, count(*) as n from public.content_submissions cs
                  where cs.created_at >= first_day::timestamp at time zone 'UTC' group by 1),
  waitlist as (select (w.created_at at time zone 'UTC')::date as day, count(*) as n from public.waitlist_signups w
               where w.created_at >= first_day::timestamp at time zone 'UTC' group by 1)
  select jsonb_build_object(
    'days', span,
    'series', (select jsonb_agg(jsonb_build_object(
        'day', dl.day, 'signups', coalesce(su.n, 0), 'saves', coalesce(sa.n, 0), 'views', coalesce(vi.n, 0),
        'submissions', coalesce(sb.n, 0), 'waitlist', coalesce(wl.n, 0))
        order by dl.day)
      from day_list dl
      left join signups su on su.day = dl.day
      left join saves sa on sa.day = dl.day
      left join views vi on vi.day = dl.day
      left join submissions sb on sb.day = dl.day
      left join waitlist wl on wl.day = dl.day),
    'top_viewed', (select coalesce(jsonb_agg(t order by t.count desc, t.title), '[]') from (
        select ci.slug, ci.title, ci.content_type, count(*) as count
        from public.item_views v join public.content_items ci on ci.id = v.content_id
        where v.day >= first_day group by ci.id order by count(*) desc, ci.title limit 10) t),
    'top_saved', (select coalesce(jsonb_agg(t order by t.count desc, t.title), '[]') from (
        select ci.slug, ci.title, ci.content_type, count(*) as count
        from public.user_saved_items s join public.content_items ci on ci.id = s.content_id
        where s.saved_at >= first_day::timestamp at time zone 'UTC' group by ci.id order by count(*) desc, ci.title limit 10) t),
    'top_terms', (select coalesce(jsonb_agg(t order by t.searches desc, t.term), '[]') from (
        select st.term, sum(st.searches)::integer as searches from public.search_terms st
        where st.day >= first_day group by st.term order by sum(st.searches) desc, st.term limit 10) t),
    'zero_result_terms', (select coalesce(jsonb_agg(t order by t.searches desc, t.term), '[]') from (
        select st.term, sum(st.zero_result_searches)::integer as searches from public.search_terms st
        where st.day >= first_day group by st.term having sum(st.zero_result_searches) > 0
        order by sum(st.zero_result_searches) desc, st.term limit 10) t)
  ) into result;
  return result;
end $$;
revoke execute on function public.admin_analytics(integer) from public, anon;
grant execute on function public.admin_analytics(integer) to authenticated;

-- Settings ------------------------------------------------------------------------------------
create or replace function public.admin_set_setting(setting_key text, enabled boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform public.admin_assert_admin();
  if enabled is null then
    raise exception 'A setting is on or off' using errcode = '22023';
  end if;
  update public.site_settings set value = to_jsonb(enabled), updated_by = auth.uid() where key = setting_key;
  if not found then
    raise exception 'Unknown setting: %', setting_key using errcode = 'PT404';
  end if;
  perform public.admin_record('admin_setting_changed', jsonb_build_object('key', setting_key, 'value', enabled));
end $$;
revoke execute on function public.admin_set_setting(text, boolean) from public, anon;
grant execute on function public.admin_set_setting(text, boolean) to authenticated;
