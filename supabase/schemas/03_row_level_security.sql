-- Row-level security on every table. The browser holds only the anon key or a user's JWT, so
-- these policies are the authorization of the Data API. Staff = moderators and admins (docs/product.md#roles).
-- Each table enables row-level security where it is created; the policies of the catalog and
-- account tables are here, after the role checks they call. Later areas keep theirs beside
-- their tables.

-- Defence in depth: visitors have no privileges at all on tables that hold people's data,
-- whatever a policy might say. The waitlist takes inserts only.
revoke all on public.user_profiles, public.user_roles, public.user_activity, public.user_saved_items,
  public.content_submissions, public.site_settings, public.waitlist_signups from anon;
grant insert on public.waitlist_signups to anon;

-- Reference data: everyone reads; staff write (the taxonomy is admin-only).
create policy "organizations are public" on public.organizations for select using (true);

create policy "staff manage organizations" on public.organizations for all to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));

create policy "people are public" on public.people for select using (true);

create policy "staff manage people" on public.people for all to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));

create policy "domains are public" on public.scientific_domains for select using (true);

create policy "admins manage domains" on public.scientific_domains for all to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

-- Content: published rows are public; staff see and manage everything.
create policy "published items are public" on public.content_items for select
  using (status = 'published' or (select public.is_staff()));

create policy "staff manage items" on public.content_items for all to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));

create policy "software of published items is public" on public.software for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
         or (select public.is_staff()));

create policy "staff manage software" on public.software for all to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));

create policy "papers of published items are public" on public.papers for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
         or (select public.is_staff()));

create policy "staff manage papers" on public.papers for all to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));

create policy "companies of published items are public" on public.companies for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
         or (select public.is_staff()));

create policy "staff manage companies" on public.companies for all to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));

create policy "agents of published items are public" on public.agents for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
         or (select public.is_staff()));

create policy "staff manage agents" on public.agents for all to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));

create policy "people of published items are public" on public.content_people for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
         or (select public.is_staff()));

create policy "staff manage content people" on public.content_people for all to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));

create policy "domains of published items are public" on public.content_domains for select
  using (exists (select 1 from public.content_items ci where ci.id = content_id and ci.status = 'published')
         or (select public.is_staff()));

create policy "staff manage content domains" on public.content_domains for all to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));

-- Profiles: your own, or staff. Verification is decided by admins (guard trigger below).
create policy "read own profile" on public.user_profiles for select to authenticated
  using (id = (select auth.uid()) or (select public.is_staff()));

create policy "create own profile" on public.user_profiles for insert to authenticated
  with check (id = (select auth.uid()));

create policy "update own profile" on public.user_profiles for update to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()))
  with check (id = (select auth.uid()) or (select public.is_admin()));

create policy "read own roles" on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "admins manage roles" on public.user_roles for all to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

create policy "read own activity" on public.user_activity for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "record own activity" on public.user_activity for insert to authenticated
  with check (user_id = (select auth.uid()) and actor = 'user');

create policy "anyone joins the waitlist" on public.waitlist_signups for insert to anon, authenticated
  with check (true);

create policy "admins read the waitlist" on public.waitlist_signups for select to authenticated
  using ((select public.is_admin()));

create policy "admins manage the waitlist" on public.waitlist_signups for delete to authenticated
  using ((select public.is_admin()));

-- A save is made or removed, never changed: moving a save to another item would leave the first
-- item's save_count and trending score raised (the counts follow inserts and deletes). Only a
-- published item can be saved, and a draft is refused as an id that does not exist is.
revoke update on public.user_saved_items from authenticated;

create policy "read own saved items" on public.user_saved_items for select to authenticated
  using (user_id = (select auth.uid()));

create policy "save published items" on public.user_saved_items for insert to authenticated
  with check (user_id = (select auth.uid())
              and exists (select 1 from public.content_items ci
                          where ci.id = content_id and ci.status = 'published'));

create policy "remove own saved items" on public.user_saved_items for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "read own or review submissions" on public.content_submissions for select to authenticated
  using (submitter_id = (select auth.uid()) or (select public.is_staff()));

create policy "submit as yourself" on public.content_submissions for insert to authenticated
  with check (submitter_id = (select auth.uid()) and status = 'pending'
              and reviewed_by is null and reviewed_at is null and content_id is null);

create policy "admins manage settings" on public.site_settings for all to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
