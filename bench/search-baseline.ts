/**
 * The naive baseline the search bench measures the product against, and the unique searches it
 * sends to both. The baseline is what a search written without this product's rules would cost
 * on the same database: `websearch_to_tsquery` on the one GIN index of the browse rows, the same
 * filters, a page of 20 ranked by `ts_rank_cd`, a `count(*)` and one `group by` facet — no typo
 * tolerance, no name match, no self-excluding facets, no cache.
 */
import { CONTENT_TYPES, DOMAIN_SLUGS, ORGANIZATION_SIZES, type SearchItemsArgs } from '@sciai/core';
import {
  BRAND_HEADS,
  BRAND_TAILS,
  FIELDS,
  GENERAL_TAGS,
  METHODS,
  TASKS,
  TOOL_NOUNS,
} from '../core/src/catalog/synthetic-vocabulary.ts';
import { mulberry32, pick, type Random } from '../core/src/catalog/seeded-random.ts';

/** The body of one `search_items` call as the web app sends it, ranked by relevance. */
export type SearchBody = SearchItemsArgs & { sort_by: 'relevance' };

const FEATURE_FILTERS = ['verified', 'competitive', 'enterprise', 'peer_reviewed', 'open_source', 'free_tier'];
const THIS_YEAR = new Date().getUTCFullYear();

/** Words and phrases people type: the synthetic catalog's subjects, methods, tasks and names. */
function searchTerms(): string[] {
  const phrases = [
    ...Object.values(FIELDS).flatMap((field) => [...field.subjects, ...field.tags]),
    ...METHODS,
    ...TASKS,
    ...TOOL_NOUNS,
    ...GENERAL_TAGS,
  ].map((phrase) => phrase.toLowerCase());
  const words = phrases.flatMap((phrase) => phrase.split(/\s+/)).filter((word) => word.length > 3);
  const names = BRAND_HEADS.flatMap((head) => BRAND_TAILS.map((tail) => `${head}${tail}`.toLowerCase()));
  return [...new Set([...phrases, ...words, ...names])];
}

function someOf(random: Random, list: readonly string[], max: number): string[] {
  const count = 1 + Math.floor(random() * max);
  return [...new Set(Array.from({ length: count }, () => pick(random, list)))].sort();
}

/**
 * `count` searches, no two alike (text and filters), the same list on every run: a term, and
 * each filter in use with the odds a browsing visitor gives it. The web app always sends the
 * year range's upper end, and a lower end now and then.
 */
export function uniqueSearchBodies(count: number, seed = 20261127): SearchBody[] {
  const random = mulberry32(seed);
  const terms = searchTerms();
  const seen = new Set<string>();
  const bodies: SearchBody[] = [];
  while (bodies.length < count) {
    const body: SearchBody = {
      search: pick(random, terms),
      domains: random() < 0.4 ? someOf(random, DOMAIN_SLUGS, 2) : [],
      content_types: random() < 0.4 ? someOf(random, CONTENT_TYPES, 1) : [],
      features: random() < 0.3 ? someOf(random, FEATURE_FILTERS, 1) : [],
      organization_sizes: random() < 0.2 ? someOf(random, ORGANIZATION_SIZES, 2) : [],
      ...(random() < 0.15 ? { year_from: 2015 + Math.floor(random() * 8) } : {}),
      year_to: THIS_YEAR,
      sort_by: 'relevance',
      page_offset: 0,
      page_size: 20,
    };
    const key = JSON.stringify(body);
    if (seen.has(key)) continue;
    seen.add(key);
    bodies.push(body);
  }
  return bodies;
}

/**
 * The baseline's one statement: the page of 20 (the columns a card shows, from the item row),
 * the total and the content-type facet. Empty filters filter nothing.
 */
export const NAIVE_SEARCH_SQL = `
with q as (select websearch_to_tsquery('english', $1) as query),
matches as (
  select cs.content_id, cs.content_type, cs.search_vector
  from public.content_search cs, q
  where cs.status = 'published' and cs.search_vector @@ q.query
    and (cardinality($2::text[]) = 0 or cs.domain_slugs && $2::text[])
    and (cardinality($3::text[]) = 0 or cs.content_type = any ($3::text[]))
    and (cardinality($4::text[]) = 0 or cs.features @> $4::text[])
    and (cardinality($5::text[]) = 0 or cs.organization_size = any ($5::text[]))
    and cs.year between coalesce($6::integer, -32768) and $7::integer
)
select
  (select count(*) from matches) as total,
  (select json_object_agg(content_type, n) from (
     select content_type, count(*) as n from matches group by content_type) g) as content_types,
  (select json_agg(p) from (
     select ci.id, ci.slug, ci.title, ci.content_type, ci.short_description, ci.tags, ci.view_count, ci.save_count
     from matches m join public.content_items ci on ci.id = m.content_id, q
     order by ts_rank_cd(m.search_vector, q.query) desc, ci.slug
     limit 20) p) as items`;

export function naiveSearchParams(body: SearchBody): unknown[] {
  return [
    body.search,
    body.domains,
    body.content_types,
    body.features,
    body.organization_sizes,
    body.year_from ?? null,
    body.year_to,
  ];
}
