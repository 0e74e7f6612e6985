-- Reviews and ratings (docs/product.md#reviews).
--
-- item_ratings is each published item's rating as the catalog shows it: the count and mean of its
-- published reviews by ORCID-verified reviewers, their Bayesian average (rating_score, what
-- browse sorts by), and apart from them the count and mean of its other published reviews. One
-- row per item that has a published review; the reviews' triggers keep it exact. Readable by
-- everyone; written only by those triggers and the service role.
create table public.item_ratings (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  verified_count integer not null default 0 check (verified_count >= 0),
  verified_average numeric(3, 2) check (verified_average between 1 and 5),
  rating_score double precision check (rating_score between 1 and 5),
  other_count integer not null default 0 check (other_count >= 0),
  other_average numeric(3, 2) check (other_average between 1 and 5),
  updated_at timestamptz not null default now(),
  constraint item_ratings_verified_mean check ((verified_count = 0) = (verified_average is null)),
  constraint item_ratings_other_mean check ((other_count = 0) = (other_average is null))
);
alter table public.item_ratings enable row level security;
grant select on public.item_ratings to anon, authenticated;
create policy "ratings of published items are public" on public.item_ratings for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published'));

create index item_ratings_score_idx on public.item_ratings (rating_score desc nulls last);

-- Whether the user's ORCID iD has been verified by signing in with ORCID (verified_orcid_ids).
-- Reviews by verified reviewers make an item's headline rating; the others are counted apart.
create or replace function public.user_has_verified_orcid(_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.verified_orcid_ids v where v.user_id = _user_id)
$$;
revoke execute on function public.user_has_verified_orcid(uuid) from public, anon, authenticated;

-- Whether the user is affiliated with the item: its maintainer (an approved claim), or among the
-- people the item names (its authors, creators, maintainers, contributors), matched on the user's
-- verified ORCID iD or the one typed on their profile. A typed iD is not proof, but keeping
-- someone from reviewing an item that names them is the safe side of that doubt.
create or replace function public.is_affiliated_with_item(_user_id uuid, _content_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select public.is_item_maintainer(_user_id, _content_id) or exists (
    select 1
    from public.content_people cp
    join public.people p on p.id = cp.person_id
    where cp.content_id = _content_id and p.orcid_id is not null
      and (p.orcid_id = (select up.orcid_id from public.user_profiles up where up.id = _user_id)
           or p.orcid_id = (select v.orcid_id from public.verified_orcid_ids v where v.user_id = _user_id))
  )
$$;
revoke execute on function public.is_affiliated_with_item(uuid, uuid) from public, anon, authenticated;

-- One review per reader and item. Written only through submit_item_review and its siblings below,
-- which check who may write what; read by its author and staff here, by everyone else through
-- item_reviews_page (published reviews, without the reviewer's account id).
create table public.item_reviews (
  id uuid primary key default gen_random_uuid(),
  content_id uuid not null references public.content_items (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  -- Plain text as written; pages show it as text, with its http(s) addresses as links.
  body text not null check (char_length(body) between 50 and 5000),
  -- What the reviewer used it for (not for papers): the task, the field, how much data.
  used_for_task text check (char_length(used_for_task) between 1 and 200),
  used_for_domain_id uuid references public.scientific_domains (id) on delete set null,
  data_size text check (data_size in ('under_1_gb', '1_to_100_gb', '100_gb_to_10_tb', 'over_10_tb')),
  version_used text check (char_length(version_used) between 1 and 100),
  used_on date,
  -- Papers only: what the reviewer did with it.
  engagement text check (engagement in ('reproduced', 'used_method', 'read')),
  accuracy_rating smallint check (accuracy_rating between 1 and 5),
  setup_rating smallint check (setup_rating between 1 and 5),
  documentation_rating smallint check (documentation_rating between 1 and 5),
  support_rating smallint check (support_rating between 1 and 5),
  status text not null default 'pending' check (status in ('pending', 'published', 'hidden', 'removed')),
  -- Why a moderator hid or removed it: shown to its author.
  status_reason text check (char_length(status_reason) between 1 and 1000),
  status_changed_at timestamptz,
  helpful_count integer not null default 0 check (helpful_count >= 0),
  created_at timestamptz not null default now(),
  -- When its author last changed it (null: never edited).
  edited_at timestamptz,
  -- When it was first published: its item's maintainer is told of it then, and only then.
  first_published_at timestamptz,
  updated_at timestamptz not null default now(),
  unique (user_id, content_id),
  constraint item_reviews_reason_for_hidden check ((status in ('hidden', 'removed')) = (status_reason is not null))
);
alter table public.item_reviews enable row level security;
grant select on public.item_reviews to authenticated;

create index item_reviews_item_idx on public.item_reviews (content_id, status, helpful_count desc, created_at desc);
create index item_reviews_pending_idx on public.item_reviews (created_at) where status = 'pending';
create index item_reviews_user_idx on public.item_reviews (user_id, created_at desc);

create trigger item_reviews_updated_at before update on public.item_reviews
  for each row execute function public.set_updated_at();

create policy "authors and staff read reviews" on public.item_reviews for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_staff()));

-- The review as it was before each edit by its author: its text and every field.
create table public.item_review_revisions (
  id bigint generated always as identity primary key,
  review_id uuid not null references public.item_reviews (id) on delete cascade,
  rating smallint not null,
  body text not null,
  fields jsonb not null check (jsonb_typeof(fields) = 'object'),
  -- when the replaced version had been written
  written_at timestamptz not null,
  replaced_at timestamptz not null default now()
);
alter table public.item_review_revisions enable row level security;
grant select on public.item_review_revisions to authenticated;

create index item_review_revisions_review_idx on public.item_review_revisions (review_id, replaced_at desc);

create policy "authors and staff read revisions" on public.item_review_revisions for select to authenticated
  using (exists (select 1 from public.item_reviews r where r.id = review_id and r.user_id = (select auth.uid()))
         or (select public.is_staff()));

-- "Helpful" marks: one per reader and review, never on one's own.
create table public.item_review_helpful_marks (
  review_id uuid not null references public.item_reviews (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (review_id, user_id)
);
alter table public.item_review_helpful_marks enable row level security;
grant select on public.item_review_helpful_marks to authenticated;

create index item_review_helpful_marks_user_idx on public.item_review_helpful_marks (user_id);

create policy "readers read their marks" on public.item_review_helpful_marks for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_staff()));

-- Reports of a review to the moderators. Who reported stays between the reporter and the database:
-- moderators see the reasons and notes, never the reporter.
create table public.item_review_reports (
  id uuid primary key default gen_random_uuid(),
  review_id uuid not null references public.item_reviews (id) on delete cascade,
  reporter_id uuid references auth.users (id) on delete set null,
  reason text not null check (reason in ('spam', 'off_topic', 'conflict_of_interest', 'abusive', 'other')),
  note text check (char_length(note) between 1 and 1000),
  status text not null default 'open' check (status in ('open', 'resolved')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  constraint item_review_reports_other_has_note check (reason <> 'other' or note is not null),
  constraint item_review_reports_resolved_at check ((status = 'resolved') = (resolved_at is not null))
);
alter table public.item_review_reports enable row level security;
grant select on public.item_review_reports to authenticated;

create unique index item_review_reports_once on public.item_review_reports (review_id, reporter_id);
create index item_review_reports_open_idx on public.item_review_reports (review_id) where status = 'open';
create index item_review_reports_reporter_idx on public.item_review_reports (reporter_id, created_at desc);

create policy "reporters and staff read reports" on public.item_review_reports for select to authenticated
  using (reporter_id = (select auth.uid()) or (select public.is_staff()));

-- What each user did with reviews lately, for the hourly limits (review_rate_limit). Only the
-- write functions touch it; each prunes the caller's rows older than the hour.
create table public.review_rate_events (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  action text not null check (action in ('submit', 'edit', 'helpful', 'report', 'reply')),
  created_at timestamptz not null default now()
);
alter table public.review_rate_events enable row level security;

create index review_rate_events_user_idx on public.review_rate_events (user_id, action, created_at);

-- Ratings ------------------------------------------------------------------------------------

-- The Bayesian average's prior (docs/product.md#reviews): every item starts as if it had
-- five verified reviews of 3.5 stars, so one 5-star review cannot outrank twenty of 4.5.
create or replace function public.rating_prior() returns table (prior_mean double precision, prior_weight double precision)
language sql immutable set search_path = '' as $$
  select 3.5::double precision, 5::double precision
$$;
revoke execute on function public.rating_prior() from public, anon, authenticated;

-- Recounts one item's rating from its published reviews, under a lock per item so that two
-- reviews written at once cannot each count without the other.
create or replace function public.refresh_item_rating(_content_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  counts record;
  prior record;
begin
  perform pg_advisory_xact_lock(hashtextextended('item_ratings:' || _content_id::text, 0));
  -- the item itself is being deleted: its reviews go with it, and its rating too
  if not exists (select 1 from public.content_items ci where ci.id = _content_id) then
    delete from public.item_ratings where content_id = _content_id;
    return;
  end if;
  select count(*) filter (where v.verified) as verified_count,
         sum(v.rating) filter (where v.verified) as verified_sum,
         count(*) filter (where not v.verified) as other_count,
         sum(v.rating) filter (where not v.verified) as other_sum
    into counts
    from (select r.rating, public.user_has_verified_orcid(r.user_id) as verified
            from public.item_reviews r
           where r.content_id = _content_id and r.status = 'published') v;
  if counts.verified_count + counts.other_count = 0 then
    delete from public.item_ratings where content_id = _content_id;
    return;
  end if;
  select * into prior from public.rating_prior();
  insert into public.item_ratings as ir
    (content_id, verified_count, verified_average, rating_score, other_count, other_average, updated_at)
  values (
    _content_id,
    counts.verified_count,
    round(counts.verified_sum::numeric / nullif(counts.verified_count, 0), 2),
    case when counts.verified_count > 0
         then (prior.prior_mean * prior.prior_weight + counts.verified_sum) / (prior.prior_weight + counts.verified_count)
    end,
    counts.other_count,
    round(counts.other_sum::numeric / nullif(counts.other_count, 0), 2),
    now())
  on conflict (content_id) do update set
    verified_count = excluded.verified_count,
    verified_average = excluded.verified_average,
    rating_score = excluded.rating_score,
    other_count = excluded.other_count,
    other_average = excluded.other_average,
    updated_at = excluded.updated_at;
end $$;
revoke execute on function public.refresh_item_rating(uuid) from public, anon, authenticated;

-- When a user's ORCID iD becomes verified or stops being: their published reviews move between
-- the verified and the other counts.
create or replace function public.refresh_item_ratings_of_user(_user_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  item uuid;
begin
  for item in
    select distinct r.content_id from public.item_reviews r
    where r.user_id = _user_id and r.status = 'published' order by 1
  loop
    perform public.refresh_item_rating(item);
  end loop;
end $$;
revoke execute on function public.refresh_item_ratings_of_user(uuid) from public, anon, authenticated;

-- Connecting or disconnecting ORCID moves the user's published reviews between the counts.
create or replace function public.refresh_ratings_on_orcid_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    perform public.refresh_item_ratings_of_user(old.user_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
    perform public.refresh_item_ratings_of_user(new.user_id);
  end if;
  return null;
end $$;
revoke execute on function public.refresh_ratings_on_orcid_change() from public, anon, authenticated;

create trigger verified_orcid_ids_ratings after insert or delete or update of user_id
  on public.verified_orcid_ids
  for each row execute function public.refresh_ratings_on_orcid_change();

-- Keeps item_ratings exact: any write that adds, removes or changes a published review's rating.
create or replace function public.item_reviews_refresh_rating() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' then
    perform public.refresh_item_rating(old.content_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'published'
     and (tg_op = 'INSERT' or old.status <> 'published' or old.content_id <> new.content_id
          or old.rating <> new.rating or old.user_id <> new.user_id) then
    perform public.refresh_item_rating(new.content_id);
  end if;
  return null;
end $$;
revoke execute on function public.item_reviews_refresh_rating() from public, anon, authenticated;

create trigger item_reviews_rating after insert or delete or update of rating, status, content_id, user_id
  on public.item_reviews for each row execute function public.item_reviews_refresh_rating();

-- Keeps item_reviews.helpful_count equal to its marks.
create or replace function public.item_review_helpful_count() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    update public.item_reviews set helpful_count = helpful_count + 1 where id = new.review_id;
  else
    update public.item_reviews set helpful_count = greatest(helpful_count - 1, 0) where id = old.review_id;
  end if;
  return null;
end $$;
revoke execute on function public.item_review_helpful_count() from public, anon, authenticated;

create trigger item_review_helpful_marks_count after insert or delete on public.item_review_helpful_marks
  for each row execute function public.item_review_helpful_count();

-- Writing reviews ----------------------------------------------------------------------------

-- A review's text counts as readers see it: without the spaces at either end or invisible
-- characters (zero-width spaces, soft hyphens), a run of spaces and line breaks as one. The same
-- rule as reviewTextLength in core.
create or replace function public.review_text_length(_text text) returns integer
language sql immutable set search_path = '' as $$
  select char_length(regexp_replace(
    btrim(regexp_replace(_text, '[\u200B-\u200D\u2060\uFEFF\u00AD]', '', 'g'), E' \t\n\r'),
    '\s+', ' ', 'g'))
$$;
revoke execute on function public.review_text_length(text) from public, anon, authenticated;

-- A review's fields from the JSON the write functions take (docs/product.md#reviews), checked
-- against the item's type; every refusal names the field and the rule (22023).
create or replace function public.review_fields(_content_type text, _review jsonb) returns public.item_reviews
language plpgsql stable security definer set search_path = '' as $$
declare
  result public.item_reviews;
  is_paper boolean := _content_type = 'paper';
  unknown_key text;
  value jsonb;
  aspect text;
  aspect_value jsonb;
  -- characters no review needs, which could disguise text: controls and direction overrides
  hidden_characters constant text := '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]';
  body text;
  line text;
begin
  if _review is null or jsonb_typeof(_review) <> 'object' then
    raise exception 'review must be an object of fields' using errcode = '22023';
  end if;
  select k into unknown_key from jsonb_object_keys(_review) k
   where k not in ('rating', 'text', 'task', 'field', 'data_size', 'version', 'used_on', 'engagement', 'aspects')
   order by k limit 1;
  if unknown_key is not null then
    raise exception '% is not a field of a review', left(unknown_key, 40) using errcode = '22023';
  end if;

  value := _review -> 'rating';
  if value is null or jsonb_typeof(value) <> 'number' or value::text::numeric not in (1, 2, 3, 4, 5) then
    raise exception 'rating must be a whole number of stars from 1 to 5' using errcode = '22023';
  end if;
  result.rating := value::text::numeric::smallint;

  value := _review -> 'text';
  if value is null or jsonb_typeof(value) <> 'string' then
    raise exception 'text is required: 50 to 5,000 characters' using errcode = '22023';
  end if;
  body := btrim(replace(value #>> '{}', E'\r\n', E'\n'), E' \t\n\r');
  if body ~ hidden_characters then
    raise exception 'text may not contain control or text-direction characters' using errcode = '22023';
  end if;
  if public.review_text_length(body) < 50 then
    raise exception 'text must be at least 50 characters' using errcode = '22023';
  end if;
  if char_length(body) > 5000 then
    raise exception 'text must be at most 5,000 characters' using errcode = '22023';
  end if;
  result.body := body;

  value := nullif(_review -> 'task', 'null'::jsonb);
  if is_paper and value is not null then
    raise exception 'task is not asked of a paper: say how you engaged with it instead' using errcode = '22023';
  end if;
  if not is_paper then
    line := case when jsonb_typeof(value) = 'string' then btrim(value #>> '{}') end;
    if line is null or public.review_text_length(line) = 0 or char_length(line) > 200 then
      raise exception 'task is required: what you used it for, 1 to 200 characters' using errcode = '22023';
    end if;
    if line ~ hidden_characters or line ~ E'[\n\r\t]' then
      raise exception 'task must be one line of plain text' using errcode = '22023';
    end if;
    result.used_for_task := line;
  end if;

  value := nullif(_review -> 'field', 'null'::jsonb);
  if value is not null then
    select d.id into result.used_for_domain_id from public.scientific_domains d
     where jsonb_typeof(value) = 'string' and d.slug = value #>> '{}';
    if result.used_for_domain_id is null then
      raise exception 'field must be one of the scientific fields' using errcode = '22023';
    end if;
  end if;

  value := nullif(_review -> 'data_size', 'null'::jsonb);
  if value is not null then
    if is_paper then
      raise exception 'data_size is not asked of a paper' using errcode = '22023';
    end if;
    if jsonb_typeof(value) <> 'string'
       or value #>> '{}' not in ('under_1_gb', '1_to_100_gb', '100_gb_to_10_tb', 'over_10_tb') then
      raise exception 'data_size must be under_1_gb, 1_to_100_gb, 100_gb_to_10_tb or over_10_tb' using errcode = '22023';
    end if;
    result.data_size := value #>> '{}';
  end if;

  value := nullif(_review -> 'version', 'null'::jsonb);
  if value is not null then
    if is_paper then
      raise exception 'version is not asked of a paper' using errcode = '22023';
    end if;
    line := case when jsonb_typeof(value) = 'string' then btrim(value #>> '{}') end;
    if line is null or line = '' or char_length(line) > 100 or line ~ hidden_characters or line ~ E'[\n\r\t]' then
      raise exception 'version must be one line of 1 to 100 characters' using errcode = '22023';
    end if;
    result.version_used := line;
  end if;

  value := nullif(_review -> 'used_on', 'null'::jsonb);
  if value is not null then
    if jsonb_typeof(value) <> 'string' or value #>> '{}' !~ '^\d{4}-\d{2}-\d{2}$' then
      raise exception 'used_on must be a date (YYYY-MM-DD)' using errcode = '22023';
    end if;
    begin
      result.used_on := (value #>> '{}')::date;
    exception when others then
      raise exception 'used_on must be a date (YYYY-MM-DD)' using errcode = '22023';
    end;
    if result.used_on > current_date or result.used_on < date '1950-01-01' then
      raise exception 'used_on must be a date between 1950 and today' using errcode = '22023';
    end if;
  end if;

  value := nullif(_review -> 'engagement', 'null'::jsonb);
  if is_paper then
    if value is null or jsonb_typeof(value) <> 'string' or value #>> '{}' not in ('reproduced', 'used_method', 'read') then
      raise exception 'engagement is required for a paper: reproduced, used_method or read' using errcode = '22023';
    end if;
    result.engagement := value #>> '{}';
  elsif value is not null then
    raise exception 'engagement is asked of papers only' using errcode = '22023';
  end if;

  value := nullif(_review -> 'aspects', 'null'::jsonb);
  if value is not null then
    if jsonb_typeof(value) <> 'object' then
      raise exception 'aspects must be an object of ratings' using errcode = '22023';
    end if;
    for aspect, aspect_value in select * from jsonb_each(value) loop
      if aspect not in ('accuracy', 'setup', 'documentation', 'support') then
        raise exception 'aspects.% is not an aspect: accuracy, setup, documentation or support', left(aspect, 40)
          using errcode = '22023';
      end if;
      continue when aspect_value = 'null'::jsonb;
      if jsonb_typeof(aspect_value) <> 'number' or aspect_value::text::numeric not in (1, 2, 3, 4, 5) then
        raise exception 'aspects.% must be a whole number of stars from 1 to 5', aspect using errcode = '22023';
      end if;
      case aspect
        when 'accuracy' then result.accuracy_rating := aspect_value::text::numeric::smallint;
        when 'setup' then result.setup_rating := aspect_value::text::numeric::smallint;
        when 'documentation' then result.documentation_rating := aspect_value::text::numeric::smallint;
        else result.support_rating := aspect_value::text::numeric::smallint;
      end case;
    end loop;
  end if;
  return result;
end $$;
revoke execute on function public.review_fields(text, jsonb) from public, anon, authenticated;

-- Counts one review action of the caller against its hourly limit (docs/product.md#reviews), or
-- refuses it with PostgREST's 429. Called after every other check, so a refused write is not counted.
create or replace function public.review_rate_limit(_action text) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  hourly_limit integer := case _action when 'submit' then 5 when 'edit' then 20 when 'reply' then 20
                                       when 'helpful' then 60 else 10 end;
  recent integer;
begin
  -- one writer per user at a time, so parallel requests cannot each see room for one more
  perform pg_advisory_xact_lock(hashtextextended('review_rate:' || caller::text, 0));
  delete from public.review_rate_events e where e.user_id = caller and e.created_at < now() - interval '1 hour';
  select count(*) into recent from public.review_rate_events e where e.user_id = caller and e.action = _action;
  if recent >= hourly_limit then
    raise sqlstate 'PT429' using message = format(
      'You have reached the limit of %s %s an hour. Please try again later.', hourly_limit,
      case _action when 'submit' then 'new reviews' when 'edit' then 'review edits'
                   when 'reply' then 'replies and reply edits'
                   when 'helpful' then 'helpful marks' else 'reports' end);
  end if;
  insert into public.review_rate_events (user_id, action) values (caller, _action);
end $$;
revoke execute on function public.review_rate_limit(text) from public, anon, authenticated;

-- The caller, who must be signed in with a confirmed e-mail address and a name on their profile
-- (reviews are signed).
create or replace function public.review_author() returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to write a review' using errcode = '42501';
  end if;
  if not exists (select 1 from auth.users u where u.id = caller and u.email_confirmed_at is not null) then
    raise exception 'Confirm your e-mail address before writing a review' using errcode = '42501';
  end if;
  if not exists (select 1 from public.user_profiles p where p.id = caller
                 and public.profile_signed_name(p) is not null) then
    raise exception 'Add your name to your profile before writing a review: reviews are signed' using errcode = '42501';
  end if;
  return caller;
end $$;
revoke execute on function public.review_author() from public, anon, authenticated;

-- Whether the user's next review waits for a moderator: their account is less than 7 days old, or
-- none of their reviews is published.
create or replace function public.review_needs_moderation(_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select u.created_at > now() - interval '7 days' from auth.users u where u.id = _user_id), true)
      or not exists (select 1 from public.item_reviews r where r.user_id = _user_id and r.status = 'published')
$$;
revoke execute on function public.review_needs_moderation(uuid) from public, anon, authenticated;

create or replace function public.submit_item_review(_content_id uuid, _review jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := public.review_author();
  item_type text;
  fields public.item_reviews;
  inserted public.item_reviews;
begin
  select ci.content_type into item_type from public.content_items ci
   where ci.id = _content_id and ci.status = 'published';
  if item_type is null then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.item_reviews r where r.user_id = caller and r.content_id = _content_id) then
    raise exception 'You have already reviewed this item: edit your review instead' using errcode = '23505';
  end if;
  if public.is_affiliated_with_item(caller, _content_id) then
    raise exception 'You cannot review an item that names you among its authors or maintainers' using errcode = '42501';
  end if;
  fields := public.review_fields(item_type, _review);
  perform public.review_rate_limit('submit');
  insert into public.item_reviews (content_id, user_id, rating, body, used_for_task, used_for_domain_id, data_size,
                                   version_used, used_on, engagement, accuracy_rating, setup_rating,
                                   documentation_rating, support_rating, status, status_changed_at)
  values (_content_id, caller, fields.rating, fields.body, fields.used_for_task, fields.used_for_domain_id,
          fields.data_size, fields.version_used, fields.used_on, fields.engagement, fields.accuracy_rating,
          fields.setup_rating, fields.documentation_rating, fields.support_rating,
          case when public.review_needs_moderation(caller) then 'pending' else 'published' end, now())
  returning * into inserted;
  return jsonb_build_object('id', inserted.id, 'status', inserted.status);
end $$;
revoke execute on function public.submit_item_review(uuid, jsonb) from public, anon;
grant execute on function public.submit_item_review(uuid, jsonb) to authenticated;

-- The author's edit: the old version goes to item_review_revisions. A hidden review goes back to
-- the moderators; a removed one stays as it is.
create or replace function public.edit_item_review(_review_id uuid, _review jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := public.review_author();
  current_review public.item_reviews;
  item_type text;
  fields public.item_reviews;
  next_status text;
begin
  select r.* into current_review from public.item_reviews r
   where r.id = _review_id and r.user_id = caller for update;
  if not found then
    raise exception 'Review not found' using errcode = 'PT404';
  end if;
  if current_review.status = 'removed' then
    raise exception 'A removed review cannot be edited' using errcode = '55000';
  end if;
  select ci.content_type into item_type from public.content_items ci
   where ci.id = current_review.content_id and ci.status = 'published';
  if item_type is null then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;
  fields := public.review_fields(item_type, _review);
  perform public.review_rate_limit('edit');
  insert into public.item_review_revisions (review_id, rating, body, fields, written_at)
  values (current_review.id, current_review.rating, current_review.body,
          jsonb_strip_nulls(jsonb_build_object(
            'task', current_review.used_for_task,
            'field', (select d.slug from public.scientific_domains d where d.id = current_review.used_for_domain_id),
            'data_size', current_review.data_size,
            'version', current_review.version_used,
            'used_on', current_review.used_on,
            'engagement', current_review.engagement,
            'aspects', jsonb_strip_nulls(jsonb_build_object(
              'accuracy', current_review.accuracy_rating, 'setup', current_review.setup_rating,
              'documentation', current_review.documentation_rating, 'support', current_review.support_rating)))),
          coalesce(current_review.edited_at, current_review.created_at));
  next_status := case when current_review.status = 'hidden' then 'pending' else current_review.status end;
  update public.item_reviews r set
    rating = fields.rating, body = fields.body, used_for_task = fields.used_for_task,
    used_for_domain_id = fields.used_for_domain_id, data_size = fields.data_size,
    version_used = fields.version_used, used_on = fields.used_on, engagement = fields.engagement,
    accuracy_rating = fields.accuracy_rating, setup_rating = fields.setup_rating,
    documentation_rating = fields.documentation_rating, support_rating = fields.support_rating,
    edited_at = now(),
    status = next_status,
    status_reason = case when next_status in ('hidden', 'removed') then r.status_reason end,
    status_changed_at = case when next_status <> r.status then now() else r.status_changed_at end
  where r.id = current_review.id;
  return jsonb_build_object('id', current_review.id, 'status', next_status);
end $$;
revoke execute on function public.edit_item_review(uuid, jsonb) from public, anon;
grant execute on function public.edit_item_review(uuid, jsonb) to authenticated;

create or replace function public.delete_item_review(_review_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to delete your review' using errcode = '42501';
  end if;
  delete from public.item_reviews r where r.id = _review_id and r.user_id = caller;
  if not found then
    raise exception 'Review not found' using errcode = 'PT404';
  end if;
end $$;
revoke execute on function public.delete_item_review(uuid) from public, anon;
grant execute on function public.delete_item_review(uuid) to authenticated;

-- A published review of a published item that someone other than the caller wrote, for marks and
-- reports: anything else is "not found", so nobody learns of reviews they cannot read.
create or replace function public.others_published_review(_review_id uuid, _caller uuid, _action text) returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  author uuid;
begin
  select r.user_id into author from public.item_reviews r
   join public.content_items ci on ci.id = r.content_id and ci.status = 'published'
   where r.id = _review_id and r.status = 'published';
  if author is null then
    raise exception 'Review not found' using errcode = 'PT404';
  end if;
  if author = _caller then
    raise exception 'You cannot % your own review', _action using errcode = '42501';
  end if;
  return author;
end $$;
revoke execute on function public.others_published_review(uuid, uuid, text) from public, anon, authenticated;

-- Marks (or, with _helpful false, unmarks) a review as helpful; returns its helpful count.
create or replace function public.mark_review_helpful(_review_id uuid, _helpful boolean default true) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  total integer;
begin
  if caller is null then
    raise exception 'Sign in to mark reviews as helpful' using errcode = '42501';
  end if;
  perform public.others_published_review(_review_id, caller, 'mark as helpful');
  if coalesce(_helpful, true) then
    if not exists (select 1 from public.item_review_helpful_marks m where m.review_id = _review_id and m.user_id = caller) then
      perform public.review_rate_limit('helpful');
      insert into public.item_review_helpful_marks (review_id, user_id) values (_review_id, caller)
      on conflict do nothing;
    end if;
  else
    delete from public.item_review_helpful_marks m where m.review_id = _review_id and m.user_id = caller;
  end if;
  select r.helpful_count into total from public.item_reviews r where r.id = _review_id;
  return total;
end $$;
revoke execute on function public.mark_review_helpful(uuid, boolean) from public, anon;
grant execute on function public.mark_review_helpful(uuid, boolean) to authenticated;

create or replace function public.report_review(_review_id uuid, _reason text, _note text default null) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  note text := nullif(btrim(coalesce(_note, '')), '');
begin
  if caller is null then
    raise exception 'Sign in to report a review' using errcode = '42501';
  end if;
  if _reason is null or _reason not in ('spam', 'off_topic', 'conflict_of_interest', 'abusive', 'other') then
    raise exception 'reason must be spam, off_topic, conflict_of_interest, abusive or other' using errcode = '22023';
  end if;
  if _reason = 'other' and note is null then
    raise exception 'note is required when the reason is other' using errcode = '22023';
  end if;
  if char_length(note) > 1000 then
    raise exception 'note must be at most 1,000 characters' using errcode = '22023';
  end if;
  perform public.others_published_review(_review_id, caller, 'report');
  if exists (select 1 from public.item_review_reports p where p.review_id = _review_id and p.reporter_id = caller) then
    raise exception 'You have already reported this review' using errcode = '23505';
  end if;
  perform public.review_rate_limit('report');
  insert into public.item_review_reports (review_id, reporter_id, reason, note) values (_review_id, caller, _reason, note);
end $$;
revoke execute on function public.report_review(uuid, text, text) from public, anon;
grant execute on function public.report_review(uuid, text, text) to authenticated;

-- Moderation ---------------------------------------------------------------------------------

-- A moderator's decision on a review: approve (publish; for a published review, keep it and
-- close its reports), hide or remove, the last two with a reason its author sees. Every open
-- report on the review is closed by the decision. Nobody decides on their own review.
create or replace function public.moderate_review(_review_id uuid, _decision text, _reason text default null) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  reason text := nullif(btrim(coalesce(_reason, '')), '');
  next_status text;
  review public.item_reviews;
begin
  perform public.admin_assert_staff();
  next_status := case _decision when 'approve' then 'published' when 'hide' then 'hidden' when 'remove' then 'removed' end;
  if next_status is null then
    raise exception 'decision must be approve, hide or remove' using errcode = '22023';
  end if;
  if next_status <> 'published' and reason is null then
    raise exception 'A reason is required: the author will see it' using errcode = '22023';
  end if;
  if char_length(reason) > 1000 then
    raise exception 'The reason must be at most 1,000 characters' using errcode = '22023';
  end if;
  if exists (select 1 from public.item_reviews r where r.id = _review_id and r.user_id = auth.uid()) then
    raise exception 'Another moderator decides on your own review' using errcode = '42501';
  end if;
  update public.item_reviews r set
    status = next_status,
    status_reason = case when next_status = 'published' then null else reason end,
    status_changed_at = case when r.status <> next_status then now() else r.status_changed_at end
  where r.id = _review_id
  returning r.* into review;
  if not found then
    raise exception 'Review not found' using errcode = 'PT404';
  end if;
  update public.item_review_reports p set status = 'resolved', resolved_at = now()
   where p.review_id = _review_id and p.status = 'open';
  perform public.admin_record(case _decision when 'approve' then 'review_approved' when 'hide' then 'review_hidden'
                                             else 'review_removed' end,
    jsonb_build_object('review_id', review.id, 'content_id', review.content_id, 'reason', reason));
  return jsonb_build_object('id', review.id, 'status', review.status);
end $$;
revoke execute on function public.moderate_review(uuid, text, text) from public, anon;
grant execute on function public.moderate_review(uuid, text, text) to authenticated;

-- Replies -----------------------------------------------------------------------------------

-- The item's maintainer's reply to a published review, one per review. Written only through
-- reply_to_review and its siblings (21_review_replies.sql); read by its author and staff here,
-- by everyone else with its review (review_json). It stays when its author stops maintaining the
-- item, credited to them; a moderator may hide it with a reason its author sees.
create table public.item_review_replies (
  review_id uuid primary key references public.item_reviews (id) on delete cascade,
  author_id uuid not null references auth.users (id) on delete cascade,
  -- Plain text as written, shown as the review's text is (http(s) addresses as links).
  body text not null check (char_length(body) between 1 and 2000),
  status text not null default 'published' check (status in ('published', 'hidden')),
  status_reason text check (char_length(status_reason) between 1 and 1000),
  status_changed_at timestamptz,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint item_review_replies_reason_for_hidden check ((status = 'hidden') = (status_reason is not null))
);
alter table public.item_review_replies enable row level security;
grant select on public.item_review_replies to authenticated;

create index item_review_replies_author_idx on public.item_review_replies (author_id);

create trigger item_review_replies_updated_at before update on public.item_review_replies
  for each row execute function public.set_updated_at();

create policy "authors and staff read replies" on public.item_review_replies for select to authenticated
  using (author_id = (select auth.uid()) or (select public.is_staff()));

-- A review's reply as pages show it: its author by name and public handle (never their account
-- id), whether they still maintain the item, and, for its author and staff, its moderation status.
-- A hidden reply is shown only to them; null when there is none to show.
create or replace function public.review_reply_json(_review public.item_reviews, _caller uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'text', rr.body,
    'created_at', rr.created_at,
    'edited_at', rr.edited_at,
    'is_own', rr.author_id is not distinct from _caller,
    'author', jsonb_build_object(
      'name', coalesce(public.profile_signed_name(p), 'SciAI member'),
      'handle', case when p.is_public then p.handle end,
      'maintainer', public.is_item_maintainer(rr.author_id, _review.content_id))
  ) || case when _caller is not null and (rr.author_id = _caller or public.is_staff())
            then jsonb_build_object('status', rr.status, 'status_reason', rr.status_reason)
            else '{}'::jsonb end
  from public.item_review_replies rr
  left join public.user_profiles p on p.id = rr.author_id
  where rr.review_id = _review.id
    and (rr.status = 'published' or (_caller is not null and (rr.author_id = _caller or public.is_staff())))
$$;
revoke execute on function public.review_reply_json(public.item_reviews, uuid) from public, anon, authenticated;

-- Reading reviews ----------------------------------------------------------------------------

-- A review as pages show it: the reviewer by name, public handle, institution and whether their
-- ORCID iD is verified (with the iD then), never their account id; the item's field by name. With
-- _with_status, also its moderation status and reason (for its author and moderators).
create or replace function public.review_json(_review public.item_reviews, _caller uuid, _with_status boolean)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  -- plpgsql, not sql: its plan is kept for the session, where a SQL function's body is planned
  -- again on every query that calls it (a detail page's structured data calls it per review)
  return jsonb_build_object(
    'id', _review.id,
    'rating', _review.rating,
    'text', _review.body,
    'task', _review.used_for_task,
    'field', (select jsonb_build_object('slug', d.slug, 'name', d.name)
                from public.scientific_domains d where d.id = _review.used_for_domain_id),
    'data_size', _review.data_size,
    'version', _review.version_used,
    'used_on', _review.used_on,
    'engagement', _review.engagement,
    'aspects', jsonb_strip_nulls(jsonb_build_object(
      'accuracy', _review.accuracy_rating, 'setup', _review.setup_rating,
      'documentation', _review.documentation_rating, 'support', _review.support_rating)),
    'helpful_count', _review.helpful_count,
    'marked_helpful', _caller is not null and exists (
      select 1 from public.item_review_helpful_marks m where m.review_id = _review.id and m.user_id = _caller),
    'is_own', _review.user_id is not distinct from _caller,
    'created_at', _review.created_at,
    'edited_at', _review.edited_at,
    'reply', public.review_reply_json(_review, _caller),
    'reviewer', (
      select jsonb_build_object(
        'name', coalesce(public.profile_signed_name(p), 'SciAI member'),
        'handle', case when p.is_public then p.handle end,
        'affiliation', nullif(btrim(p.institution), ''),
        -- verified: an iD proven by signing in with ORCID, never the one typed on the profile
        'verified', vo.user_id is not null,
        'orcid_id', vo.orcid_id)
      from (select _review.user_id as id) u
      left join public.user_profiles p on p.id = u.id
      left join public.verified_orcid_ids vo on vo.user_id = u.id)
  ) || case when _with_status
            then jsonb_build_object('status', _review.status, 'status_reason', _review.status_reason)
            else '{}'::jsonb end;
end $$;
revoke execute on function public.review_json(public.item_reviews, uuid, boolean) from public, anon, authenticated;

-- An item's rating as the catalog shows it (item_ratings), zeros when it has no published review.
create or replace function public.item_rating_json(_content_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select jsonb_build_object('verified_count', ir.verified_count, 'verified_average', ir.verified_average,
                               'rating_score', ir.rating_score, 'other_count', ir.other_count,
                               'other_average', ir.other_average)
       from public.item_ratings ir where ir.content_id = _content_id),
    jsonb_build_object('verified_count', 0, 'verified_average', null, 'rating_score', null,
                       'other_count', 0, 'other_average', null))
$$;
revoke execute on function public.item_rating_json(uuid) from public, anon, authenticated;

-- One page (10) of an item's published reviews, sorted by helpful (most marks first), newest or
-- rating (highest first), each with its maintainer's reply; with the item's rating, the number of
-- published reviews and the caller's own review in whatever status, with the moderator's reason.
create or replace function public.item_reviews_page(_content_id uuid, _sort text default 'helpful', _page integer default 1)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  page_size constant integer := 10;
begin
  if _sort is null or _sort not in ('helpful', 'newest', 'rating') then
    raise exception 'sort must be helpful, newest or rating' using errcode = '22023';
  end if;
  if _page is null or _page not between 1 and 1000 then
    raise exception 'page must be a whole number from 1 to 1000' using errcode = '22023';
  end if;
  if not exists (select 1 from public.content_items ci
                 where ci.id = _content_id and (ci.status = 'published' or public.is_staff())) then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;
  return jsonb_build_object(
    'rating', public.item_rating_json(_content_id),
    'total', (select count(*) from public.item_reviews r where r.content_id = _content_id and r.status = 'published'),
    'page', _page,
    'page_size', page_size,
    'reviews', coalesce((
      select jsonb_agg(public.review_json(q.review, caller, false) order by q.ordinal)
      from (select r as review, row_number() over (
                     order by case when _sort = 'rating' then r.rating end desc nulls last,
                              case when _sort = 'newest' then r.created_at end desc nulls last,
                              r.helpful_count desc, r.created_at desc, r.id) as ordinal
              from public.item_reviews r
             where r.content_id = _content_id and r.status = 'published'
             order by ordinal
             limit page_size offset (_page - 1) * page_size) q), '[]'::jsonb),
    'own', (select public.review_json(r, caller, true) from public.item_reviews r
             where caller is not null and r.content_id = _content_id and r.user_id = caller),
    -- whether the caller maintains the item, so the page offers them "Reply"
    'can_reply', caller is not null and public.is_item_maintainer(caller, _content_id));
end $$;
revoke execute on function public.item_reviews_page(uuid, text, integer) from public;
grant execute on function public.item_reviews_page(uuid, text, integer) to anon, authenticated;

-- A public profile's published reviews of published items, newest first, 10 a page, each with
-- its item. Nothing for a handle without a public profile.
create or replace function public.public_profile_reviews(_handle text, _page integer default 1) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  reviewer uuid;
  page_size constant integer := 10;
begin
  if _page is null or _page not between 1 and 1000 then
    raise exception 'page must be a whole number from 1 to 1000' using errcode = '22023';
  end if;
  select p.id into reviewer from public.user_profiles p where lower(p.handle) = lower(_handle) and p.is_public;
  return jsonb_build_object(
    'total', (select count(*) from public.item_reviews r
               join public.content_items ci on ci.id = r.content_id and ci.status = 'published'
              where r.user_id = reviewer and r.status = 'published'),
    'page', _page,
    'page_size', page_size,
    'reviews', coalesce((
      select jsonb_agg(public.review_json(r, auth.uid(), false)
                       || jsonb_build_object('item', jsonb_build_object(
                            'slug', ci.slug, 'title', ci.title, 'content_type', ci.content_type))
                       order by r.created_at desc, r.id)
      from (select r.* from public.item_reviews r
              join public.content_items ci on ci.id = r.content_id and ci.status = 'published'
             where r.user_id = reviewer and r.status = 'published'
             order by r.created_at desc, r.id
             limit page_size offset (_page - 1) * page_size) r
      join public.content_items ci on ci.id = r.content_id), '[]'::jsonb));
end $$;
revoke execute on function public.public_profile_reviews(text, integer) from public;
grant execute on function public.public_profile_reviews(text, integer) to anon, authenticated;

-- The moderators' queue of reviews: those waiting for a first decision (oldest first), then
-- those with open reports (most reported first), each with its item, its author's account age
-- and the open reports' reasons and notes (never who reported).
create or replace function public.review_moderation_queue() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.admin_assert_staff();
  return coalesce((
    select jsonb_agg(q.entry order by q.reported, q.open_reports desc, q.created_at)
    from (
      select r.created_at,
             r.status <> 'pending' as reported,
             (select count(*) from public.item_review_reports p where p.review_id = r.id and p.status = 'open') as open_reports,
             public.review_json(r, auth.uid(), true) || jsonb_build_object(
               'item', jsonb_build_object('id', ci.id, 'slug', ci.slug, 'title', ci.title, 'content_type', ci.content_type),
               'author_since', (select u.created_at from auth.users u where u.id = r.user_id),
               'reports', coalesce((select jsonb_agg(jsonb_build_object('reason', p.reason, 'note', p.note, 'created_at', p.created_at)
                                                     order by p.created_at)
                                      from public.item_review_reports p where p.review_id = r.id and p.status = 'open'), '[]'::jsonb)
             ) as entry
      from public.item_reviews r
      join public.content_items ci on ci.id = r.content_id
      where r.status = 'pending'
         or exists (select 1 from public.item_review_reports p where p.review_id = r.id and p.status = 'open')
      order by r.status <> 'pending', r.created_at
      limit 200) q), '[]'::jsonb);
end $$;
revoke execute on function public.review_moderation_queue() from public, anon;
grant execute on function public.review_moderation_queue() to authenticated;

-- The published reviews of published items, for what the server writes itself: structured data
-- in the pages and the open-data dumps. Public fields only (review_json without the reader's
-- marks), most helpful first, at most _per_item an item (all without it). Never for the Data API.
create or replace function public.public_item_reviews(_content_ids uuid[], _per_item integer default null)
returns table (content_id uuid, rating jsonb, reviews jsonb)
language plpgsql stable security definer set search_path = '' as $$
begin
  -- plpgsql for the same reason as review_json: every detail page's first answer calls it
  return query
  select ci.id,
         public.item_rating_json(ci.id),
         coalesce((
           select jsonb_agg(public.review_json(r, null, false) - 'marked_helpful' - 'is_own' #- '{reply,is_own}'
                            order by r.helpful_count desc, r.created_at desc, r.id)
           from (select r.* from public.item_reviews r
                  where r.content_id = ci.id and r.status = 'published'
                  order by r.helpful_count desc, r.created_at desc, r.id
                  limit _per_item) r), '[]'::jsonb)
  from public.content_items ci
  where ci.id = any (_content_ids) and ci.status = 'published'
    and exists (select 1 from public.item_reviews r where r.content_id = ci.id and r.status = 'published');
end $$;
revoke execute on function public.public_item_reviews(uuid[], integer) from public, anon, authenticated;
