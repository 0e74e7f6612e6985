-- Every change to a published item is a version (docs/product.md#item-history): who or what made
-- it, when, and the public fields it changed with their old and new values.
--
-- item_versions is THE record of what changed on an item. Whatever tells people about a change
-- (the History tab, the API, MCP, and notifications to an item's followers) reads it here, and
-- nothing else records changes: a new writer of the catalog needs no code of its own, the
-- triggers below see its writes.
--
-- What is recorded: the item's public facts (content_items' text, links and lists, the type
-- table's facts, the item's domains). Not recorded: columns derived from others (search_vector,
-- open_source, license_status, year), counters and scores (view_count, save_count,
-- trending_score), figures that keep their own dated history (github_stars and citation_count,
-- item_signal_history), status, editorial flags (verified, featured), metadata (internal marks),
-- timestamps, and the organisation (another record, with its own page of facts).
--
-- The item as it was first published is where its history starts, not a version: creating items
-- (imports, harvests, approved contributions, the catalog's load) adds no rows here, and
-- reverting to "version 0" restores the values before version 1.
create table public.item_versions (
  id bigint generated always as identity primary key,
  content_id uuid not null references public.content_items (id) on delete cascade,
  version integer not null check (version >= 1),
  changed_at timestamptz not null default now(),
  -- the signed-in user behind the change (never shown: the public reads give a public name only)
  actor_user_id uuid references auth.users (id) on delete set null,
  -- what made it: 'moderator', 'maintainer', 'user', 'system', 'harvest:<source>', 'import:<batch>',
  -- 'enrich:<source>', 'revert:<version>'
  actor text not null check (actor ~ '^[a-z]+(:[A-Za-z0-9_.-]{1,64})?$'),
  -- {field: {old, new}}, changed fields only
  changes jsonb not null check (jsonb_typeof(changes) = 'object' and changes <> '{}'),
  -- the writing transaction: its several row updates of one item make one version
  txid bigint not null default txid_current(),
  unique (content_id, version)
);
alter table public.item_versions enable row level security;
-- Staff read the rows (who made a change included); everyone else reads the public fields of a
-- published item's versions through item_history and item_version. Only the triggers and
-- revert_item_to_version write.
grant select on public.item_versions to authenticated;

create policy "staff read item versions" on public.item_versions for select to authenticated
  using ((select public.is_staff()));

-- Two versions of one transaction as one: each field's first old value and last new value; a field
-- changed back to where it started is no change.
create or replace function public.merge_item_changes(earlier jsonb, later jsonb) returns jsonb
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(jsonb_object_agg(x.k, jsonb_build_object('old', x.o, 'new', x.n)) filter (where x.o is distinct from x.n), '{}')
  from (
    select keys.k,
      case when earlier ? keys.k then earlier -> keys.k -> 'old' else later -> keys.k -> 'old' end as o,
      case when later ? keys.k then later -> keys.k -> 'new' else earlier -> keys.k -> 'new' end as n
    from (select jsonb_object_keys(earlier) union select jsonb_object_keys(later)) as keys (k)
  ) x
$$;
revoke execute on function public.merge_item_changes(jsonb, jsonb) from public, anon, authenticated;

-- Records changes of one published item: a new version, or the transaction's own version amended.
-- The actor is what the writing function said (sciai.change_actor, transaction-local), else the
-- signed-in user's role (moderator for staff), else 'system' (the operator's SQL).
create or replace function public.record_item_change(_content_id uuid, _changes jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  tx bigint := txid_current();
  latest public.item_versions;
  merged jsonb;
  said text := nullif(current_setting('sciai.change_actor', true), '');
  said_user text := nullif(current_setting('sciai.change_actor_user', true), '');
  uid uuid := auth.uid();
begin
  -- one writer of an item's versions at a time: the next number is the latest's plus one
  perform 1 from public.content_items ci where ci.id = _content_id for no key update;
  select * into latest from public.item_versions v where v.content_id = _content_id order by v.version desc limit 1;
  if found and latest.txid = tx then
    merged := public.merge_item_changes(latest.changes, _changes);
    if merged = '{}' then
      delete from public.item_versions v where v.id = latest.id;
    else
      update public.item_versions v set changes = merged where v.id = latest.id;
    end if;
    return;
  end if;
  if said_user ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    uid := said_user::uuid;
  end if;
  insert into public.item_versions (content_id, version, actor_user_id, actor, changes, txid)
  values (_content_id, coalesce(latest.version, 0) + 1, uid,
    coalesce(said, case when auth.uid() is null then 'system' when public.is_staff() then 'moderator' else 'user' end),
    _changes, tx);
end $$;
revoke execute on function public.record_item_change(uuid, jsonb) from public, anon, authenticated;

-- A row of content_items or of a type table changed: the fields named in the trigger's arguments
-- (after the first, the column holding the item's id) that differ are recorded. The triggers fire
-- only for UPDATEs that set one of those columns, and their WHEN clauses let through only rows
-- where one really changed, so the catalog's other writes (counters, scores, the search index)
-- cost nothing here.
create or replace function public.record_item_version_row() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  o jsonb := to_jsonb(old);
  n jsonb := to_jsonb(new);
  item_id uuid := (n ->> tg_argv[0])::uuid;
  changes jsonb;
begin
  -- Only items published before this transaction: an item created or published now starts its
  -- history as it is when the transaction ends.
  if tg_table_name <> 'content_items' and not exists (
      select 1 from public.content_items ci
      where ci.id = item_id and ci.status = 'published' and ci.published_at < now()) then
    return null;
  end if;
  select jsonb_object_agg(f.name, jsonb_build_object('old', o -> f.name, 'new', n -> f.name)) into changes
  from unnest(tg_argv[1:]) as f (name)
  where o -> f.name is distinct from n -> f.name;
  if changes is not null then
    perform public.record_item_change(item_id, changes);
  end if;
  return null;
end $$;
revoke execute on function public.record_item_version_row() from public, anon, authenticated;

create trigger content_items_versions
  after update of title, short_description, description, url, tags, key_features, competitive_advantages
  on public.content_items for each row
  when (old.status = 'published' and new.status = 'published' and new.published_at < now()
    and (old.title is distinct from new.title or
        old.short_description is distinct from new.short_description or
        old.description is distinct from new.description or old.url is distinct from new.url or
        old.tags is distinct from new.tags or old.key_features is distinct from new.key_features or
        old.competitive_advantages is distinct from new.competitive_advantages))
  execute function public.record_item_version_row('id', 'title', 'short_description', 'description', 'url', 'tags',
    'key_features', 'competitive_advantages');

create trigger software_versions
  after update of pricing_model, github_url, api_available, license, programming_languages, first_release,
    weights_license, availability
  on public.software for each row
  when ((old.pricing_model is distinct from new.pricing_model or
        old.github_url is distinct from new.github_url or
        old.api_available is distinct from new.api_available or
        old.license is distinct from new.license or
        old.programming_languages is distinct from new.programming_languages or
        old.first_release is distinct from new.first_release or
        old.weights_license is distinct from new.weights_license or
        old.availability is distinct from new.availability))
  execute function public.record_item_version_row('content_id', 'pricing_model', 'github_url', 'api_available',
    'license', 'programming_languages', 'first_release', 'weights_license', 'availability');

create trigger papers_versions
  after update of abstract, doi, arxiv_id, pubmed_id, journal_name, volume, issue, pages, publication_date,
    peer_reviewed, open_access, keywords, research_goals, key_findings, methodology, limitations, future_work,
    authors_complete
  on public.papers for each row
  when ((old.abstract is distinct from new.abstract or old.doi is distinct from new.doi or
        old.arxiv_id is distinct from new.arxiv_id or
        old.pubmed_id is distinct from new.pubmed_id or
        old.journal_name is distinct from new.journal_name or
        old.volume is distinct from new.volume or old.issue is distinct from new.issue or
        old.pages is distinct from new.pages or
        old.publication_date is distinct from new.publication_date or
        old.peer_reviewed is distinct from new.peer_reviewed or
        old.open_access is distinct from new.open_access or
        old.keywords is distinct from new.keywords or
        old.research_goals is distinct from new.research_goals or
        old.key_findings is distinct from new.key_findings or
        old.methodology is distinct from new.methodology or
        old.limitations is distinct from new.limitations or
        old.future_work is distinct from new.future_work or
        old.authors_complete is distinct from new.authors_complete))
  execute function public.record_item_version_row('content_id', 'abstract', 'doi', 'arxiv_id', 'pubmed_id',
    'journal_name', 'volume', 'issue', 'pages', 'publication_date', 'peer_reviewed', 'open_access', 'keywords',
    'research_goals', 'key_findings', 'methodology', 'limitations', 'future_work', 'authors_complete');

create trigger companies_versions
  after update of business_model, moat, industry_focus, target_customers, traction_metrics, partnerships,
    awards_recognition, press_mentions, funding_stage, employee_count, founded_year, headquarters,
    funding_stage_as_of, funding_stage_source, employee_count_as_of, employee_count_source, headquarters_as_of,
    headquarters_source
  on public.companies for each row
  when ((old.business_model is distinct from new.business_model or old.moat is distinct from new.moat or
        old.industry_focus is distinct from new.industry_focus or
        old.target_customers is distinct from new.target_customers or
        old.traction_metrics is distinct from new.traction_metrics or
        old.partnerships is distinct from new.partnerships or
        old.awards_recognition is distinct from new.awards_recognition or
        old.press_mentions is distinct from new.press_mentions or
        old.funding_stage is distinct from new.funding_stage or
        old.employee_count is distinct from new.employee_count or
        old.founded_year is distinct from new.founded_year or
        old.headquarters is distinct from new.headquarters or
        old.funding_stage_as_of is distinct from new.funding_stage_as_of or
        old.funding_stage_source is distinct from new.funding_stage_source or
        old.employee_count_as_of is distinct from new.employee_count_as_of or
        old.employee_count_source is distinct from new.employee_count_source or
        old.headquarters_as_of is distinct from new.headquarters_as_of or
        old.headquarters_source is distinct from new.headquarters_source))
  execute function public.record_item_version_row('content_id', 'business_model', 'moat', 'industry_focus',
    'target_customers', 'traction_metrics', 'partnerships', 'awards_recognition', 'press_mentions', 'funding_stage',
    'employee_count', 'founded_year', 'headquarters', 'funding_stage_as_of', 'funding_stage_source',
    'employee_count_as_of', 'employee_count_source', 'headquarters_as_of', 'headquarters_source');

create trigger agents_versions
  after update of model_type, specialization, interaction_mode, capabilities, integration_options, pricing_model,
    license, first_release, weights_license, availability
  on public.agents for each row
  when ((old.model_type is distinct from new.model_type or
        old.specialization is distinct from new.specialization or
        old.interaction_mode is distinct from new.interaction_mode or
        old.capabilities is distinct from new.capabilities or
        old.integration_options is distinct from new.integration_options or
        old.pricing_model is distinct from new.pricing_model or
        old.license is distinct from new.license or
        old.first_release is distinct from new.first_release or
        old.weights_license is distinct from new.weights_license or
        old.availability is distinct from new.availability))
  execute function public.record_item_version_row('content_id', 'model_type', 'specialization', 'interaction_mode',
    'capabilities', 'integration_options', 'pricing_model', 'license', 'first_release', 'weights_license',
    'availability');

-- An item's domains as its history writes them: slugs, the primary one first.
create or replace function public.item_domain_slugs(_content_id uuid) returns jsonb
language sql stable set search_path = '' as $$
  select coalesce(jsonb_agg(d.slug order by cd.is_primary desc, d.slug), '[]')
  from public.content_domains cd join public.scientific_domains d on d.id = cd.domain_id
  where cd.content_id = _content_id
$$;
revoke execute on function public.item_domain_slugs(uuid) from public, anon, authenticated;

-- The domains of published items changed (a statement: an edit deletes, updates and inserts
-- links in three). What the item had before the statement is what it has now with this
-- statement's rows put back. Asleep in bulk mode (the catalog's load, 01_catalog.sql), which only
-- creates items; imports and harvests write links with row triggers off.
create or replace function public.record_item_domains_version() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  row record;
begin
  if public.import_bulk_load_active() then
    return null;
  end if;
  if tg_op = 'INSERT' then
    for row in
      select t.content_id, public.item_domain_slugs(t.content_id) as after,
        (select coalesce(jsonb_agg(d.slug order by x.is_primary desc, d.slug), '[]')
         from (select cd.domain_id, cd.is_primary from public.content_domains cd where cd.content_id = t.content_id
               except select n.domain_id, n.is_primary from new_rows n where n.content_id = t.content_id) x
         join public.scientific_domains d on d.id = x.domain_id) as before
      from (select distinct n.content_id from new_rows n) t
      join public.content_items ci on ci.id = t.content_id and ci.status = 'published' and ci.published_at < now()
    loop
      if row.before is distinct from row.after then
        perform public.record_item_change(row.content_id,
          jsonb_build_object('domains', jsonb_build_object('old', row.before, 'new', row.after)));
      end if;
    end loop;
  elsif tg_op = 'UPDATE' then
    for row in
      select t.content_id, public.item_domain_slugs(t.content_id) as after,
        (select coalesce(jsonb_agg(d.slug order by x.is_primary desc, d.slug), '[]')
         from ((select cd.domain_id, cd.is_primary from public.content_domains cd where cd.content_id = t.content_id
                except select n.domain_id, n.is_primary from new_rows n where n.content_id = t.content_id)
               union select o.domain_id, o.is_primary from old_rows o where o.content_id = t.content_id) x
         join public.scientific_domains d on d.id = x.domain_id) as before
      from (select distinct n.content_id from new_rows n) t
      join public.content_items ci on ci.id = t.content_id and ci.status = 'published' and ci.published_at < now()
    loop
      if row.before is distinct from row.after then
        perform public.record_item_change(row.content_id,
          jsonb_build_object('domains', jsonb_build_object('old', row.before, 'new', row.after)));
      end if;
    end loop;
  else
    for row in
      select t.content_id, public.item_domain_slugs(t.content_id) as after,
        (select coalesce(jsonb_agg(d.slug order by x.is_primary desc, d.slug), '[]')
         from (select cd.domain_id, cd.is_primary from public.content_domains cd where cd.content_id = t.content_id
               union select o.domain_id, o.is_primary from old_rows o where o.content_id = t.content_id) x
         join public.scientific_domains d on d.id = x.domain_id) as before
      from (select distinct o.content_id from old_rows o) t
      join public.content_items ci on ci.id = t.content_id and ci.status = 'published' and ci.published_at < now()
    loop
      if row.before is distinct from row.after then
        perform public.record_item_change(row.content_id,
          jsonb_build_object('domains', jsonb_build_object('old', row.before, 'new', row.after)));
      end if;
    end loop;
  end if;
  return null;
end $$;
revoke execute on function public.record_item_domains_version() from public, anon, authenticated;

create trigger content_domains_versions_insert after insert on public.content_domains
  referencing new table as new_rows for each statement execute function public.record_item_domains_version();
create trigger content_domains_versions_update after update on public.content_domains
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.record_item_domains_version();
create trigger content_domains_versions_delete after delete on public.content_domains
  referencing old table as old_rows for each statement execute function public.record_item_domains_version();

-- One version as the public reads it: never the account behind it, only a maintainer's or a
-- user's public name (as the item names its maintainer), and the changes when asked for.
create or replace function public.item_version_json(v public.item_versions, with_changes boolean) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'version', v.version,
    'changed_at', v.changed_at,
    'actor', v.actor,
    'actor_name', case when v.actor in ('maintainer', 'user') then public.maintainer_name(v.actor_user_id) end,
    'fields', (select coalesce(jsonb_agg(k order by k), '[]') from jsonb_object_keys(v.changes) k))
    || case when with_changes then jsonb_build_object('changes', v.changes) else '{}'::jsonb end
$$;
revoke execute on function public.item_version_json(public.item_versions, boolean) from public, anon, authenticated;

-- The item a history is read for: published, by slug (null for anything else, however odd).
create or replace function public.history_item(_slug text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', ci.id, 'slug', ci.slug, 'title', ci.title, 'content_type', ci.content_type,
    'published_at', ci.published_at, 'latest', coalesce(
      (select v.version from public.item_versions v where v.content_id = ci.id order by v.version desc limit 1), 0))
  from public.content_items ci
  where char_length(_slug) <= 100 and ci.slug = _slug and ci.status = 'published'
$$;
revoke execute on function public.history_item(text) from public, anon, authenticated;

-- A published item's versions, newest first, 20 a page: who or what, when, which fields. Null
-- when no published item has the slug.
create or replace function public.item_history(_slug text, _page integer default 1) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  item jsonb := public.history_item(_slug);
  page integer := least(greatest(coalesce(_page, 1), 1), 100000);
begin
  if item is null then
    return null;
  end if;
  return jsonb_build_object(
    'item', item,
    'total', item -> 'latest',
    'page', page,
    'page_size', 20,
    'versions', coalesce((
      select jsonb_agg(public.item_version_json(v, false) order by v.version desc)
      from (select * from public.item_versions x where x.content_id = (item ->> 'id')::uuid
            order by x.version desc offset (page - 1) * 20 limit 20) v), '[]'));
end $$;
revoke execute on function public.item_history(text, integer) from public;
grant execute on function public.item_history(text, integer) to anon, authenticated;

-- One version of a published item with its changes (field: old and new value). Null when the
-- item or the version is not there.
create or replace function public.item_version(_slug text, _version integer) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  item jsonb := public.history_item(_slug);
  found_version jsonb;
begin
  if item is null then
    return null;
  end if;
  select public.item_version_json(v, true) into found_version
  from public.item_versions v where v.content_id = (item ->> 'id')::uuid and v.version = _version;
  if found_version is null then
    return null;
  end if;
  return jsonb_build_object('item', item, 'version', found_version);
end $$;
revoke execute on function public.item_version(text, integer) from public;
grant execute on function public.item_version(text, integer) to anon, authenticated;

-- Fields a maintainer may revert: those they edit without a moderator (maintainer_update_item).
create or replace function public.maintainer_revertible_fields() returns text[]
language sql immutable set search_path = '' as $$
  select array['short_description', 'description', 'key_features', 'pricing_model']
$$;
revoke execute on function public.maintainer_revertible_fields() from public, anon, authenticated;

-- Puts an item back as it was right after a version (0: as first published). The values are
-- the old values of the first later version that changed each field; the revert is a new version
-- ('revert:<version>'). Admins revert every field; the item's maintainer only the fields they may
-- edit without review, and learns which were left as they are.
create or replace function public.revert_item_to_version(_content_id uuid, _version integer) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  as_admin boolean := coalesce(public.is_admin(), false);
  item public.content_items;
  latest integer;
  target jsonb;
  now_values jsonb;
  patch jsonb;
  restored text[];
  skipped text[];
  sw public.software;
  pa public.papers;
  co public.companies;
  ag public.agents;
begin
  if not as_admin and (auth.uid() is null or not public.is_item_maintainer(auth.uid(), _content_id)) then
    raise exception 'Only an admin or the item''s maintainer can revert it' using errcode = '42501';
  end if;
  select * into item from public.content_items ci where ci.id = _content_id for update;
  if not found or item.status <> 'published' then
    raise exception 'Item not found' using errcode = 'PT404';
  end if;
  select max(v.version) into latest from public.item_versions v where v.content_id = _content_id;
  if _version is null or _version < 0 or _version > coalesce(latest, -1) then
    raise exception 'Version not found' using errcode = 'PT404';
  end if;

  -- each field changed after the version, at its value then
  select coalesce(jsonb_object_agg(x.k, x.value), '{}') into target
  from (select distinct on (c.key) c.key as k, c.value -> 'old' as value
        from public.item_versions v, jsonb_each(v.changes) c
        where v.content_id = _content_id and v.version > _version
        order by c.key, v.version) x;
  now_values := to_jsonb(item)
    || coalesce(case item.content_type
         when 'software' then (select to_jsonb(s) from public.software s where s.content_id = _content_id)
         when 'paper' then (select to_jsonb(p) from public.papers p where p.content_id = _content_id)
         when 'company' then (select to_jsonb(c) from public.companies c where c.content_id = _content_id)
         when 'agent' then (select to_jsonb(a) from public.agents a where a.content_id = _content_id) end, '{}')
    || jsonb_build_object('domains', public.item_domain_slugs(_content_id));
  select coalesce(array_agg(k order by k) filter (where as_admin or k = any (public.maintainer_revertible_fields())), '{}'),
         coalesce(array_agg(k order by k) filter (where not as_admin and k <> all (public.maintainer_revertible_fields())), '{}')
    into restored, skipped
  from jsonb_object_keys(target) k
  where target -> k is distinct from now_values -> k;
  if cardinality(restored) = 0 then
    return jsonb_build_object('version', null, 'restored', '[]'::jsonb, 'skipped', to_jsonb(skipped));
  end if;
  patch := (select jsonb_object_agg(k, target -> k) from unnest(restored) k);

  perform set_config('sciai.change_actor', 'revert:' || _version, true);
  perform set_config('sciai.change_actor_user', '', true);
  item := jsonb_populate_record(item, patch);
  if patch ?| array['title', 'short_description', 'description', 'url', 'tags', 'key_features', 'competitive_advantages'] then
  update public.content_items ci set title = item.title, short_description = item.short_description,
    description = item.description, url = item.url, tags = item.tags, key_features = item.key_features,
    competitive_advantages = item.competitive_advantages
  where ci.id = _content_id;
  end if;
  if item.content_type = 'software' then
    select * into sw from public.software s where s.content_id = _content_id;
    sw := jsonb_populate_record(sw, patch);
    update public.software s set pricing_model = sw.pricing_model, github_url = sw.github_url,
      api_available = sw.api_available, license = sw.license, programming_languages = sw.programming_languages,
      first_release = sw.first_release, weights_license = sw.weights_license, availability = sw.availability
    where s.content_id = _content_id;
  elsif item.content_type = 'paper' then
    select * into pa from public.papers p where p.content_id = _content_id;
    pa := jsonb_populate_record(pa, patch);
    update public.papers p set abstract = pa.abstract, doi = pa.doi, arxiv_id = pa.arxiv_id, pubmed_id = pa.pubmed_id,
      journal_name = pa.journal_name, volume = pa.volume, issue = pa.issue, pages = pa.pages,
      publication_date = pa.publication_date, peer_reviewed = pa.peer_reviewed, open_access = pa.open_access,
      keywords = pa.keywords, research_goals = pa.research_goals, key_findings = pa.key_findings,
      methodology = pa.methodology, limitations = pa.limitations, future_work = pa.future_work,
      authors_complete = pa.authors_complete
    where p.content_id = _content_id;
  elsif item.content_type = 'company' then
    select * into co from public.companies c where c.content_id = _content_id;
    co := jsonb_populate_record(co, patch);
    update public.companies c set business_model = co.business_model, moat = co.moat,
      industry_focus = co.industry_focus, target_customers = co.target_customers,
      traction_metrics = co.traction_metrics, partnerships = co.partnerships,
      awards_recognition = co.awards_recognition, press_mentions = co.press_mentions,
      funding_stage = co.funding_stage, employee_count = co.employee_count, founded_year = co.founded_year,
      headquarters = co.headquarters, funding_stage_as_of = co.funding_stage_as_of,
      funding_stage_source = co.funding_stage_source, employee_count_as_of = co.employee_count_as_of,
      employee_count_source = co.employee_count_source, headquarters_as_of = co.headquarters_as_of,
      headquarters_source = co.headquarters_source
    where c.content_id = _content_id;
  elsif item.content_type = 'agent' then
    select * into ag from public.agents a where a.content_id = _content_id;
    ag := jsonb_populate_record(ag, patch);
    update public.agents a set model_type = ag.model_type, specialization = ag.specialization,
      interaction_mode = ag.interaction_mode, capabilities = ag.capabilities,
      integration_options = ag.integration_options, pricing_model = ag.pricing_model, license = ag.license,
      first_release = ag.first_release, weights_license = ag.weights_license, availability = ag.availability
    where a.content_id = _content_id;
  end if;
  if patch ? 'domains' then
    -- (a domain removed from the taxonomy since is left out; an item keeps at least its others)
    delete from public.content_domains cd
    where cd.content_id = _content_id
      and cd.domain_id not in (select d.id from public.scientific_domains d
                               where d.slug in (select jsonb_array_elements_text(patch -> 'domains')));
    -- one primary domain at a time: the old one gives way first
    update public.content_domains cd set is_primary = false
    where cd.content_id = _content_id and cd.is_primary
      and cd.domain_id is distinct from (select d.id from public.scientific_domains d where d.slug = patch -> 'domains' ->> 0);
    insert into public.content_domains (content_id, domain_id, is_primary)
    select _content_id, d.id, s.ordinality = 1
    from jsonb_array_elements_text(patch -> 'domains') with ordinality as s (slug, ordinality)
    join public.scientific_domains d on d.slug = s.slug
    order by s.ordinality
    on conflict (content_id, domain_id) do update set is_primary = excluded.is_primary
    where public.content_domains.is_primary is distinct from excluded.is_primary;
  end if;
  update public.catalog_state set version = version + 1;
  if as_admin then
    perform public.admin_record('admin_item_reverted', jsonb_build_object(
      'content_id', _content_id, 'title', item.title, 'version', _version, 'fields', to_jsonb(restored)));
  end if;
  return jsonb_build_object(
    'version', (select max(v.version) from public.item_versions v where v.content_id = _content_id),
    'restored', to_jsonb(restored), 'skipped', to_jsonb(skipped));
end $$;
revoke execute on function public.revert_item_to_version(uuid, integer) from public, anon;
grant execute on function public.revert_item_to_version(uuid, integer) to authenticated;
