-- Maintainers and reviews (docs/product.md#reviews): the item's maintainer replies to its
-- published reviews (item_review_replies, 19_reviews.sql) and is e-mailed when one is published.

-- The caller, who must be able to sign a reply: signed in, e-mail confirmed, a name on their
-- profile (replies are signed, as reviews are).
create or replace function public.review_reply_author() returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to reply to a review' using errcode = '42501';
  end if;
  if not exists (select 1 from auth.users u where u.id = caller and u.email_confirmed_at is not null) then
    raise exception 'Confirm your e-mail address before replying to a review' using errcode = '42501';
  end if;
  if not exists (select 1 from public.user_profiles p where p.id = caller
                 and public.profile_signed_name(p) is not null) then
    raise exception 'Add your name to your profile before replying: replies are signed' using errcode = '42501';
  end if;
  return caller;
end $$;
revoke execute on function public.review_reply_author() from public, anon, authenticated;

-- A reply's text from what was sent: plain text, 1 to 2,000 characters once trimmed, without
-- control or text-direction characters. Every refusal names the rule (22023).
create or replace function public.review_reply_text(_text text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  body text := btrim(replace(coalesce(_text, ''), E'\r\n', E'\n'), E' \t\n\r');
begin
  if body ~ '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]' then
    raise exception 'text may not contain control or text-direction characters' using errcode = '22023';
  end if;
  if public.review_text_length(body) = 0 then
    raise exception 'text is required: 1 to 2,000 characters' using errcode = '22023';
  end if;
  if char_length(body) > 2000 then
    raise exception 'text must be at most 2,000 characters' using errcode = '22023';
  end if;
  return body;
end $$;
revoke execute on function public.review_reply_text(text) from public, anon, authenticated;

-- The maintainer's one reply to a published review of their item. Anything but a published
-- review of a published item is "not found", so nobody learns of reviews they cannot read.
create or replace function public.reply_to_review(_review_id uuid, _text text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := public.review_reply_author();
  review public.item_reviews;
  reply_text text;
begin
  select r.* into review from public.item_reviews r
   join public.content_items ci on ci.id = r.content_id and ci.status = 'published'
   where r.id = _review_id and r.status = 'published'
   for update of r;
  if not found then
    raise exception 'Review not found' using errcode = 'PT404';
  end if;
  if not public.is_item_maintainer(caller, review.content_id) then
    raise exception 'Only the item''s maintainer can reply to its reviews' using errcode = '42501';
  end if;
  if review.user_id = caller then
    raise exception 'You cannot reply to your own review' using errcode = '42501';
  end if;
  if exists (select 1 from public.item_review_replies rr where rr.review_id = review.id) then
    raise exception 'This review already has a reply: edit it instead' using errcode = '23505';
  end if;
  reply_text := public.review_reply_text(_text);
  perform public.review_rate_limit('reply');
  insert into public.item_review_replies (review_id, author_id, body) values (review.id, caller, reply_text);
  return jsonb_build_object('review_id', review.id, 'status', 'published');
end $$;
revoke execute on function public.reply_to_review(uuid, text) from public, anon;
grant execute on function public.reply_to_review(uuid, text) to authenticated;

-- The reply's author edits it while they maintain the item (an edit speaks for the item). A
-- hidden reply stays as the moderator left it.
create or replace function public.edit_review_reply(_review_id uuid, _text text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := public.review_reply_author();
  reply public.item_review_replies;
  item uuid;
  reply_text text;
begin
  select rr.* into reply from public.item_review_replies rr
   where rr.review_id = _review_id and rr.author_id = caller for update;
  if not found then
    raise exception 'Reply not found' using errcode = 'PT404';
  end if;
  select r.content_id into item from public.item_reviews r where r.id = reply.review_id;
  if not public.is_item_maintainer(caller, item) then
    raise exception 'Only the item''s maintainer can edit its replies' using errcode = '42501';
  end if;
  if reply.status = 'hidden' then
    raise exception 'A hidden reply cannot be edited' using errcode = '55000';
  end if;
  reply_text := public.review_reply_text(_text);
  perform public.review_rate_limit('reply');
  update public.item_review_replies rr set body = reply_text, edited_at = now()
   where rr.review_id = reply.review_id;
  return jsonb_build_object('review_id', reply.review_id, 'status', reply.status);
end $$;
revoke execute on function public.edit_review_reply(uuid, text) from public, anon;
grant execute on function public.edit_review_reply(uuid, text) to authenticated;

-- The reply's author deletes it, maintainer or not any more; a hidden one stays for the moderators.
create or replace function public.delete_review_reply(_review_id uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  caller uuid := auth.uid();
  reply_status text;
begin
  if caller is null then
    raise exception 'Sign in to delete your reply' using errcode = '42501';
  end if;
  select rr.status into reply_status from public.item_review_replies rr
   where rr.review_id = _review_id and rr.author_id = caller for update;
  if reply_status is null then
    raise exception 'Reply not found' using errcode = 'PT404';
  end if;
  if reply_status = 'hidden' then
    raise exception 'A hidden reply cannot be deleted: a moderator decides on it' using errcode = '55000';
  end if;
  delete from public.item_review_replies rr where rr.review_id = _review_id and rr.author_id = caller;
end $$;
revoke execute on function public.delete_review_reply(uuid) from public, anon;
grant execute on function public.delete_review_reply(uuid) to authenticated;

-- A moderator hides a reply (with a reason its author sees) or shows it again. Nobody decides on
-- their own reply.
create or replace function public.moderate_review_reply(_review_id uuid, _decision text, _reason text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  reason text := nullif(btrim(coalesce(_reason, '')), '');
  next_status text;
  reply public.item_review_replies;
begin
  perform public.admin_assert_staff();
  next_status := case _decision when 'hide' then 'hidden' when 'restore' then 'published' end;
  if next_status is null then
    raise exception 'decision must be hide or restore' using errcode = '22023';
  end if;
  if next_status = 'hidden' and reason is null then
    raise exception 'A reason is required: the author will see it' using errcode = '22023';
  end if;
  if char_length(reason) > 1000 then
    raise exception 'The reason must be at most 1,000 characters' using errcode = '22023';
  end if;
  if exists (select 1 from public.item_review_replies rr where rr.review_id = _review_id and rr.author_id = auth.uid()) then
    raise exception 'Another moderator decides on your own reply' using errcode = '42501';
  end if;
  update public.item_review_replies rr set
    status = next_status,
    status_reason = case when next_status = 'hidden' then reason end,
    status_changed_at = case when rr.status <> next_status then now() else rr.status_changed_at end
  where rr.review_id = _review_id
  returning rr.* into reply;
  if not found then
    raise exception 'Reply not found' using errcode = 'PT404';
  end if;
  perform public.admin_record(case _decision when 'hide' then 'review_reply_hidden' else 'review_reply_restored' end,
    jsonb_build_object('review_id', reply.review_id, 'reason', reason));
  return jsonb_build_object('review_id', reply.review_id, 'status', reply.status);
end $$;
revoke execute on function public.moderate_review_reply(uuid, text, text) from public, anon;
grant execute on function public.moderate_review_reply(uuid, text, text) to authenticated;

-- The first time a review is published (at once or by a moderator), in its transaction: mark it,
-- and queue an e-mail to the item's maintainer when they have reviews e-mailed at once
-- (docs/product.md#notification-email), unless they wrote the review or published it themselves.
create or replace function public.queue_maintained_item_review_notification() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  maintainer uuid;
begin
  if new.status <> 'published' or new.first_published_at is not null then
    return new;
  end if;
  new.first_published_at := now();
  select c.claimant_id into maintainer from public.item_claims c
   where c.content_id = new.content_id and c.status = 'approved';
  if maintainer is null or maintainer = new.user_id or maintainer is not distinct from auth.uid() then
    return new;
  end if;
  -- the mail is the maintainer's notification of the review when they have reviews e-mailed at
  -- once (25_notification_events.sql writes the notification)
  if public.notification_email_delivery(
       (select p.notification_preferences from public.user_profiles p where p.id = maintainer), 'reviews') <> 'instant' then
    return new;
  end if;
  insert into public.notification_outbox (recipient_id, kind, payload)
  select maintainer, 'maintained_item_reviewed', jsonb_build_object(
    'review_id', new.id, 'title', ci.title, 'content_type', ci.content_type, 'slug', ci.slug,
    'rating', new.rating,
    'reviewer', coalesce(public.profile_signed_name(p), 'A SciAI member'))
  from public.content_items ci
  left join public.user_profiles p on p.id = new.user_id
  where ci.id = new.content_id and ci.status = 'published';
  return new;
end $$;
revoke execute on function public.queue_maintained_item_review_notification() from public, anon, authenticated;

create trigger item_reviews_maintainer_notification before insert or update of status on public.item_reviews
  for each row execute function public.queue_maintained_item_review_notification();
