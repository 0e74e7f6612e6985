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
