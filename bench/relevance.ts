/**
 * Search relevance: the judged queries of tests/relevance/judged-queries.json through
 * search_items() as the web app calls it, on a backend holding the catalog, and through
 * core's browse rules for comparison. Prints nDCG@10 and top-1 accuracy per engine and the worst
 * queries, and writes every query's answer to bench/results/relevance-{date}.json. Usage:
 *   node bench/relevance.ts                     # PGlite (part of `npm run bench`)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/relevance.ts   # and PostgreSQL
 *   RELEVANCE_WORST=30 node bench/relevance.ts  # list more of the worst queries
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@sciai/server';
import { startTestBackend, type Engine } from '../tests/support/backend.ts';
import { crowdClient } from '../tests/support/clients.ts';
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
} from '../tests/relevance/relevance-runner.ts';

const WORST = Number(process.env.RELEVANCE_WORST ?? 10);
const adminUrl = process.env.BENCH_DATABASE_URL;
// The test backends make their PostgreSQL scratch databases on TEST_DATABASE_URL's server.
if (adminUrl) process.env.TEST_DATABASE_URL = adminUrl;
const engines: Engine[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];

/** The figures go to stdout, the progress (as in the other benches) to stderr. */
const print = (line: string) => process.stdout.write(`${line}\n`);

const runs: Partial<Record<Engine | 'oracle', RelevanceRun>> = {};
/** The queries of the fields the open sources added, measured apart (tests/relevance/judged-field-queries.json). */
const fieldRuns: Partial<Record<Engine, RelevanceRun>> = {};
for (const engine of engines) {
  const backend = await startTestBackend({ engine });
  try {
    const ranker = searchItemsRanker(crowdClient(backend.url, backend.anonKey));
    runs[engine] = await runJudgedQueries(ranker);
    fieldRuns[engine] = await runJudgedQueries(ranker, judgedQueries('fields'));
  } finally {
    await backend.stop();
  }
}
runs.oracle = await runJudgedQueries(oracleRanker());

print('Search relevance over the catalog (tests/relevance/judged-queries.json)');
for (const engine of engines) print(formatSummary(`  search_items, ${engine}`, runs[engine]!));
print(formatSummary("  core's browse rules (substring match, trending order)", runs.oracle));
for (const engine of engines)
  print(formatSummary(`  the new fields' queries, search_items, ${engine}`, fieldRuns[engine]!));
if (runs.postgres) {
  const differences = rankingDifferences(runs.pglite!, runs.postgres);
  print(
    differences.length === 0
      ? '  PGlite and PostgreSQL rank every query the same'
      : `  PGlite and PostgreSQL differ on ${differences.length} queries:\n    ${differences.join('\n    ')}`,
  );
}
print(`By kind of query (search_items, ${engines[0]}):`);
for (const line of formatByKind(runs[engines[0]!]!)) print(`  ${line}`);
print(`Worst ${WORST} queries (search_items, ${engines[0]}):`);
for (const line of formatWorstQueries(runs[engines[0]!]!, WORST)) print(`  ${line}`);
print(`Worst ${WORST} of the new fields' queries (search_items, ${engines[0]}):`);
for (const line of formatWorstQueries(fieldRuns[engines[0]!]!, WORST)) print(`  ${line}`);

mkdirSync(join(REPO_ROOT, 'bench/results'), { recursive: true });
const file = join(REPO_ROOT, 'bench/results', `relevance-${new Date().toISOString().slice(0, 10)}.json`);
// one line per query: the file stays readable and diffable
const lines = [
  ...Object.entries(runs),
  ...Object.entries(fieldRuns).map(([engine, run]) => [`fields ${engine}`, run] as const),
].map(
  ([ranking, run]) =>
    `  ${JSON.stringify(ranking)}: {\n    "summary": ${JSON.stringify(run.summary)},\n    "queries": [\n` +
    run.queries.map((query) => `      ${JSON.stringify(query)}`).join(',\n') +
    '\n    ]\n  }',
);
writeFileSync(file, `{\n${lines.join(',\n')}\n}\n`);
console.warn(`wrote ${file}`);
