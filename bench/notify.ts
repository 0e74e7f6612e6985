/**
 * The notification engine at scale (docs/decisions/0089-notification-engine.md), on PostgreSQL:
 * 10,000 readers each following 50 things (items, fields, organizations, researchers, saved
 * searches out of some 3,000 distinct ones) on a synthetic catalog; then 1,000 new items arrive
 * in one harvest transaction. Timed: every notification made (the engine's passes over the queue),
 * every digest written (with everything waiting made a week old), and every mail rendered and
 * handed to a mailer (a discarding one: SMTP is not what is measured). Meanwhile one visitor at a
 * time asks the gateway for uncached searches; their p95 is compared with the same kind of
 * requests on the idle server just before (the baseline).
 * Usage:
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:notify
 * BENCH_ITEMS (20000), BENCH_USERS (10000), BENCH_NEW_ITEMS (1000), BENCH_SEARCHES (3000).
 * Writes bench/results/notify-postgres-{date}.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { generateSyntheticCatalog } from '@sciai/core';
import { buildGateway, REPO_ROOT, startBackend } from '@sciai/server';
import { loadCatalog } from '../server/src/seed/load-catalog.ts';
import { runNotificationPass } from '../server/src/notifications/notification-jobs.ts';
import { startOutboxMailer } from '../server/src/notifications/outbox-mailer.ts';
import { CHECKOUT_ROOT } from './checkout.ts';
import { benchScratch } from './kept-scratch.ts';
import { harvestNewItems, seedReaders } from './notify-setup.ts';
import { gatewayRequests, ratio, stats } from './reviews-requests.ts';
import { uniqueSearchBodies } from './search-baseline.ts';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const NEW_ITEMS = Number(process.env.BENCH_NEW_ITEMS ?? 1_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 3_000);
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  process.stderr.write('bench:notify runs on PostgreSQL: set BENCH_DATABASE_URL (see the file header).\n');
  process.exit(1);
}

const { dataDir, scratch } = await benchScratch({
  engine: 'postgres',
  adminUrl,
  keptDir: undefined,
  tmpPrefix: 'sciai-bench-notify-',
  databaseName: 'sciai_bench_notify',
  items: ITEMS,
});
// The engine's passes are run here, to be timed; no other job competes with them.
const backend = await startBackend({ dataDir, databaseUrl: scratch?.url }, { backgroundJobs: false });
const pool = backend.db.pool;
const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(2));
const count = async (sql: string) => Number((await pool.query<{ n: string }>(sql)).rows[0]!.n);

console.warn(`seeding ${ITEMS} items…`);
await loadCatalog(pool, generateSyntheticCatalog(ITEMS), { markAsSample: true });
console.warn(`seeding ${USERS} readers and their follows…`);
const seeded = await seedReaders(pool, { users: USERS, researchers: 300, searches: SEARCHES });
await pool.query('delete from public.notification_new_items');
await pool.query('select public.refresh_catalog_statistics()');
await pool.query('vacuum analyze public.follows');
// the saved searches' plans, as the first pass after they were followed makes them
const planned = await runNotificationPass(pool);

const gateway = await buildGateway({
  backend,
  publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
  webDist: join(REPO_ROOT, 'web/dist'),
  logLevel: 'warn',
  trustProxy: ['loopback'],
  sendOutboxMail: false,
});
await gateway.listen({ port: 0, host: '127.0.0.1' });
const address = gateway.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const { send, timed, failures } = gatewayRequests(port, backend.secrets.anonKey);

/** One visitor at a time, uncached searches, until `done` says stop (at least `least` requests). */
async function visit(bodies: ReturnType<typeof uniqueSearchBodies>, done: () => boolean, least: number) {
  const times: number[] = [];
  for (let i = 0; times.length < least || !done(); i++) {
    const body = bodies[i % bodies.length]!;
    times.push(await timed(() => send('POST', '/rest/v1/rpc/search_items', JSON.stringify(body))));
  }
  return times;
}

const idleLoad = loadavg()[0]!;
const idle = await visit(uniqueSearchBodies(400, 1), () => true, 200);

let busy = true;
const during = visit(uniqueSearchBodies(4000, 2), () => !busy, 50);
const load = [loadavg()[0]!];
const started = performance.now();
await harvestNewItems(pool, NEW_ITEMS, 1);
const harvested = seconds(started);
let items = 0;
let notifications = 0;
while (items < NEW_ITEMS) {
  const pass = await runNotificationPass(pool);
  if (pass.items === 0) break;
  items += pass.items;
  notifications += pass.notifications;
}
const notified = seconds(started);
load.push(loadavg()[0]!);
busy = false;
const visitorsDuringNotify = await during;

// Digests: everything waiting made a week old (not timed), then the pass that writes them.
await pool.query(
  "update public.notifications set created_at = created_at - interval '8 days' where email_delivery = 'digest'",
);
await pool.query("update public.notification_digests set waiting_since = waiting_since - interval '8 days'");
// The instant mails (a tenth of the readers have new items mailed at once: some 150,000 rows,
// written with their notifications) are set aside: what is timed is the digests' writing and mail.
const instantMails = await count("select count(*) as n from public.notification_outbox where kind = 'notification'");
await pool.query(
  "update public.notification_outbox set next_attempt_at = now() + interval '1 day' where kind = 'notification'",
);
busy = true;
const duringDigests = visit(uniqueSearchBodies(4000, 3), () => !busy, 50);
const digestStart = performance.now();
const digestPass = await runNotificationPass(pool);
const digestsWritten = seconds(digestStart);
// Every mail rendered and handed over, by the outbox mailer as the server runs it.
let rendered = 0;
const mailer = startOutboxMailer({
  pool,
  mailer: {
    description: 'discarding mailer',
    send: async () => {
      rendered += 1;
    },
    close: () => {},
  },
  site: () => 'https://sciai.example',
  unsubscribeSecret: backend.secrets.jwtSecret,
  log: { info: () => {}, warn: (details, message) => console.warn(message, details) },
  intervalMs: 3_600_000,
});
const mailStart = performance.now();
const digestsLeft = () =>
  count(
    "select count(*) as n from public.notification_outbox where kind = 'notification_digest' and sent_at is null and attempts < 8",
  );
while ((await digestsLeft()) > 0) {
  await mailer.drainNow();
}
await mailer.stop();
const mailed = seconds(mailStart);
busy = false;
const visitorsDuringDigests = await duringDigests;
load.push(loadavg()[0]!);

const summary = {
  engine: 'postgres',
  catalog_items: ITEMS,
  readers: USERS,
  follows: seeded.follows,
  distinct_saved_searches: seeded.distinctSearches,
  plans_made: planned.plans,
  new_items: NEW_ITEMS,
  harvest_commit_s: harvested,
  notifications_made: notifications,
  all_notifications_s: notified,
  digests_written: digestPass.digests,
  digests_s: digestsWritten,
  instant_mails_queued_with_notifications: instantMails,
  digest_mails_rendered: rendered,
  mails_rendered_s: mailed,
  total_s: Number((notified + digestsWritten + mailed).toFixed(2)),
  visitors: {
    idle: stats(idle),
    during_notifications: stats(visitorsDuringNotify),
    during_digests_and_mail: stats(visitorsDuringDigests),
    p95_ratio_notifications: ratio(visitorsDuringNotify, idle, 'p95_ms'),
    p95_ratio_digests_and_mail: ratio(visitorsDuringDigests, idle, 'p95_ms'),
  },
  load_average: { idle: idleLoad, during: load },
  targets: { total_s_max: 60, visitor_p95_ratio_max: 1.5 },
  failures: failures.slice(0, 20),
};
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
mkdirSync(join(CHECKOUT_ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(CHECKOUT_ROOT, 'bench/results', `notify-postgres-${new Date().toISOString().slice(0, 10)}.json`),
  `${JSON.stringify(summary, null, 2)}\n`,
);
await gateway.close();
await backend.stop();
await scratch?.drop();
process.exit(0);
