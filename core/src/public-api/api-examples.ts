/**
 * The public read API's examples: one list that the /api page shows (curl, supabase-js and a
 * sample answer), /api/openapi.json carries as its examples, and the integration suite sends to a
 * running backend (tests/integration/public-api.test.ts), so none of the three can drift.
 * Slugs are the hand-written catalog's (fixtures/catalog).
 */
export interface ApiExample {
  /** The operation it shows (an OpenAPI operationId). */
  operationId: string;
  title: string;
  summary: string;
  method: 'GET' | 'POST';
  /** From the site's origin: `/rest/v1/…` for the Data API, `/feed.xml` for a feed. */
  path: string;
  /** The JSON body of a POST (a function's named arguments). */
  body?: Record<string, unknown>;
  /** The supabase-js call that does the same (`supabase` being createClient(url, anonKey)). */
  supabaseJs: string;
  /** What the answer looks like, shortened (`…` where a list goes on). */
  sampleAnswer: string;
  /** The content type of the answer. */
  answerType: 'application/json' | 'application/atom+xml';
}

export const SEARCH_EXAMPLE_BODY = {
  search: 'protein structure',
  domains: ['biology'],
  content_types: ['software'],
  features: ['open_source'],
  organization_sizes: [],
  year_from: 2018,
  year_to: null,
  sort_by: 'most_saved',
  page_offset: 0,
  page_size: 5,
} as const;

export const API_EXAMPLES: readonly ApiExample[] = [
  {
    operationId: 'searchItems',
    title: 'Search',
    summary:
      'Full-text search with every browse filter, a sort and a page: the items, the total and the facet counts for the same filters.',
    method: 'POST',
    path: '/rest/v1/rpc/search_items',
    body: { ...SEARCH_EXAMPLE_BODY },
    supabaseJs: `const { data, error } = await supabase.rpc('search_items', {
  search: 'protein structure',
  domains: ['biology'],
  content_types: ['software'],
  features: ['open_source'],
  year_from: 2018,
  sort_by: 'most_saved',
  page_offset: 0,
  page_size: 5,
});`,
    sampleAnswer: `{
  "total": 3,
  "facets": { "content_types": { "software": 3 }, "domains": { "biology": 3 }, "features": { "open_source": 3 }, "organization_sizes": {}, "years": { "2021": 2 }, "operations": { "Protein structure prediction": 2 }, "input_data": { "Protein sequence": 1 } },
  "items": [
    { "slug": "alphafold", "title": "AlphaFold", "content_type": "software", "short_description": "…", "save_count": 120, "domains": ["biology"], … }
  ]
}`,
    answerType: 'application/json',
  },
  {
    operationId: 'searchItemsNextPage',
    title: 'Search: the next page',
    summary: 'Pages are page_size items (at most 100) from page_offset; the total says when to stop.',
    method: 'POST',
    path: '/rest/v1/rpc/search_items',
    body: { search: 'protein', sort_by: 'relevance', page_offset: 20, page_size: 20 },
    supabaseJs: `const { data } = await supabase.rpc('search_items', { search: 'protein', page_offset: 20, page_size: 20 });`,
    sampleAnswer: `{ "total": 41, "facets": { … }, "items": [ … 20 items … ] }`,
    answerType: 'application/json',
  },
  {
    operationId: 'itemDetails',
    title: 'Item details',
    summary:
      'Everything about published items by slug, with the fields of their type: software (pricing, licence, GitHub), paper (abstract, DOI, authors), company (funding, size) or agent (model, capabilities); stars and citations in figures, each with its source and date; the source records behind the item in sources, each with its licence, share-alike flag, credit and date.',
    method: 'POST',
    path: '/rest/v1/rpc/item_details',
    body: { slugs: ['alphafold-2-paper'] },
    supabaseJs: `const { data } = await supabase.rpc('item_details', { slugs: ['alphafold-2-paper'] });`,
    sampleAnswer: `[
  {
    "slug": "alphafold-2-paper", "title": "…", "content_type": "paper", "domains": [ { "slug": "biology", "is_primary": true, … } ],
    "paper": { "doi": "10.1038/…", "journal_name": "Nature", "authors": [ … ], … },
    "figures": { "citations": { "value": …, "source": "openalex", "as_of": "2026-…" } },
    "sources": [ { "source": "…", "name": "…", "kind": "snapshot", "record_url": "https://…", "license": "…", "share_alike": false, "credit": "…", "snapshot_date": "…", "fetched_on": null, … } ],
    "software": null, "company": null, "agent": null, …
  }
]`,
    answerType: 'application/json',
  },
  {
    operationId: 'compareItems',
    title: 'Compare',
    summary: 'The compare page reads up to four items in one call: item_details with their slugs.',
    method: 'POST',
    path: '/rest/v1/rpc/item_details',
    body: { slugs: ['alphafold', 'rosettafold'] },
    supabaseJs: `const { data } = await supabase.rpc('item_details', { slugs: ['alphafold', 'rosettafold'] });`,
    sampleAnswer: `[ { "slug": "alphafold", "software": { "open_source": true, … }, … }, { "slug": "rosettafold", … } ]`,
    answerType: 'application/json',
  },
  {
    operationId: 'relatedItems',
    title: 'Related items',
    summary: 'Items sharing domains and tags with an item, best first (max_items at most 24).',
    method: 'POST',
    path: '/rest/v1/rpc/related_items',
    body: { item_slug: 'alphafold', max_items: 4 },
    supabaseJs: `const { data } = await supabase.rpc('related_items', { item_slug: 'alphafold', max_items: 4 });`,
    sampleAnswer: `[ { "slug": "rosettafold", "title": "RoseTTAFold", "content_type": "software", "summary": "…", "view_count": …, "save_count": … }, … ]`,
    answerType: 'application/json',
  },
  {
    operationId: 'itemHistory',
    title: 'Item history',
    summary:
      'What changed on a published item, newest first, 20 a page: each version’s number, date, who or what made it and the fields it changed (null for no published item).',
    method: 'POST',
    path: '/rest/v1/rpc/item_history',
    body: { _slug: 'alphafold', _page: 1 },
    supabaseJs: `const { data } = await supabase.rpc('item_history', { _slug: 'alphafold', _page: 1 });`,
    sampleAnswer: `{
  "item": { "slug": "alphafold", "title": "AlphaFold", "content_type": "software", "published_at": "2026-…", "latest": 2, … },
  "total": 2, "page": 1, "page_size": 20,
  "versions": [ { "version": 2, "changed_at": "2026-…", "actor": "harvest:openalex", "actor_name": null, "fields": ["license"] }, … ]
}`,
    answerType: 'application/json',
  },
  {
    operationId: 'itemVersion',
    title: 'One version of an item',
    summary: 'One version with each changed field’s old and new value (null when the item has no such version).',
    method: 'POST',
    path: '/rest/v1/rpc/item_version',
    body: { _slug: 'alphafold', _version: 1 },
    supabaseJs: `const { data } = await supabase.rpc('item_version', { _slug: 'alphafold', _version: 1 });`,
    sampleAnswer: `{
  "item": { "slug": "alphafold", … },
  "version": { "version": 1, "actor": "moderator", "fields": ["description"], "changes": { "description": { "old": "…", "new": "…" } }, … }
}`,
    answerType: 'application/json',
  },
  {
    operationId: 'listDomains',
    title: 'Domains',
    summary: 'The scientific domains and sub-domains, with their slugs for the search filter.',
    method: 'GET',
    path: '/rest/v1/scientific_domains?select=slug,name,description,parent_id&order=order_index',
    supabaseJs: `const { data } = await supabase.from('scientific_domains').select('slug, name, description, parent_id').order('order_index');`,
    sampleAnswer: `[ { "slug": "biology", "name": "Biology", "description": "Living systems from molecules to ecosystems.", "parent_id": null }, … ]`,
    answerType: 'application/json',
  },
  {
    operationId: 'listDomainCounts',
    title: 'Items per domain',
    summary: 'How many published items each domain holds (domain_id is the domain’s id).',
    method: 'GET',
    path: '/rest/v1/domain_counts?select=domain_id,count',
    supabaseJs: `const { data } = await supabase.from('domain_counts').select('domain_id, count');`,
    sampleAnswer: `[ { "domain_id": "5d0c…", "count": 42 }, … ]`,
    answerType: 'application/json',
  },
  {
    operationId: 'newestFeed',
    title: 'Feed of the newest items',
    summary: 'An Atom feed of the newest published items; /feed/{domain}.xml for one domain.',
    method: 'GET',
    path: '/feed.xml',
    supabaseJs: `// A feed is not a Data API call: read it with any feed reader or fetch('/feed.xml').`,
    sampleAnswer: `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>SciAI — newest AI tools for science</title>
  <entry><title>…</title><link href="…/tool/…"/>…</entry>
</feed>`,
    answerType: 'application/atom+xml',
  },
];

/** The curl command for an example, against `origin`, with the key or token in a shell variable. */
export function curlCommand(example: ApiExample, origin: string): string {
  const lines = [`curl '${origin}${example.path}'`];
  if (example.path.startsWith('/rest/v1/')) {
    lines.push(`  -H "apikey: $SCIAI_ANON_KEY"`, `  -H "Authorization: Bearer $SCIAI_TOKEN"`);
  }
  if (example.method === 'POST') {
    lines.push(`  -H 'Content-Type: application/json'`, `  -d '${JSON.stringify(example.body ?? {})}'`);
  }
  return lines.join(' \\\n');
}
