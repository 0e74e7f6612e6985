-- The facet values of a browse row, inlined into the statements that count them.
--
-- facet_values_of carried a SET clause (search_path), and a function with one is never inlined:
-- the facet counts' statement triggers called it once per row. Without it the planner expands the
-- body in place (its one name outside pg_catalog's reach is qualified): counting the facets of the
-- 100,210-row discovery bench catalog took 1.0–1.4 s through the call and 0.34 s inlined, which
-- is what a 100,000-row import's browse index insert pays in its trigger. Same rows, same values.
create or replace function public.facet_values_of(
  content_type text, domain_slugs text[], features text[], organization_size text, year integer
) returns table (facet text, value text)
language sql immutable as $$
  select 'total', ''
  union all select 'content_types', content_type
  union all select 'domains', d from pg_catalog.unnest(domain_slugs) as d
  union all select 'features', f from pg_catalog.unnest(features) as f
  union all select 'organization_sizes', organization_size where organization_size is not null
  union all select 'years', year::text
$$;
