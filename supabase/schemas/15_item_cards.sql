-- Each item's card as search pages, saved lists and the quick view show it, kept ready so that a
-- page's cards are one primary-key read each (docs/decisions/0063-search-cards-kept-ready.md),
-- instead of a join of eight tables building some 35 keys per card on every first run. Counters
-- are in it too and exact: a view or a save already refreshes the item's browse row, and the card
-- with it. A narrow table of its own: content_search's heap rows are read for every text match
-- when the facets are counted, and a kilobyte of card in each would slow every search.
create table public.item_card_ready (
  content_id uuid primary key references public.content_items (id) on delete cascade,
  published boolean not null,
  card jsonb not null
);
alter table public.item_card_ready enable row level security;
revoke all on public.item_card_ready from anon, authenticated;

-- Rebuilds the ready cards of the given items from the item, its type's row, its organization,
-- its fields and its browse row (browse-health signals). Called at the end of
-- refresh_content_search, which every change to any of those goes through (bulk imports, seeds
-- and harvests call it once for all they wrote). A card that did not change is not written.
create or replace function public.refresh_item_cards(item_ids uuid[]) returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.item_card_ready as r (content_id, published, card)
  select ci.id, ci.status = 'published', jsonb_build_object(
      'id', ci.id, 'slug', ci.slug, 'title', ci.title, 'content_type', ci.content_type,
      'short_description', coalesce(nullif(ci.short_description, ''), left(ci.description, 200)),
      'url', ci.url, 'verified', ci.verified, 'featured', ci.featured,
      'view_count', ci.view_count, 'save_count', ci.save_count, 'trending_score', ci.trending_score,
      'year', ci.year, 'created_at', ci.created_at, 'tags', ci.tags,
      'key_features', ci.key_features, 'competitive_advantages', ci.competitive_advantages,
      -- the item's own fields, primary first (its browse row also holds the fields above them)
      'domains', coalesce(own.slugs, '{}'),
      'organization', case when o.id is null then null
                      else jsonb_build_object('name', o.name, 'type', o.type, 'size', o.size) end,
      'pricing_model', coalesce(s.pricing_model, a.pricing_model),
      'open_source', coalesce(s.open_source, a.open_source),
      -- docs/product.md#facts: 'Source available' where the licence is on the SPDX list but not
      -- OSI-approved; null (no claim) for no licence or one the list does not know
      'license_status', coalesce(s.license_status, a.license_status),
      'api_available', s.api_available,
      'journal_name', pa.journal_name,
      'peer_reviewed', pa.peer_reviewed,
      -- docs/product.md#facts: stars and citations from the enrich signals, each with its source
      -- and date; a company's funding stage and size only with their date and source
      'figures', coalesce(fig.figures, '{}'::jsonb),
      'funding_stage', case when co.funding_stage_as_of is not null and co.funding_stage_source is not null
                         then co.funding_stage end,
      'funding_stage_as_of', co.funding_stage_as_of,
      'funding_stage_source', co.funding_stage_source,
      'employee_count', case when co.employee_count_as_of is not null and co.employee_count_source is not null
                          then co.employee_count end,
      'employee_count_as_of', co.employee_count_as_of,
      'employee_count_source', co.employee_count_source,
      'model_type', a.model_type,
      'interaction_mode', a.interaction_mode,
      -- docs/product.md#browse-health: what the signal sorts and filters read, and the card's mark
      'citations', cs.citations,
      'stars', cs.stars,
      'active_at', cs.active_at,
      'archived', cs.archived,
      'link_health', cs.link_health,
      -- docs/product.md#browse-cards: the published reviews' rating, the verified reviewers' apart
      -- from the others; null when the item has none (no zeros to show)
      'rating', public.rating_json(rt.verified_count, rt.verified_average, rt.rating_score, rt.other_count,
                                   rt.other_average))
  from public.content_items ci
  join public.content_search cs on cs.content_id = ci.id
  left join public.organizations o on o.id = ci.organization_id
  left join public.software s on s.content_id = ci.id
  left join public.papers pa on pa.content_id = ci.id
  left join public.companies co on co.content_id = ci.id
  left join public.agents a on a.content_id = ci.id
  left join public.item_figures(item_ids) fig on fig.content_id = ci.id
  left join public.item_ratings rt on rt.content_id = ci.id
  left join (
    select cd.content_id, array_agg(d.slug order by cd.is_primary desc, d.slug) as slugs
    from public.content_domains cd join public.scientific_domains d on d.id = cd.domain_id
    where cd.content_id = any (item_ids)
    group by cd.content_id) own on own.content_id = ci.id
  where ci.id = any (item_ids)
  on conflict (content_id) do update set published = excluded.published, card = excluded.card
  where (r.published, r.card) is distinct from (excluded.published, excluded.card);
end $$;
revoke execute on function public.refresh_item_cards(uuid[]) from public, anon, authenticated;

-- A company's funding stage and size are on its card only: its row refreshes the item like the
-- other type tables' rows do.
create trigger companies_search_insert after insert on public.companies
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();

create trigger companies_search_update after update on public.companies
  referencing new table as new_rows for each statement execute function public.refresh_search_from_details();

