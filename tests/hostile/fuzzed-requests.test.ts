import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { expectHealthy, send } from './hostile-requests.ts';

/**
 * Property-based: whatever shape an anonymous caller gives RPC arguments, select= or a logic
 * tree, the answer is never a 5xx (a refusal is 4xx, anything else PostgREST's own answer), and
 * the site is healthy after each run.
 */
const RUNS = 100;

const RPCS = [
  'search_items',
  'public_profile',
  'item_details',
  'similar_items',
  'public_site_settings',
  'item_reviews_page',
  'public_profile_reviews',
  'item_history',
  'item_version',
];
const ARGUMENT_NAMES = ['search', 'domains', 'content_types', 'features', 'page_size', 'sort_by', '_handle', 'slug'];
const RESOURCES = [
  'content_items',
  'content_domains',
  'scientific_domains',
  'organizations',
  'content_people',
  'people',
  'papers',
];
const COLUMNS = ['slug', 'id', 'title', 'name', '*', 'is_primary', 'content_type', 'count()', 'no_such_column'];

/** JSON nested around any value: on both sides of the depth limit, and far past it. */
const nested = fc
  .tuple(
    fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 20_000, max: 60_000 })),
    fc.jsonValue({ maxDepth: 2 }),
  )
  .map(([depth, value]) => '['.repeat(depth) + JSON.stringify(value) + ']'.repeat(depth));

/** Arrays on both sides of the length limit, and the 200,000 values that once took seconds. */
const longArray = fc
  .tuple(
    fc.oneof(fc.integer({ min: 0, max: 150 }), fc.integer({ min: 1_000, max: 200_000 })),
    fc.string({ maxLength: 12 }),
  )
  .map(([length, value]) => JSON.stringify(Array.from({ length }, (_, i) => `${value}${i}`)));

/** Argument values as JSON text (deep nesting is built as text: JSON.stringify would recurse on it). */
const argumentValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  longArray,
  nested,
  fc.integer().map(String),
);

/** Calls that reach a function: PostgREST picks one by its argument names, so most use real ones. */
const SEARCH_ITEMS_ARGUMENTS = ['search', 'domains', 'content_types', 'features', 'organization_sizes', 'sort_by'];
const rpcCall = fc.oneof(
  fc.record({
    rpc: fc.constant('search_items'),
    args: fc.dictionary(fc.constantFrom(...SEARCH_ITEMS_ARGUMENTS), argumentValue, { maxKeys: 3 }),
  }),
  fc.record({ rpc: fc.constant('public_profile'), args: fc.record({ _handle: argumentValue }) }),
  fc.record({
    rpc: fc.constantFrom('item_history', 'item_version'),
    args: fc.record({ _slug: argumentValue, _page: argumentValue, _version: argumentValue }, { requiredKeys: [] }),
  }),
  fc.record({
    rpc: fc.constant('item_reviews_page'),
    args: fc.record({ _content_id: argumentValue, _sort: argumentValue, _page: argumentValue }, { requiredKeys: [] }),
  }),
  fc.record({
    rpc: fc.constantFrom(...RPCS),
    args: fc.dictionary(fc.oneof(fc.constantFrom(...ARGUMENT_NAMES), fc.string({ maxLength: 8 })), argumentValue, {
      maxKeys: 3,
    }),
  }),
);

const asJsonObject = (args: Record<string, string>) =>
  `{${Object.entries(args)
    .map(([name, value]) => `${JSON.stringify(name)}:${value}`)
    .join(',')}}`;

/** select= lists from PostgREST's grammar: columns, aliases, hints, spreads and embeddings up to 4 deep. */
const { selectList } = fc.letrec<{ selectList: string; item: string }>((tie) => ({
  selectList: fc.array(tie('item'), { minLength: 1, maxLength: 4 }).map((items) => items.join(',')),
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...COLUMNS),
    fc
      .record({
        alias: fc.option(fc.constantFrom('a', 'b', 'x'), { nil: undefined }),
        spread: fc.boolean(),
        resource: fc.constantFrom(...RESOURCES),
        hint: fc.option(fc.constantFrom('inner', 'left'), { nil: undefined }),
        inner: tie('selectList'),
      })
      .map(
        ({ alias, spread, resource, hint, inner }) =>
          `${alias ? `${alias}:` : ''}${spread ? '...' : ''}${resource}${hint ? `!${hint}` : ''}(${inner})`,
      ),
  ),
}));

/** Which resources PostgREST can embed in which (foreign keys, and the many-to-many links through them). */
const LINKS: Record<string, string[]> = {
  content_items: ['content_domains', 'scientific_domains', 'content_people', 'people', 'papers', 'software'],
  content_domains: ['content_items', 'scientific_domains'],
  scientific_domains: ['content_domains', 'content_items'],
  content_people: ['content_items', 'people'],
  people: ['content_people', 'content_items'],
  papers: ['content_items'],
  software: ['content_items'],
};

/** Walks of up to 8 embeddings along real links, back and forth through the many-to-many ones (the costly kind). */
const embeddingWalk = fc
  .tuple(fc.constantFrom(...Object.keys(LINKS)), fc.array(fc.nat(), { minLength: 1, maxLength: 8 }))
  .map(([root, steps]) => {
    const chain: string[] = [];
    let at = root;
    for (const step of steps) {
      const next = LINKS[at]!;
      at = next[step % next.length]!;
      chain.push(at);
    }
    return { root, select: chain.reduceRight((inner, resource) => `id,${resource}(${inner})`, 'id') };
  });

/** The select grammar's characters in any order: what a careless or hostile client sends. */
const selectNoise = fc.string({
  unit: fc.constantFrom('(', ')', ',', ':', '!', '.', '"', '*', 'a', 'content_items'),
  maxLength: 60,
});

const { logicTree } = fc.letrec<{ logicTree: string; term: string }>((tie) => ({
  logicTree: fc.array(tie('term'), { minLength: 1, maxLength: 4 }).map((terms) => `(${terms.join(',')})`),
  term: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('slug.eq.a', 'title.ilike.*protein*', 'id.in.(1,2)', 'content_type.neq.paper', 'slug.is.null'),
    fc.tuple(fc.constantFrom('and', 'or', 'not.and', 'not.or'), tie('logicTree')).map(([op, tree]) => `${op}${tree}`),
  ),
}));

describe('fuzzed anonymous requests', () => {
  const backend = inject('backend');

  it('answers any RPC argument shape without a 5xx', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(rpcCall, async ({ rpc, args }) => {
        const answer = await send(backend, `/rest/v1/rpc/${rpc}`, { body: asJsonObject(args) });
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    await expectHealthy(backend);
  });

  it('answers any select= without a 5xx', { timeout: 180_000 }, async () => {
    const anySelect = fc.oneof(
      fc.record({ root: fc.constantFrom(...RESOURCES), select: fc.oneof(selectList, selectNoise) }),
      embeddingWalk,
    );
    await fc.assert(
      fc.asyncProperty(anySelect, fc.integer({ min: 1, max: 50 }), async ({ root, select }, limit) => {
        const answer = await send(backend, `/rest/v1/${root}?select=${encodeURIComponent(select)}&limit=${limit}`);
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    await expectHealthy(backend);
  });

  it('answers any and=/or= tree without a 5xx', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('or', 'and', 'not.or'), logicTree, async (key, tree) => {
        const answer = await send(
          backend,
          `/rest/v1/content_items?select=slug&limit=5&${key}=${encodeURIComponent(tree)}`,
        );
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    await expectHealthy(backend);
  });
});
