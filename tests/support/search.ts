import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import {
  generateSyntheticCatalog,
  healthFacts,
  searchText,
  yearBounds,
  type FacetCounts,
  type FilterState,
  type FilterableItem,
  type ItemRating,
  type SignalRow,
} from '@sciai/core';
import { startTestBackend, type TestBackend } from './backend.ts';
import { crowdClient } from './clients.ts';

export interface SearchResult {
  total: number;
  facets: FacetCounts;
  items: Array<FilterableItem & { id: string }>;
  corrected_search?: string;
  suggestion?: string;
  partial_match?: boolean;
  /** The items from this index on match only some of the words (a short first page). */
  partial_from?: number;
}

/** The browse call as the web app makes it (the same mapping of the filter state). */
export async function searchItems(
  client: SupabaseClient,
  state: Partial<FilterState>,
  page: { offset?: number; size?: number } = {},
): Promise<SearchResult> {
  const { data, error } = await client.rpc('search_items', {
    search: searchText({ search: state.search ?? '', within: state.within ?? '' }),
    domains: state.domains ?? [],
    content_types: state.contentTypes ?? [],
    features: state.features ?? [],
    organization_sizes: state.organizationSizes ?? [],
    year_from: state.yearRange ? yearBounds({ yearRange: state.yearRange }).from : null,
    year_to: state.yearRange ? yearBounds({ yearRange: state.yearRange }).to : null,
    sort_by: state.sortBy ?? 'relevance',
    page_offset: page.offset ?? 0,
    page_size: page.size ?? 20,
    ...(state.health?.length ? { health: state.health } : {}),
    ...(state.operations?.length ? { operations: state.operations } : {}),
    ...(state.inputData?.length ? { input_data: state.inputData } : {}),
  });
  if (error) throw new Error(`search_items failed: ${error.message}`);
  return data as SearchResult;
}

/**
 * A backend of its own holding a generated catalog (core's synthetic items, reproducible from
 * the seed), for tests that compare search answers across a whole catalog they know.
 */
export async function startSyntheticCatalogBackend(
  items: number,
  seed: number,
  options: { signals?: boolean; edam?: boolean; ratings?: boolean } = {},
): Promise<{ backend: TestBackend; anon: SupabaseClient }> {
  const backend = await startTestBackend({ engine: inject('engine') });
  const service = createClient(backend.url, backend.serviceRoleKey, { auth: { persistSession: false } });
  const catalog = generateSyntheticCatalog(items, { seed });
  const { error } = await service.rpc('load_catalog', {
    items: options.edam ? catalog.map(withEdamFacts) : catalog,
  });
  const signalError = !error && options.signals ? await storeSyntheticSignals(service, seed) : undefined;
  const ratingError =
    !error && !signalError && options.ratings ? await storeSyntheticRatings(service, seed) : undefined;
  if (error || signalError || ratingError) {
    await backend.stop();
    throw new Error(`load_catalog, the signals or the ratings failed: ${error?.message ?? signalError ?? ratingError}`);
  }
  return { backend, anon: crowdClient(backend.url, backend.anonKey) };
}

/** EDAM operations the generated tools state (docs/product.md#browse-filters). */
export const SYNTHETIC_OPERATIONS = [
  'Sequence alignment',
  'Protein structure prediction',
  'Image analysis',
  'Gene expression profiling, single cell',
  'Classification',
] as const;
/** EDAM data terms the generated tools read. */
export const SYNTHETIC_INPUT_DATA = ['Sequence', 'Protein sequence', 'Image', 'Matrix'] as const;

/**
 * Two tools in three state operations as bio.tools does (in metadata), half of them input data
 * with formats, one in eleven a value of another shape that states nothing; the rest none.
 */
function withEdamFacts<T extends { content_type: string; metadata?: unknown }>(item: T, index: number): T {
  if (item.content_type !== 'software' || index % 3 === 0) return item;
  const metadata = (item.metadata ?? {}) as Record<string, unknown>;
  if (index % 11 === 1)
    return { ...item, metadata: { ...metadata, edam_operations: 'Classification', edam_inputs: [7] } };
  const operations = [...new Set([SYNTHETIC_OPERATIONS[index % 5]!, SYNTHETIC_OPERATIONS[(index * 7) % 5]!])];
  const inputs =
    index % 2 === 0
      ? [
          { data: SYNTHETIC_INPUT_DATA[index % 4]!, formats: ['FASTA'] },
          { data: '', formats: [] },
        ]
      : [];
  return { ...item, metadata: { ...metadata, edam_operations: operations, edam_inputs: inputs } };
}

/**
 * Live signals for most of a catalog (docs/product.md#browse-health), reproducible from the seed:
 * stars, pushes, releases, archived repositories and citations through enrich's own store
 * (record_enrich_batch, so the browse index follows as it does after a real run), and link
 * checks ok, down or dead written directly (dead takes three failures a week apart). Some items
 * get nothing, some a push or release older than six months, some dates right at that edge.
 */
async function storeSyntheticSignals(service: SupabaseClient, seed: number): Promise<string | undefined> {
  let state = seed * 7919 + 17;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const ids: string[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await service
      .from('content_items')
      .select('id')
      .order('id')
      .range(from, from + 999);
    if (error) return error.message;
    ids.push(...data.map((row: { id: string }) => row.id));
    if (data.length < 1000) break;
  }
  const { data: runId, error: runError } = await service.rpc('begin_enrich_run', { sources: ['github', 'openalex'] });
  if (runError) return runError.message;
  const day = 86_400_000;
  const recently = (maxDays: number) => new Date(Date.now() - Math.floor(random() * maxDays) * day).toISOString();
  const results: unknown[] = [];
  const links: unknown[] = [];
  for (const id of ids) {
    if (random() < 0.6) {
      const signals: unknown[] = [{ signal: 'github_stars', num: Math.floor(random() * 40) * 25 }];
      if (random() < 0.85) signals.push({ signal: 'github_pushed_at', text: recently(720) });
      if (random() < 0.5)
        signals.push({ signal: 'github_release', text: 'v1', detail: { published_at: recently(400) } });
      signals.push({ signal: 'github_archived', num: random() < 0.15 ? 1 : 0 });
      results.push({ id, source: 'github', ok: true, signals });
    }
    if (random() < 0.4) {
      results.push({
        id,
        source: 'openalex',
        ok: true,
        signals: [{ signal: 'citations', num: Math.floor(random() * 30) * 7 }],
      });
    }
    if (random() < 0.5) {
      for (const link of ['homepage', 'repository']) {
        if (random() < 0.7) {
          const roll = random();
          const health = roll < 0.7 ? 'ok' : roll < 0.85 ? 'down' : 'dead';
          links.push({
            content_id: id,
            link,
            url: `https://example.org/${id}/${link}`,
            ok: health === 'ok',
            health,
            checked_at: new Date().toISOString(),
          });
        }
      }
    }
  }
  for (let i = 0; i < results.length; i += 500) {
    const { error } = await service.rpc('record_enrich_batch', { run_id: runId, results: results.slice(i, i + 500) });
    if (error) return error.message;
  }
  for (let i = 0; i < links.length; i += 500) {
    const { error } = await service.from('link_checks').insert(links.slice(i, i + 500));
    if (error) return error.message;
  }
  return undefined;
}

/** The Bayesian average the reviews' triggers keep: five reviews of the middle mark as the prior. */
export function syntheticRatingScore(count: number, average: number): number {
  return (5 * 3 + count * average) / (5 + count);
}

/**
 * Ratings for a third of a catalog (docs/product.md#browse-cards), written as the service role as
 * the reviews' triggers would keep them: verified means at and around the 'Rated 4★ and up' edge
 * (3.94 reads 3.9, 3.95 reads 4.0), scores that tie, and items with other reviews only.
 */
async function storeSyntheticRatings(service: SupabaseClient, seed: number): Promise<string | undefined> {
  let state = seed * 104_729 + 3;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const ids: string[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await service
      .from('content_items')
      .select('id')
      .order('id')
      .range(from, from + 999);
    if (error) return error.message;
    ids.push(...data.map((row: { id: string }) => row.id));
    if (data.length < 1000) break;
  }
  const means = [1, 2.5, 3.5, 3.94, 3.95, 4, 4.25, 4.5, 5];
  const rows = ids.flatMap(
    (id): Array<{ content_id: string; rating_score: number | null } & Omit<ItemRating, 'score'>> => {
      if (random() >= 0.35) return [];
      const others = random() < 0.4 ? 1 + Math.floor(random() * 6) : 0;
      const otherAverage = others ? means[Math.floor(random() * means.length)]! : null;
      if (random() < 0.15) {
        return others
          ? [
              {
                content_id: id,
                verified_count: 0,
                verified_average: null,
                rating_score: null,
                other_count: others,
                other_average: otherAverage,
              },
            ]
          : [];
      }
      const count = 1 + Math.floor(random() * 4) * 3;
      const average = means[Math.floor(random() * means.length)]!;
      return [
        {
          content_id: id,
          verified_count: count,
          verified_average: average,
          rating_score: syntheticRatingScore(count, average),
          other_count: others,
          other_average: otherAverage,
        },
      ];
    },
  );
  for (let i = 0; i < rows.length; i += 500) {
    const { error: insertError } = await service.from('item_ratings').insert(rows.slice(i, i + 500));
    if (insertError) return insertError.message;
  }
  return undefined;
}

/** The oracle's view of every published item's rating, read from item_ratings, not from the browse index. */
export async function readRatings(client: SupabaseClient): Promise<Map<string, ItemRating>> {
  const ratings = new Map<string, ItemRating>();
  for (let from = 0; ; from += 1000) {
    const { data, error } = await client
      .from('item_ratings')
      .select('content_id, verified_count, verified_average, rating_score, other_count, other_average')
      .order('content_id')
      .range(from, from + 999);
    if (error) throw new Error(`item_ratings: ${error.message}`);
    for (const row of data) {
      ratings.set(row.content_id as string, {
        verified_count: row.verified_count as number,
        verified_average: row.verified_average as number | null,
        score: row.rating_score as number | null,
        other_count: row.other_count as number,
        other_average: row.other_average as number | null,
      });
    }
    if (data.length < 1000) break;
  }
  return ratings;
}

/**
 * The oracle's view of every item's health (docs/product.md#browse-health), read from the
 * signal tables, not from the browse index.
 */
export async function readHealthFacts(client: SupabaseClient): Promise<Map<string, ReturnType<typeof healthFacts>>> {
  const all = async <T>(table: string, columns: string, order: string[]): Promise<T[]> => {
    const rows: T[] = [];
    for (let from = 0; ; from += 1000) {
      let query = client.from(table).select(columns);
      for (const column of order) query = query.order(column);
      const { data, error } = await query.range(from, from + 999);
      if (error) throw new Error(`${table}: ${error.message}`);
      rows.push(...(data as T[]));
      if (data.length < 1000) break;
    }
    return rows;
  };
  const signals = await all<SignalRow & { content_id: string }>(
    'item_signals',
    'content_id, signal, value_num, value_text, detail',
    ['content_id', 'signal'],
  );
  const links = await all<{ content_id: string; health: 'ok' | 'down' | 'dead' }>('link_checks', 'content_id, health', [
    'content_id',
    'link',
  ]);
  const group = <T extends { content_id: string }>(rows: T[]) => {
    const byId = new Map<string, T[]>();
    for (const row of rows) byId.set(row.content_id, [...(byId.get(row.content_id) ?? []), row]);
    return byId;
  };
  const signalsById = group(signals);
  const linksById = group(links);
  const ids = new Set([...signalsById.keys(), ...linksById.keys()]);
  return new Map(
    [...ids].map((id) => [
      id,
      healthFacts(
        signalsById.get(id) ?? [],
        (linksById.get(id) ?? []).map((row) => row.health),
      ),
    ]),
  );
}
