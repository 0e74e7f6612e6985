/**
 * Runs the judged queries (judged-queries.json) through a ranking and scores the answers with
 * core's metrics: the database's search_items() as the web app calls it, or core's in-memory
 * browse rules (the oracle of tests/integration/search-oracle.test.ts) over the hand-written catalog.
 * Used by relevance.test.ts and by bench/relevance.ts.
 */
import { readFileSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  applyFilters,
  defaultFilters,
  evaluateQuery,
  judgmentProblems,
  summarizeByKind,
  summarizeRelevance,
  worstQueries,
  type CatalogItem,
  type FilterableItem,
  type QueryEvaluation,
  type RelevanceJudgment,
  type RelevanceSummary,
} from '@sciai/core';
import { readDefaultCatalog, readHandWrittenCatalog } from '@sciai/server';
import { searchItems } from '../support/search.ts';

/** nDCG is taken over the first ten results; the browse page holds twenty. */
export const RELEVANCE_DEPTH = 10;

/**
 * The judged sets: `catalog`, the queries judged since the first catalog; `fields`, those of the
 * fields the open sources added (astronomy, mathematics, social science, climate, medicine,
 * materials), measured apart while they are below the targets.
 */
export const JUDGED_SETS = {
  catalog: new URL('./judged-queries.json', import.meta.url),
  fields: new URL('./judged-field-queries.json', import.meta.url),
} as const;
export type JudgedSet = keyof typeof JUDGED_SETS;

/** A set's judged queries, checked against the catalog a new SciAI loads (every judged slug must be in it). */
export function judgedQueries(set: JudgedSet = 'catalog'): RelevanceJudgment[] {
  const file = JSON.parse(readFileSync(JUDGED_SETS[set], 'utf8')) as { queries: RelevanceJudgment[] };
  const problems = judgmentProblems(file.queries, new Set(readDefaultCatalog().items.map((item) => item.slug)));
  if (problems.length > 0) throw new Error(`${set} judged queries: ${problems.join('; ')}`);
  return file.queries;
}

/** One query's answer: the slugs in order, and what the search said about the text. */
export interface RankedAnswer {
  slugs: string[];
  total: number;
  /** The query the search ran instead ('Did you mean', when nothing matched the text as typed). */
  corrected?: string;
}

export type Ranker = (query: string) => Promise<RankedAnswer>;

const currentYear = () => new Date().getUTCFullYear();

/** search_items() with the browse page's defaults (every type and year, sorted by relevance). */
export function searchItemsRanker(client: SupabaseClient): Ranker {
  return async (query) => {
    const result = await searchItems(client, { ...defaultFilters(currentYear()), search: query });
    return {
      slugs: result.items.map((item) => item.slug),
      total: result.total,
      ...(result.corrected_search ? { corrected: result.corrected_search } : {}),
    };
  };
}

/** A hand-written catalog item as core's browse rules read it. */
export function filterableItem(item: CatalogItem): FilterableItem {
  const details = 'software' in item ? item.software : 'agent' in item ? item.agent : undefined;
  return {
    slug: item.slug,
    title: item.title,
    content_type: item.content_type,
    short_description: item.short_description,
    description: item.description,
    tags: item.tags,
    domains: item.domains,
    verified: item.verified,
    competitive_advantages: item.competitive_advantages,
    organization: { size: item.organization.size },
    peer_reviewed: 'paper' in item ? item.paper.peer_reviewed : null,
    open_source: details?.open_source ?? null,
    pricing_model: details?.pricing_model ?? null,
    year: item.year ?? null,
    created_at: item.created_at,
    view_count: item.view_count ?? 0,
    save_count: item.save_count ?? 0,
    trending_score: item.trending_score ?? 0,
  };
}

/**
 * core's browse rules as a ranking: docs/product.md#browse-search's substring match, sorted by
 * relevance, which core defines as the trending score.
 */
export function oracleRanker(items: FilterableItem[] = readHandWrittenCatalog().map(filterableItem)): Ranker {
  return async (query) => {
    const matches = applyFilters(items, { ...defaultFilters(currentYear()), search: query });
    return { slugs: matches.slice(0, 20).map((item) => item.slug), total: matches.length };
  };
}

export interface QueryRun extends QueryEvaluation {
  total: number;
  corrected?: string;
}

export interface RelevanceRun {
  summary: RelevanceSummary;
  queries: QueryRun[];
}

/** Every judged query through one ranking, one after another, scored. */
export async function runJudgedQueries(ranker: Ranker, judgments = judgedQueries()): Promise<RelevanceRun> {
  const queries: QueryRun[] = [];
  for (const judgment of judgments) {
    const answer = await ranker(judgment.query);
    queries.push({
      ...evaluateQuery(judgment, answer.slugs.slice(0, RELEVANCE_DEPTH), RELEVANCE_DEPTH),
      total: answer.total,
      ...(answer.corrected ? { corrected: answer.corrected } : {}),
    });
  }
  return { summary: summarizeRelevance(queries), queries };
}

const figure = (value: number) => value.toFixed(3);

/** The two figures on one line. */
export function formatSummary(label: string, run: RelevanceRun): string {
  const { summary } = run;
  const named = run.queries.filter((query) => query.named && query.top1).length;
  return (
    `${label}: nDCG@${RELEVANCE_DEPTH} ${figure(summary.ndcgAt10)} over ${summary.queries} queries, ` +
    `top-1 ${figure(summary.top1Accuracy)} (${named}/${summary.namedQueries} named)`
  );
}

/** One line per kind of query: its nDCG@10, top-1 and how many queries found nothing. */
export function formatByKind(run: RelevanceRun): string[] {
  return summarizeByKind(run.queries).map((kind) => {
    const empty = run.queries.filter((query) => query.kind === kind.kind && query.total === 0).length;
    const named = run.queries.filter((query) => query.kind === kind.kind && query.named && query.top1).length;
    return (
      `${kind.kind.padEnd(12)} ${String(kind.queries).padStart(3)} queries  nDCG@${RELEVANCE_DEPTH} ${figure(kind.ndcgAt10)}` +
      `  top-1 ${kind.namedQueries ? `${named}/${kind.namedQueries}` : '-'}  no result ${empty}`
    );
  });
}

/** One line per query, worst first: its score, what came back and which expected items were missed. */
export function formatWorstQueries(run: RelevanceRun, count: number): string[] {
  return (worstQueries(run.queries, count) as QueryRun[]).map((query) => {
    const missed = query.misses
      .map((miss) => `${miss.slug} (top ${miss.expectedWithin}, ${miss.foundAt ? `at ${miss.foundAt}` : 'absent'})`)
      .join(', ');
    const returned = query.ranking.slice(0, 5).join(', ') || 'nothing';
    return (
      `"${query.query}" [${query.kind}${query.named ? ', named' : ''}] nDCG ${figure(query.ndcg)}` +
      `${query.corrected ? ` (ran as "${query.corrected}")` : ''}, ${query.total} matches; ` +
      `returns ${returned}; missed ${missed || 'nothing'}`
    );
  });
}

/** Queries whose first ten differ between two runs of the same judged queries. */
export function rankingDifferences(a: RelevanceRun, b: RelevanceRun): string[] {
  return a.queries.flatMap((query, index) => {
    const other = b.queries[index]!;
    return query.ranking.join() === other.ranking.join()
      ? []
      : [`"${query.query}": ${query.ranking.join(', ')} | ${other.ranking.join(', ')}`];
  });
}
