-- Claims: the people behind an item claim it, then keep its facts (docs/product.md#claims).
--
-- A claim is proven by the repository (GitHub: admin or maintain permission), by an e-mail
-- address at the website's registrable domain (a one-time code), by an ORCID-verified author of
-- a paper, or judged by an admin from evidence text. The proofs that need a secret or an outside
-- call (GitHub, the code's e-mail) run in the server (server/src/claims), which records a proven
-- claim through functions only it may call; the rest are functions the browser calls. An item
-- has at most one approved claim (item_claims_one_maintainer): of two racing claims one wins and
-- the other is told the item already has a maintainer.

create table public.item_claims (
  id uuid primary key default gen_random_uuid(),
  content_id uuid not null references public.content_items (id) on delete cascade,
  claimant_id uuid not null references auth.users (id) on delete cascade,
  method text not null check (method in ('github', 'email', 'orcid', 'evidence')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'withdrawn', 'revoked')),
  -- what proved it: the repository and permission, the address, the ORCID iD, a transfer's origin
  proof jsonb not null default '{}' check (jsonb_typeof(proof) = 'object'),
  -- the claimant's own words for an admin (method evidence)
  evidence text check (char_length(evidence) <= 4000),
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  reason text check (char_length(reason) <= 2000),
  -- an approved claim offered to another user, who accepts it (accept_item_claim_transfer)
  transfer_to uuid references auth.users (id) on delete set null,
  transfer_offered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint item_claims_evidence_for_admins check (method <> 'evidence' or char_length(btrim(evidence)) >= 20),
  constraint item_claims_transfer_of_approved check (transfer_to is null or status = 'approved')
);
grant select on public.item_claims to authenticated;
alter table public.item_claims enable row level security;

create unique index item_claims_one_maintainer on public.item_claims (content_id) where status = 'approved';

create unique index item_claims_one_pending_per_user on public.item_claims (content_id, claimant_id)
  where status = 'pending';

create index item_claims_claimant_idx on public.item_claims (claimant_id, created_at desc);

create index item_claims_transfer_to_idx on public.item_claims (transfer_to) where transfer_to is not null;

create index item_claims_status_idx on public.item_claims (status, created_at);

create trigger item_claims_updated_at before update on public.item_claims
  for each row execute function public.set_updated_at();

-- Claimants read their claims, the recipient of a transfer the claim offered, staff every claim.
-- Every write goes through the functions below.
create policy "claimants, transfer recipients and staff read claims" on public.item_claims for select to authenticated
  using (claimant_id = (select auth.uid()) or transfer_to = (select auth.uid()) or (select public.is_staff()));

-- The one-time codes of the e-mail proof: only the hash, with its expiry and wrong guesses.
-- Nobody but the server reads or writes them.
create table public.item_claim_email_codes (
  id uuid primary key default gen_random_uuid(),
  content_id uuid not null references public.content_items (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  email text not null check (char_length(email) <= 254),
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  attempts integer not null default 0 check (attempts >= 0),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
alter table public.item_claim_email_codes enable row level security;
revoke all on public.item_claim_email_codes from public, anon, authenticated;

create index item_claim_email_codes_user_idx on public.item_claim_email_codes (user_id, content_id, created_at desc);

-- What a maintainer changed on an item: who, when, the field, old and new value. A change to
-- the name, the address or the repository waits for a moderator (status pending), the others
-- are applied at once. Staff and the maintainer read the rows; everyone reads what changed on a
-- published item, by whomever, in its versions (22_item_versions.sql).
create table public.item_fact_changes (
  id uuid primary key default gen_random_uuid(),
  content_id uuid not null references public.content_items (id) on delete cascade,
  changed_by uuid references auth.users (id) on delete set null,
  field text not null check (field in ('title', 'url', 'github_url', 'short_description', 'description',
                                       'key_features', 'pricing_model')),
  old_value jsonb,
  new_value jsonb,
  status text not null check (status in ('applied', 'pending', 'approved', 'rejected')),
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  reason text check (char_length(reason) <= 2000),
  created_at timestamptz not null default now()
);
grant select on public.item_fact_changes to authenticated;
alter table public.item_fact_changes enable row level security;

create index item_fact_changes_item_idx on public.item_fact_changes (content_id, created_at desc);

create index item_fact_changes_pending_idx on public.item_fact_changes (created_at) where status = 'pending';

create policy "authors and staff read fact changes" on public.item_fact_changes for select to authenticated
  using (changed_by = (select auth.uid()) or (select public.is_staff()));

-- Whether this user keeps this item's facts (an approved claim).
create or replace function public.is_item_maintainer(_user_id uuid, _content_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.item_claims c
    where c.content_id = _content_id and c.claimant_id = _user_id and c.status = 'approved'
  )
$$;
revoke execute on function public.is_item_maintainer(uuid, uuid) from public;
grant execute on function public.is_item_maintainer(uuid, uuid) to anon, authenticated;

-- The ORCID iD the user proved they hold by signing in with ORCID (verified_orcid_ids), or null.
create or replace function public.verified_orcid_of(_user_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select v.orcid_id from public.verified_orcid_ids v where v.user_id = _user_id
$$;
revoke execute on function public.verified_orcid_of(uuid) from public, anon, authenticated;

-- Whether a person with this ORCID iD is an author of the paper.
create or replace function public.paper_has_author_orcid(_content_id uuid, _orcid text) returns boolean
language sql stable security definer set search_path = '' as $$
  select _orcid is not null and exists (
    select 1 from public.content_people cp
    join public.people p on p.id = cp.person_id
    join public.content_items ci on ci.id = cp.content_id
    where cp.content_id = _content_id and cp.role = 'author' and ci.content_type = 'paper'
      and upper(p.orcid_id) = upper(btrim(_orcid))
  )
$$;
revoke execute on function public.paper_has_author_orcid(uuid, text) from public, anon, authenticated;

-- The server's connection or the service role only, as for the notification outbox.
create or replace function public.assert_claims_server() returns void
language plpgsql stable set search_path = '' as $$
begin
  if session_user::text = 'authenticator' and coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'Only the server may record a proven claim' using errcode = '42501';
  end if;
end $$;
revoke execute on function public.assert_claims_server() from public, anon, authenticated;
grant execute on function public.assert_claims_server() to service_role;

-- The item about to be claimed, locked (two claims of one item take their turns here), and
-- refused when it is not published or already has a maintainer.
create or replace function public.claimable_item(_content_id uuid, _user_id uuid) returns public.content_items
language plpgsql security definer set search_path = '' as $$
declare
  item public.content_items;
  holder uuid;
begin
  select * into item from public.content_items ci where ci.id = _content_id for update;
  if not found or item.status <> 'published' then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;
  select c.claimant_id into holder from public.item_claims c where c.content_id = _content_id and c.status = 'approved';
  if holder = _user_id then
    raise exception 'You already maintain this item' using errcode = '23505';
  elsif holder is not null then
    raise exception 'This item already has a maintainer' using errcode = '23505';
  end if;
  return item;
end $$;
revoke execute on function public.claimable_item(uuid, uuid) from public, anon, authenticated;

-- A claim the server or the database proved: approved at once. The claimant's own pending claim
-- of the item (evidence waiting for an admin) is withdrawn, the proof stands in for it.
create or replace function public.approve_proven_claim(_user_id uuid, _content_id uuid, _method text, _proof jsonb)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  claim_id uuid;
begin
  perform public.claimable_item(_content_id, _user_id);
  update public.item_claims c set status = 'withdrawn', reason = 'Replaced by a proven claim'
  where c.content_id = _content_id and c.claimant_id = _user_id and c.status = 'pending';
  begin
    insert into public.item_claims (content_id, claimant_id, method, status, proof, decided_at)
    values (_content_id, _user_id, _method, 'approved', coalesce(_proof, '{}'), now())
    returning id into claim_id;
  exception when unique_violation then
    raise exception 'This item already has a maintainer' using errcode = '23505';
  end;
  insert into public.user_activity (user_id, activity_type, activity_data)
  values (_user_id, 'item_claimed', jsonb_build_object('claim_id', claim_id, 'content_id', _content_id, 'method', _method));
  return jsonb_build_object('id', claim_id, 'status', 'approved', 'method', _method);
end $$;
revoke execute on function public.approve_proven_claim(uuid, uuid, text, jsonb) from public, anon, authenticated;

create or replace function public.record_proven_claim(_user_id uuid, _content_id uuid, _method text, _proof jsonb)
returns jsonb
language plpgsql security definer set search_path = '' as $$
begin
  perform public.assert_claims_server();
  if _method not in ('github', 'email') then
    raise exception 'The server proves GitHub and e-mail claims only' using errcode = '22023';
  end if;
  return public.approve_proven_claim(_user_id, _content_id, _method, _proof);
end $$;
revoke execute on function public.record_proven_claim(uuid, uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.record_proven_claim(uuid, uuid, text, jsonb) to service_role;

-- What the server needs to check a claim: the item's type, website and repository.
create or replace function public.claim_target(_content_id uuid)
returns table (content_id uuid, content_type text, slug text, title text, url text, github_url text, maintained boolean)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.assert_claims_server();
  return query
  select ci.id, ci.content_type, ci.slug, ci.title, ci.url, s.github_url,
    exists (select 1 from public.item_claims c where c.content_id = ci.id and c.status = 'approved')
  from public.content_items ci
  left join public.software s on s.content_id = ci.id
  where ci.id = _content_id and ci.status = 'published';
end $$;
revoke execute on function public.claim_target(uuid) from public, anon, authenticated;
grant execute on function public.claim_target(uuid) to service_role;

-- A new one-time code for the e-mail proof (the server makes the code and mails it): earlier
-- codes of the user for the item stop working; at most 5 codes per user and item an hour and 20
-- a day.
create or replace function public.start_email_claim(_user_id uuid, _content_id uuid, _email text, _code text)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  code_id uuid := gen_random_uuid();
  expires timestamptz := now() + interval '15 minutes';
begin
  perform public.assert_claims_server();
  perform public.claimable_item(_content_id, _user_id);
  if _code !~ '^[0-9]{6}$' then
    raise exception 'A code is six digits' using errcode = '22023';
  end if;
  if (select count(*) from public.item_claim_email_codes k
      where k.user_id = _user_id and k.content_id = _content_id and k.created_at > now() - interval '1 hour') >= 5
     or (select count(*) from public.item_claim_email_codes k
         where k.user_id = _user_id and k.created_at > now() - interval '1 day') >= 20 then
    raise exception 'Too many codes asked for: try again in an hour' using errcode = '54000';
  end if;
  update public.item_claim_email_codes k set used_at = now()
  where k.user_id = _user_id and k.content_id = _content_id and k.used_at is null;
  insert into public.item_claim_email_codes (id, content_id, user_id, email, code_hash, expires_at)
  values (code_id, _content_id, _user_id, lower(btrim(_email)),
          encode(sha256(convert_to(code_id::text || ':' || _code, 'UTF8')), 'hex'), expires);
  return jsonb_build_object('expires_at', expires);
end $$;
revoke execute on function public.start_email_claim(uuid, uuid, text, text) from public, anon, authenticated;
grant execute on function public.start_email_claim(uuid, uuid, text, text) to service_role;

-- Checks a code: 5 guesses per code, within 15 minutes. A wrong guess is counted and answered,
-- not raised, so the count commits.
create or replace function public.verify_email_claim(_user_id uuid, _content_id uuid, _code text)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  k public.item_claim_email_codes;
begin
  perform public.assert_claims_server();
  select * into k from public.item_claim_email_codes c
  where c.user_id = _user_id and c.content_id = _content_id and c.used_at is null
  order by c.created_at desc limit 1 for update;
  if not found or k.expires_at <= now() then
    return jsonb_build_object('ok', false, 'reason', 'expired');
  end if;
  if k.attempts >= 5 then
    return jsonb_build_object('ok', false, 'reason', 'too_many_attempts');
  end if;
  if coalesce(_code, '') !~ '^[0-9]{6}$'
     or encode(sha256(convert_to(k.id::text || ':' || _code, 'UTF8')), 'hex') <> k.code_hash then
    update public.item_claim_email_codes c set attempts = c.attempts + 1 where c.id = k.id;
    return jsonb_build_object('ok', false, 'reason', case when k.attempts + 1 >= 5 then 'too_many_attempts'
                                                          else 'wrong_code' end,
                              'attempts_left', greatest(0, 4 - k.attempts));
  end if;
  update public.item_claim_email_codes c set used_at = now() where c.id = k.id;
  return jsonb_build_object('ok', true, 'claim',
    public.approve_proven_claim(_user_id, _content_id, 'email', jsonb_build_object('email', k.email)));
end $$;
revoke execute on function public.verify_email_claim(uuid, uuid, text) from public, anon, authenticated;
grant execute on function public.verify_email_claim(uuid, uuid, text) to service_role;

-- The ORCID proof: the user's verified iD is one of the paper's authors'.
create or replace function public.claim_item_by_orcid(_content_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  orcid text;
  item public.content_items;
begin
  if me is null then
    raise exception 'Sign in to claim an item' using errcode = '42501';
  end if;
  item := public.claimable_item(_content_id, me);
  if item.content_type <> 'paper' then
    raise exception 'Only papers are claimed with an ORCID iD' using errcode = '22023';
  end if;
  orcid := public.verified_orcid_of(me);
  if orcid is null then
    raise exception 'Sign in with ORCID first: your profile has no verified ORCID iD' using errcode = '55000';
  end if;
  if not public.paper_has_author_orcid(_content_id, orcid) then
    raise exception 'Your ORCID iD % is not among this paper''s authors', orcid using errcode = '42501';
  end if;
  return public.approve_proven_claim(me, _content_id, 'orcid', jsonb_build_object('orcid', orcid));
end $$;
revoke execute on function public.claim_item_by_orcid(uuid) from public, anon;
grant execute on function public.claim_item_by_orcid(uuid) to authenticated;

-- Any other proof: the claimant's evidence waits for an admin.
create or replace function public.submit_item_claim(_content_id uuid, _evidence text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  words text := btrim(coalesce(_evidence, ''));
  claim_id uuid;
begin
  if me is null then
    raise exception 'Sign in to claim an item' using errcode = '42501';
  end if;
  if char_length(words) not between 20 and 4000 then
    raise exception 'Evidence must be 20 to 4,000 characters' using errcode = '22023';
  end if;
  perform public.claimable_item(_content_id, me);
  begin
    insert into public.item_claims (content_id, claimant_id, method, evidence)
    values (_content_id, me, 'evidence', words)
    returning id into claim_id;
  exception when unique_violation then
    raise exception 'Your claim of this item is already waiting for an admin' using errcode = '23505';
  end;
  return jsonb_build_object('id', claim_id, 'status', 'pending', 'method', 'evidence');
end $$;
revoke execute on function public.submit_item_claim(uuid, text) from public, anon;
grant execute on function public.submit_item_claim(uuid, text) to authenticated;

-- The claimant withdraws a pending claim or steps down as maintainer.
create or replace function public.withdraw_item_claim(_claim_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  c public.item_claims;
begin
  select * into c from public.item_claims ic where ic.id = _claim_id for update;
  if not found or c.claimant_id is distinct from auth.uid() then
    raise exception 'Claim not found' using errcode = 'PT404';
  end if;
  if c.status not in ('pending', 'approved') then
    raise exception 'This claim is already %', c.status using errcode = '55000';
  end if;
  update public.item_claims ic set status = 'withdrawn', transfer_to = null, transfer_offered_at = null
  where ic.id = c.id;
  return jsonb_build_object('id', c.id, 'status', 'withdrawn');
end $$;
revoke execute on function public.withdraw_item_claim(uuid) from public, anon;
grant execute on function public.withdraw_item_claim(uuid) to authenticated;

-- The maintainer offers the item to another user, named by handle or e-mail (null: the offer is
-- taken back). The other user accepts it in their settings.
create or replace function public.offer_item_claim_transfer(_claim_id uuid, _recipient text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  c public.item_claims;
  who text := lower(btrim(coalesce(_recipient, '')));
  recipient uuid;
begin
  select * into c from public.item_claims ic where ic.id = _claim_id for update;
  if not found or c.claimant_id is distinct from auth.uid() then
    raise exception 'Claim not found' using errcode = 'PT404';
  end if;
  if c.status <> 'approved' then
    raise exception 'Only an item you maintain can be handed over' using errcode = '55000';
  end if;
  if who = '' then
    update public.item_claims ic set transfer_to = null, transfer_offered_at = null where ic.id = c.id;
    return jsonb_build_object('id', c.id, 'transfer_to', null);
  end if;
  if char_length(who) > 254 then
    raise exception 'No user with that handle or e-mail address' using errcode = 'PT404';
  end if;
  select coalesce(
    (select p.id from public.user_profiles p where lower(p.handle) = ltrim(who, '@')),
    (select u.id from auth.users u where lower(u.email) = who and u.deleted_at is null))
  into recipient;
  if recipient is null then
    raise exception 'No user with that handle or e-mail address' using errcode = 'PT404';
  end if;
  if recipient = c.claimant_id then
    raise exception 'You already maintain this item' using errcode = '22023';
  end if;
  update public.item_claims ic set transfer_to = recipient, transfer_offered_at = now() where ic.id = c.id;
  -- the recipient learns of it by e-mail: the offer waits in their settings
  insert into public.notification_outbox (recipient_id, kind, payload)
  select recipient, 'claim_transfer_offered', jsonb_build_object(
    'claim_id', c.id, 'title', ci.title, 'content_type', ci.content_type, 'slug', ci.slug)
  from public.content_items ci where ci.id = c.content_id;
  return jsonb_build_object('id', c.id, 'transfer_to', recipient);
end $$;
revoke execute on function public.offer_item_claim_transfer(uuid, text) from public, anon;
grant execute on function public.offer_item_claim_transfer(uuid, text) to authenticated;

-- The recipient accepts (the old claim is withdrawn, theirs approved, in one transaction) or
-- declines the handover.
create or replace function public.answer_item_claim_transfer(_claim_id uuid, _accept boolean) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  c public.item_claims;
  claim_id uuid;
begin
  select * into c from public.item_claims ic where ic.id = _claim_id for update;
  if not found or me is null or c.transfer_to is distinct from me then
    raise exception 'No handover of this item is waiting for you' using errcode = 'PT404';
  end if;
  if not coalesce(_accept, false) then
    update public.item_claims ic set transfer_to = null, transfer_offered_at = null where ic.id = c.id;
    return jsonb_build_object('id', c.id, 'accepted', false);
  end if;
  update public.item_claims ic
  set status = 'withdrawn', transfer_to = null, transfer_offered_at = null,
      reason = 'Handed over to another maintainer'
  where ic.id = c.id;
  update public.item_claims ic set status = 'withdrawn', reason = 'Replaced by a handover'
  where ic.content_id = c.content_id and ic.claimant_id = me and ic.status = 'pending';
  insert into public.item_claims (content_id, claimant_id, method, status, proof, decided_at)
  values (c.content_id, me, c.method, 'approved', jsonb_build_object('transferred_from', c.id), now())
  returning id into claim_id;
  return jsonb_build_object('id', claim_id, 'accepted', true, 'status', 'approved');
end $$;
revoke execute on function public.answer_item_claim_transfer(uuid, boolean) from public, anon;
grant execute on function public.answer_item_claim_transfer(uuid, boolean) to authenticated;

-- An admin approves or rejects a pending claim, or revokes an approved one; a reason is required
-- to reject or revoke. The claimant's e-mail is queued in the same transaction.
create or replace function public.admin_decide_item_claim(_claim_id uuid, _decision text, _reason text default null)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  c public.item_claims;
  why text := nullif(btrim(coalesce(_reason, '')), '');
  new_status text := case _decision when 'approve' then 'approved' when 'reject' then 'rejected'
                                    when 'revoke' then 'revoked' end;
  item public.content_items;
begin
  perform public.admin_assert_admin();
  if new_status is null then
    raise exception 'The decision is approve, reject or revoke' using errcode = '22023';
  end if;
  if new_status <> 'approved' and why is null then
    raise exception 'A reason is required' using errcode = '22023';
  end if;
  if char_length(why) > 2000 then
    raise exception 'The reason must be at most 2,000 characters' using errcode = '22023';
  end if;
  select * into c from public.item_claims ic where ic.id = _claim_id;
  if not found then
    raise exception 'Claim not found' using errcode = 'PT404';
  end if;
  -- the item first, as every claim does: two decisions on one item take their turns
  select * into item from public.content_items ci where ci.id = c.content_id for update;
  select * into c from public.item_claims ic where ic.id = _claim_id for update;
  if (new_status = 'revoked') <> (c.status = 'approved') or (new_status <> 'revoked' and c.status <> 'pending') then
    raise exception 'This claim is %: it cannot be %', c.status, new_status using errcode = '55000';
  end if;
  if new_status = 'approved' and exists (
      select 1 from public.item_claims ic where ic.content_id = c.content_id and ic.status = 'approved') then
    raise exception 'This item already has a maintainer' using errcode = '23505';
  end if;
  update public.item_claims ic
  set status = new_status, decided_by = auth.uid(), decided_at = now(), reason = why,
      transfer_to = null, transfer_offered_at = null
  where ic.id = c.id;
  perform public.admin_record('item_claim_' || new_status, jsonb_build_object(
    'claim_id', c.id, 'content_id', c.content_id, 'claimant_id', c.claimant_id, 'title', item.title, 'reason', why));
  insert into public.notification_outbox (recipient_id, kind, payload)
  values (c.claimant_id, 'claim_' || new_status, jsonb_strip_nulls(jsonb_build_object(
    'claim_id', c.id, 'title', item.title, 'content_type', item.content_type, 'slug', item.slug, 'reason', why)));
  return jsonb_build_object('id', c.id, 'status', new_status);
end $$;
revoke execute on function public.admin_decide_item_claim(uuid, text, text) from public, anon;
grant execute on function public.admin_decide_item_claim(uuid, text, text) to authenticated;

-- The claims an admin looks at: pending first (oldest first), then the maintainers.
create or replace function public.admin_list_item_claims(_status text default 'pending') returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.admin_assert_admin();
  return coalesce((
    select jsonb_agg(row order by row.created_at)
    from (
      select c.id, c.status, c.method, c.evidence, c.proof, c.reason, c.created_at, c.decided_at,
        ci.id as content_id, ci.title, ci.slug, ci.content_type,
        u.email::text as claimant_email,
        public.profile_signed_name(p) as claimant_name
      from public.item_claims c
      join public.content_items ci on ci.id = c.content_id
      join auth.users u on u.id = c.claimant_id
      left join public.user_profiles p on p.id = c.claimant_id
      where c.status = coalesce(_status, 'pending')
      order by c.created_at
      limit 200
    ) row), '[]'::jsonb);
end $$;
revoke execute on function public.admin_list_item_claims(text) from public, anon;
grant execute on function public.admin_list_item_claims(text) to authenticated;

-- A maintainer's name as the item shows it: the public profile's, or nothing for a private one.
create or replace function public.maintainer_name(_user_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(public.profile_signed_name(p), p.handle)
  from public.user_profiles p where p.id = _user_id and p.is_public
$$;
revoke execute on function public.maintainer_name(uuid) from public, anon, authenticated;

-- What the item page needs: who maintains the item (public), the ways it can be claimed, and the
-- signed-in user's own claim of it.
create or replace function public.item_claim_summary(_content_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'maintainer', (
      select jsonb_build_object('name', public.maintainer_name(c.claimant_id),
        'handle', (select p.handle from public.user_profiles p where p.id = c.claimant_id and p.is_public),
        'since', c.decided_at, 'method', c.method)
      from public.item_claims c where c.content_id = ci.id and c.status = 'approved'),
    'is_maintainer', public.is_item_maintainer(auth.uid(), ci.id),
    'methods', jsonb_build_array('evidence')
      || case when s.github_url is not null then '["github"]'::jsonb else '[]'::jsonb end
      || case when ci.url is not null then '["email"]'::jsonb else '[]'::jsonb end
      || case when ci.content_type = 'paper' then '["orcid"]'::jsonb else '[]'::jsonb end,
    'github_url', s.github_url,
    'website', ci.url,
    'changes', (select count(*) from public.item_fact_changes f
                where f.content_id = ci.id and f.status in ('applied', 'approved')),
    'my_claim', (
      select jsonb_build_object('id', c.id, 'status', c.status, 'method', c.method, 'reason', c.reason,
                                'created_at', c.created_at)
      from public.item_claims c where c.content_id = ci.id and c.claimant_id = auth.uid()
      order by c.created_at desc limit 1))
  from public.content_items ci
  left join public.software s on s.content_id = ci.id
  where ci.id = _content_id and ci.status = 'published'
$$;
revoke execute on function public.item_claim_summary(uuid) from public;
grant execute on function public.item_claim_summary(uuid) to anon, authenticated;

-- The signed-in user's claims and the handovers offered to them, newest first.
create or replace function public.my_item_claims() returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(row order by row.created_at desc), '[]'::jsonb)
  from (
    select c.id, c.status, c.method, c.reason, c.created_at, c.claimant_id = auth.uid() as mine,
      c.transfer_to is not null and c.claimant_id = auth.uid() as transfer_pending,
      coalesce(c.transfer_to = auth.uid(), false) as offered_to_me,
      ci.id as content_id, ci.title, ci.slug, ci.content_type
    from public.item_claims c
    join public.content_items ci on ci.id = c.content_id
    where auth.uid() is not null and (c.claimant_id = auth.uid() or c.transfer_to = auth.uid())
    limit 500
  ) row
$$;
revoke execute on function public.my_item_claims() from public, anon;
grant execute on function public.my_item_claims() to authenticated;

-- A maintainer edits the item's facts. The description, short description, key features and
-- (software) pricing apply at once; the name, the address and the repository wait for a
-- moderator. Every change is recorded with its old and new value. Only fields given are changed,
-- and a field given with its current value is left out.
create or replace function public.maintainer_update_item(_content_id uuid, _changes jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  c jsonb := coalesce(_changes, '{}');
  allowed constant text[] := array['title', 'url', 'github_url', 'short_description', 'description',
                                   'key_features', 'pricing_model'];
  item public.content_items;
  repo text;
  pricing text;
  unknown text;
  fact text;
  old_value jsonb;
  new_value jsonb;
  applied text[] := '{}';
  pending text[] := '{}';
begin
  if me is null or not public.is_item_maintainer(me, _content_id) then
    raise exception 'Only the item''s maintainer can edit it here' using errcode = '42501';
  end if;
  if jsonb_typeof(c) <> 'object' then
    raise exception 'changes must be an object' using errcode = '22023';
  end if;
  select k into unknown from jsonb_object_keys(c) k where k <> all (allowed) limit 1;
  if unknown is not null then
    raise exception 'Field cannot be edited: %', unknown using errcode = '22023';
  end if;
  select * into item from public.content_items ci where ci.id = _content_id for update;
  select s.github_url, s.pricing_model into repo, pricing from public.software s where s.content_id = _content_id;

  if c ? 'title' and char_length(btrim(coalesce(c ->> 'title', ''))) not between 1 and 300 then
    raise exception 'Name must be 1 to 300 characters' using errcode = '22023';
  end if;
  if c ? 'short_description' and char_length(btrim(coalesce(c ->> 'short_description', ''))) not between 1 and 300 then
    raise exception 'Short description must be 1 to 300 characters' using errcode = '22023';
  end if;
  if c ? 'description' and char_length(coalesce(c ->> 'description', '')) > 20000 then
    raise exception 'Description must be at most 20,000 characters' using errcode = '22023';
  end if;
  if c ? 'url' and (coalesce(c ->> 'url', '') !~ '^https?://[^\s]+$' or char_length(c ->> 'url') > 2000) then
    raise exception 'Website must be an http:// or https:// address' using errcode = '22023';
  end if;
  if c ? 'github_url' and (item.content_type <> 'software'
      or coalesce(c ->> 'github_url', '') !~ '^https://github\.com/[A-Za-z0-9-]+/[A-Za-z0-9._-]+/?$') then
    raise exception 'Repository must be a https://github.com/owner/name address of a software item' using errcode = '22023';
  end if;
  if c ? 'pricing_model' and (item.content_type <> 'software'
      or coalesce(c ->> 'pricing_model', '') not in ('free', 'freemium', 'subscription', 'paid', 'enterprise')) then
    raise exception 'Pricing must be free, freemium, subscription, paid or enterprise (software only)' using errcode = '22023';
  end if;
  if c ? 'key_features' and (jsonb_typeof(c -> 'key_features') <> 'array'
      or jsonb_array_length(c -> 'key_features') > 20
      or exists (select 1 from jsonb_array_elements(c -> 'key_features') f
                 where jsonb_typeof(f) <> 'string' or char_length(btrim(f #>> '{}')) not between 1 and 200)) then
    raise exception 'Key features: at most 20, each 1 to 200 characters' using errcode = '22023';
  end if;

  foreach fact in array allowed loop
    continue when not c ? fact;
    old_value := case fact
      when 'title' then to_jsonb(item.title) when 'url' then to_jsonb(item.url) when 'github_url' then to_jsonb(repo)
      when 'short_description' then to_jsonb(item.short_description) when 'description' then to_jsonb(item.description)
      when 'key_features' then to_jsonb(item.key_features) else to_jsonb(pricing) end;
    new_value := case fact
      when 'key_features' then (select coalesce(jsonb_agg(btrim(f)), '[]') from jsonb_array_elements_text(c -> fact) f)
      when 'description' then c -> fact
      else to_jsonb(btrim(c ->> fact)) end;
    continue when old_value is not distinct from new_value;
    if fact in ('title', 'url', 'github_url') then
      -- one waiting change per field: the newest replaces an older one
      update public.item_fact_changes f set status = 'rejected', decided_at = now(), reason = 'Replaced by a newer change'
      where f.content_id = _content_id and f.field = fact and f.status = 'pending';
      insert into public.item_fact_changes (content_id, changed_by, field, old_value, new_value, status)
      values (_content_id, me, fact, old_value, new_value, 'pending');
      pending := pending || fact;
    else
      insert into public.item_fact_changes (content_id, changed_by, field, old_value, new_value, status)
      values (_content_id, me, fact, old_value, new_value, 'applied');
      applied := applied || fact;
    end if;
  end loop;

  if cardinality(applied) > 0 then
    -- the item's version is the maintainer's (22_item_versions.sql)
    perform set_config('sciai.change_actor', 'maintainer', true);
    update public.content_items ci set
      short_description = case when 'short_description' = any (applied) then btrim(c ->> 'short_description') else ci.short_description end,
      description = case when 'description' = any (applied) then c ->> 'description' else ci.description end,
      key_features = case when 'key_features' = any (applied)
        then array(select btrim(f) from jsonb_array_elements_text(c -> 'key_features') f) else ci.key_features end
    where ci.id = _content_id;
    if 'pricing_model' = any (applied) then
      update public.software s set pricing_model = c ->> 'pricing_model' where s.content_id = _content_id;
    end if;
    update public.catalog_state set version = version + 1;
  end if;
  return jsonb_build_object('applied', to_jsonb(applied), 'pending', to_jsonb(pending));
end $$;
revoke execute on function public.maintainer_update_item(uuid, jsonb) from public, anon;
grant execute on function public.maintainer_update_item(uuid, jsonb) to authenticated;

-- Maintainers' changes of name, address or repository waiting for a moderator, oldest first.
create or replace function public.pending_item_fact_changes() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.admin_assert_staff();
  return coalesce((
    select jsonb_agg(row order by row.created_at)
    from (
      select f.id, f.field, f.old_value, f.new_value, f.created_at, ci.id as content_id, ci.title, ci.slug,
        ci.content_type, u.email::text as changed_by_email
      from public.item_fact_changes f
      join public.content_items ci on ci.id = f.content_id
      left join auth.users u on u.id = f.changed_by
      where f.status = 'pending'
      order by f.created_at
      limit 200
    ) row), '[]'::jsonb);
end $$;
revoke execute on function public.pending_item_fact_changes() from public, anon;
grant execute on function public.pending_item_fact_changes() to authenticated;

-- A moderator applies a waiting change (the item takes the new value) or turns it down with a
-- reason. A change whose author no longer maintains the item can only be turned down.
create or replace function public.decide_item_fact_change(_change_id uuid, _approve boolean, _reason text default null)
returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  f public.item_fact_changes;
  why text := nullif(btrim(coalesce(_reason, '')), '');
begin
  perform public.admin_assert_staff();
  select * into f from public.item_fact_changes fc where fc.id = _change_id for update;
  if not found then
    raise exception 'Change not found' using errcode = 'PT404';
  end if;
  if f.status <> 'pending' then
    raise exception 'This change is not waiting for review (status %)', f.status using errcode = '55000';
  end if;
  if not coalesce(_approve, false) and why is null then
    raise exception 'A reason is required' using errcode = '22023';
  end if;
  if char_length(why) > 2000 then
    raise exception 'The reason must be at most 2,000 characters' using errcode = '22023';
  end if;
  if coalesce(_approve, false) then
    if f.changed_by is null or not public.is_item_maintainer(f.changed_by, f.content_id) then
      raise exception 'Its author no longer maintains this item: turn it down' using errcode = '55000';
    end if;
    -- the maintainer's change, which a moderator let through: the item's version is theirs
    perform set_config('sciai.change_actor', 'maintainer', true);
    perform set_config('sciai.change_actor_user', f.changed_by::text, true);
    if f.field = 'github_url' then
      update public.software s set github_url = f.new_value #>> '{}' where s.content_id = f.content_id;
    else
      update public.content_items ci set
        title = case when f.field = 'title' then f.new_value #>> '{}' else ci.title end,
        url = case when f.field = 'url' then f.new_value #>> '{}' else ci.url end
      where ci.id = f.content_id;
    end if;
    update public.catalog_state set version = version + 1;
  end if;
  update public.item_fact_changes fc
  set status = case when coalesce(_approve, false) then 'approved' else 'rejected' end,
      decided_by = auth.uid(), decided_at = now(), reason = why
  where fc.id = f.id;
  return jsonb_build_object('id', f.id, 'status', case when coalesce(_approve, false) then 'approved' else 'rejected' end);
end $$;
revoke execute on function public.decide_item_fact_change(uuid, boolean, text) from public, anon;
grant execute on function public.decide_item_fact_change(uuid, boolean, text) to authenticated;
