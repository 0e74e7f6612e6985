/**
 * Item history (docs/product.md#item-history) on PostgreSQL: what versions cost in space and in
 * time. On a scratch copy of the seeded test template:
 *
 * - space: pg_total_relation_size of item_versions after 1,000 edits of published items, each in
 *   its own transaction as a moderator's edit is: short descriptions rewritten, and descriptions
 *   with a sentence added (the version keeps the old and the new text);
 * - an import of 20,000 papers (commit_import, as `sciai import` calls it) and a harvest of
 *   10,000 works (commit_harvest_page, pages of 200, published), then the same works harvested
 *   again with a journal each, so that every one of them is updated: with the version triggers
 *   and, as the baseline in the same run, with them disabled. Rounds alternate between the two.
 *
 * The database functions are called as the service role (the CLI's key), through SQL, so the
 * timings are the database's work without the gateway and the CLI around it. Usage:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:history
 *   BENCH_ROUNDS=1 BENCH_ROWS=5000 BENCH_WORKS=2000 …     # a quicker run
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { createScratchDatabase } from '../tests/support/backend.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (postgres://…/postgres)');
const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const WORKS = Number(process.env.BENCH_WORKS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const EDITS = 1_000;
const PAGE = 200;
const VERSION_TRIGGERS: Array<[string, string]> = [
  ['content_items', 'content_items_versions'],
  ['software', 'software_versions'],
  ['papers', 'papers_versions'],
  ['companies', 'companies_versions'],
  ['agents', 'agents_versions'],
  ['content_domains', 'content_domains_versions_insert'],
  ['content_domains', 'content_domains_versions_update'],
  ['content_domains', 'content_domains_versions_delete'],
];

const scratch = await createScratchDatabase(adminUrl, 'sciai_bench_history', 'seeded');
const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });

/** Runs `work` in one transaction as the service role, as PostgREST runs the CLI's calls. */
async function asService<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    await client.query('set local role service_role');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function setVersionTriggers(enabled: boolean): Promise<void> {
  for (const [table, trigger] of VERSION_TRIGGERS)
    await pool.query(`alter table public.${table} ${enabled ? 'enable' : 'disable'} trigger ${trigger}`);
}

async function versionsSize(): Promise<{ rows: number; bytes: number }> {
  const { rows } = await pool.query<{ rows: number; bytes: string }>(
    "select count(*)::int as rows, pg_total_relation_size('public.item_versions')::text as bytes from public.item_versions",
  );
  return { rows: rows[0]!.rows, bytes: Number(rows[0]!.bytes) };
}

/** 1,000 edits, one transaction each, of items the seed published; the growth of item_versions. */
async function sizePerThousandEdits(kind: 'short_description' | 'description') {
  await pool.query('vacuum public.item_versions');
  const before = await versionsSize();
  const { rows: items } = await pool.query<{ id: string }>(
    `select id from public.content_items where status = 'published' order by id limit $1`,
    [EDITS],
  );
  for (const [index, item] of items.entries()) {
    if (kind === 'short_description')
      await pool.query('update public.content_items set short_description = $2 where id = $1', [
        item.id,
        `Bench summary ${index}: predicts structures and properties from sequence data, fast.`,
      ]);
    else
      await pool.query("update public.content_items set description = description || ' ' || $2 where id = $1", [
        item.id,
        `Bench edit ${index}: it also runs on a laptop, with a command-line interface and an API.`,
      ]);
  }
  await pool.query('vacuum public.item_versions');
  const after = await versionsSize();
  return {
    edits: items.length,
    versions: after.rows - before.rows,
    kib_per_1000_edits: Math.round(((after.bytes - before.bytes) / 1024) * (EDITS / items.length)),
  };
}

function paperRow(tag: string, n: number): Record<string, unknown> {
  return {
    row_number: n + 1,
    title: `History bench paper ${tag} ${n}: learning protein dynamics from sequence`,
    // (as the CLI stages them: the slug from the title)
    slug: `history-bench-paper-${tag}-${n}`,
    abstract: `We study protein dynamics with model ${n}. `.repeat(8),
    doi: `10.5555/history.${tag}.${n}`,
    publication_date: `20${10 + (n % 15)}-0${1 + (n % 9)}-1${n % 9}`,
    journal_name: 'Bench Journal',
    authors: [`Bench Author ${n % 3000}`, `Second Author ${n % 700}`],
    domains: ['biology'],
    keywords: ['proteins', 'dynamics'],
  };
}

/** An import of ROWS papers: staged in chunks of 1,000, then committed; the commit's milliseconds. */
async function importPapers(tag: string): Promise<number> {
  const batch = await asService(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "select public.begin_import('paper', 'history-bench.csv', '{}') as id",
    );
    return rows[0]!.id;
  });
  for (let start = 0; start < ROWS; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, ROWS - start) }, (_, i) => paperRow(tag, start + i));
    await asService((client) => client.query('select public.stage_import_rows($1, $2)', [batch, JSON.stringify(rows)]));
  }
  const started = performance.now();
  await asService((client) => client.query('select public.commit_import($1)', [batch]));
  return performance.now() - started;
}

function work(tag: string, n: number, withJournal: boolean): Record<string, unknown> {
  const doi = `10.5555/history.harvest.${tag}.${n}`;
  return {
    content_type: 'paper',
    title: `History bench work ${tag} ${n}`,
    slug: `history-bench-work-${tag}-${n}`,
    ids: [{ scheme: 'doi', value: doi }],
    authors: [`Harvest Author ${n % 2000}`],
    paper: {
      doi,
      publication_date: '2024-05-01',
      ...(withJournal ? { journal_name: 'Bench Journal of Histories' } : {}),
    },
  };
}

/** WORKS works in pages of 200, as one run of `sciai harvest openalex --publish`; milliseconds. */
async function harvest(tag: string, withJournal: boolean): Promise<number> {
  const started = performance.now();
  const run = await asService(async (client) => {
    const { rows } = await client.query<{ run: { run_id: string } }>(
      "select public.begin_harvest('openalex', $1, true) as run",
      [JSON.stringify({ bench: tag, journal: withJournal })],
    );
    return rows[0]!.run.run_id;
  });
  for (let start = 0; start < WORKS; start += PAGE) {
    const items = Array.from({ length: Math.min(PAGE, WORKS - start) }, (_, i) => work(tag, start + i, withJournal));
    const last = start + PAGE >= WORKS;
    await asService((client) =>
      client.query('select public.commit_harvest_page($1, $2, $3, $4)', [
        run,
        JSON.stringify(items),
        last ? null : String(start + PAGE),
        last,
      ]),
    );
  }
  return performance.now() - started;
}

/**
 * The triggers' own cost, apart from everything a harvest does around them: the journal of
 * STATEMENT_ROWS published papers changed in one UPDATE (a version each, or none), in rounds
 * alternating with and without the triggers, each rolled back.
 */
const STATEMENT_ROWS = 10_000;
async function oneStatement(enabled: boolean): Promise<number> {
  await setVersionTriggers(enabled);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const started = performance.now();
    await client.query(
      `update public.papers p set journal_name = coalesce(p.journal_name, '') || ' (bench)'
       where p.content_id in (select ci.id from public.content_items ci
                              where ci.status = 'published' and ci.content_type = 'paper' order by ci.id limit $1)`,
      [STATEMENT_ROWS],
    );
    const elapsed = performance.now() - started;
    await client.query('rollback');
    return elapsed;
  } finally {
    client.release();
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const slower = (withVersions: number[], without: number[]) =>
  `${(((mean(withVersions) - mean(without)) / mean(without)) * 100).toFixed(1)} %`;

try {
  const loadBefore = loadavg()[0]!;
  const space = {
    short_description: await sizePerThousandEdits('short_description'),
    description: await sizePerThousandEdits('description'),
  };
  const timings = {
    import: { with: [] as number[], without: [] as number[] },
    harvestNew: { with: [] as number[], without: [] as number[] },
    harvestUpdate: { with: [] as number[], without: [] as number[] },
  };
  // a warm-up, not counted: the first import and harvest of a fresh copy pay for its cold caches
  if (ROUNDS > 0) {
    await importPapers('warm');
    await harvest('warm', false);
    await harvest('warm', true);
  }
  for (let round = 0; round < ROUNDS; round++) {
    // alternate which goes first, so that neither always meets a warmer cache
    for (const enabled of round % 2 === 0 ? [true, false] : [false, true]) {
      await setVersionTriggers(enabled);
      const side = enabled ? 'with' : 'without';
      const tag = `r${round}${side}`;
      timings.import[side].push(await importPapers(tag));
      timings.harvestNew[side].push(await harvest(tag, false));
      timings.harvestUpdate[side].push(await harvest(tag, true));
    }
  }
  // the published papers the statement rounds update: those of the harvests above, or the seed's
  const statement = { with: [] as number[], without: [] as number[] };
  await oneStatement(true);
  for (let round = 0; round < 3; round++)
    for (const enabled of round % 2 === 0 ? [true, false] : [false, true])
      statement[enabled ? 'with' : 'without'].push(await oneStatement(enabled));
  await setVersionTriggers(true);
  const { rows: updated } = await pool.query<{ versions: number }>(
    "select count(*)::int as versions from public.item_versions where actor = 'harvest:openalex'",
  );
  const ms = (values: number[]) => values.map((value) => Math.round(value));
  process.stdout.write(
    `${JSON.stringify(
      {
        engine: 'postgres',
        size_per_1000_edits: space,
        import_rows: ROWS,
        import_commit_ms: { with_versions: ms(timings.import.with), without: ms(timings.import.without) },
        import_slower: slower(timings.import.with, timings.import.without),
        harvest_works: WORKS,
        harvest_new_ms: { with_versions: ms(timings.harvestNew.with), without: ms(timings.harvestNew.without) },
        harvest_new_slower: slower(timings.harvestNew.with, timings.harvestNew.without),
        harvest_update_ms: {
          with_versions: ms(timings.harvestUpdate.with),
          without: ms(timings.harvestUpdate.without),
        },
        harvest_update_slower: slower(timings.harvestUpdate.with, timings.harvestUpdate.without),
        harvest_versions_recorded: updated[0]!.versions,
        one_update_statement_ms: { with_versions: ms(statement.with), without: ms(statement.without) },
        one_update_statement_slower: slower(statement.with, statement.without),
        load_average: { before: Number(loadBefore.toFixed(1)), after: Number(loadavg()[0]!.toFixed(1)) },
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await pool.end();
  await scratch.drop();
}
