-- Account settings (issue 4, spec 2.9): the theme and notification choices stored on the
-- profile, the caller's own sign-in sessions, and deleting one's own account.

-- Light, dark or system, kept with the account so every device shows the same theme.
alter table public.user_profiles
  add column theme_preference text not null default 'system'
    check (theme_preference in ('light', 'dark', 'system'));

-- Switches for the e-mails that exist today (see NotificationPreferencesSchema in core).
alter table public.user_profiles
  add column notification_preferences jsonb not null default '{"contribution_reviews": true}'
    check (jsonb_typeof(notification_preferences) = 'object');

-- A deleted account's contributions stay in the catalog's history, without the person.
alter table public.content_submissions alter column submitter_id drop not null;
alter table public.content_submissions drop constraint content_submissions_submitter_id_fkey;
alter table public.content_submissions
  add constraint content_submissions_submitter_id_fkey
  foreign key (submitter_id) references auth.users (id) on delete set null;

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

-- Deletes the caller's account in one transaction. `_confirmation` must be the account's e-mail
-- or DELETE, so a stray call cannot do it. Personal data goes with auth.users (profile, roles,
-- saved items, sessions, factors cascade); submissions and activity stay, unlinked.
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
    raise exception 'Account not found' using errcode = 'P0002';
  end if;
  if btrim(coalesce(_confirmation, '')) <> 'DELETE'
     and lower(btrim(coalesce(_confirmation, ''))) <> lower(coalesce(address, '')) then
    raise exception 'Type your e-mail address or DELETE to confirm' using errcode = '22023';
  end if;
  -- Activity keeps its counts but nothing that points back to the person.
  update public.user_activity a
     set user_id = null, ip_address = null, user_agent = null,
         activity_data = a.activity_data - 'email' - 'user_email'
   where a.user_id = caller
      or (address is not null and lower(a.activity_data ->> 'email') = lower(address));
  update public.content_submissions c set submitter_id = null where c.submitter_id = caller;
  delete from auth.users u where u.id = caller;
end $$;

revoke execute on function public.list_my_sessions() from public, anon;
revoke execute on function public.end_my_session(uuid) from public, anon;
revoke execute on function public.delete_my_account(text) from public, anon;
grant execute on function public.list_my_sessions() to authenticated;
grant execute on function public.end_my_session(uuid) to authenticated;
grant execute on function public.delete_my_account(text) to authenticated;
