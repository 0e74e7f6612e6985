import { beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { crowdClient } from '../support/clients.ts';
import {
  formatByKind,
  formatSummary,
  formatWorstQueries,
  judgedQueries,
  oracleRanker,
  rankingDifferences,
  runJudgedQueries,
  searchItemsRanker,
  type RelevanceRun,
} from './relevance-runner.ts';

/**
 * The targets, met once search ranks by more than text rank and popularity (bench/README.md,
 * "Search relevance").
 */
const TARGET = { ndcgAt10: 0.9, top1Accuracy: 0.95 };
/**
 * Below the targets for now. What search_items() measured on the sample catalog, rounded down
 * to two decimals, is the floor, so that a change which ranks worse fails: measured 2026-11-26,
 * the same on PGlite and PostgreSQL, nDCG@10 0.7897 and top-1 0.6146 (59 of 96 named queries);
 * after accent folding, name matches and joined/split words (docs/decisions/0038-search-relevance-model.md)
 * nDCG@10 0.8999 and top-1 0.9583 (92 of 96); with a prefix match weighed by the share of the
 * name it covers and split words also tried as one catalog word, nDCG@10 0.9088 and top-1 0.9688
 * (93 of 96): the targets are met.
 * Raise it with every improvement; once it reaches TARGET, TARGET is what is asserted.
 */
const MEASURED_FLOOR = { ndcgAt10: 0.9, top1Accuracy: 0.96 };
const required = {
  ndcgAt10: Math.min(TARGET.ndcgAt10, MEASURED_FLOOR.ndcgAt10),
  top1Accuracy: Math.min(TARGET.top1Accuracy, MEASURED_FLOOR.top1Accuracy),
};

const engine = inject('engine');

/** Judged queries through the web app's search call, on a backend of its own holding the sample catalog. */
async function runOnFreshBackend(on: typeof engine): Promise<RelevanceRun> {
  // A backend of its own: the shared one's trending scores move with other files' views and saves.
  const backend: TestBackend = await startTestBackend({ engine: on });
  try {
    return await runJudgedQueries(searchItemsRanker(crowdClient(backend.url, backend.anonKey)));
  } finally {
    await backend.stop();
  }
}

describe('judged search queries over the sample catalog', () => {
  let run: RelevanceRun;
  /** On PostgreSQL's project, the same queries on PGlite, run beside PostgreSQL's (see below). */
  let pgliteRun: RelevanceRun | undefined;

  beforeAll(async () => {
    [run, pgliteRun] = await Promise.all([
      runOnFreshBackend(engine),
      engine === 'postgres' ? runOnFreshBackend('pglite') : undefined,
    ]);
  });

  it('has at least 80 sound judgments, at least 50 of them name queries', () => {
    const judgments = judgedQueries();
    expect(judgments.length).toBeGreaterThanOrEqual(80);
    expect(judgments.filter((judgment) => judgment.named).length).toBeGreaterThanOrEqual(50);
  });

  it(`search_items scores at least nDCG@10 ${required.ndcgAt10} and top-1 ${required.top1Accuracy}`, async () => {
    const oracle = await runJudgedQueries(oracleRanker());
    console.warn(
      [
        formatSummary(`search_items (${engine})`, run),
        formatSummary("core's browse rules (substring match, trending order)", oracle),
        'by kind of query:',
        ...formatByKind(run),
        'worst queries:',
        ...formatWorstQueries(run, 10),
      ].join('\n'),
    );
    expect(run.summary.ndcgAt10).toBeGreaterThanOrEqual(required.ndcgAt10);
    expect(run.summary.top1Accuracy).toBeGreaterThanOrEqual(required.top1Accuracy);
  });

  // PostgreSQL's project starts a PGlite backend beside its own (at the same time: one waits on
  // the PostgreSQL server while the other works); PGlite's project alone has
  // nothing to compare with (PostgreSQL runs only when TEST_DATABASE_URL is set).
  it.skipIf(engine !== 'postgres')('PGlite ranks every query as PostgreSQL does', () => {
    const pglite = pgliteRun!;
    expect(rankingDifferences(run, pglite)).toEqual([]);
    expect(pglite.summary).toEqual(run.summary);
  });
});
