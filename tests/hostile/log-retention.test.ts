import { describe, expect, inject, it } from 'vitest';
import type pg from 'pg';
import { pruneOldLogs, startBackend } from '@sciai/server';
import { withDatabase } from '../support/auth.ts';
import { createTestDatabase } from '../support/backend.ts';

/** One old and one recent row in each log-like table (old: 40 days, recent: 10 days, window: 30). */
async function insertLogRows(pool: pg.Pool, marker: string): Promise<void> {
  await pool.query(
    `insert into public.security_events (event_type, severity, actor, path, created_at)
     values ('unauthorized', 'low', 'anonymous', '/old-${marker}', now() - interval '40 days'),
            ('unauthorized', 'low', 'anonymous', '/recent-${marker}', now() - interval '10 days')`,
  );
  await pool.query(
    `insert into public.user_activity (actor, activity_type, activity_data, created_at)
     values ('system', 'retention_test', '{"age": "old-${marker}"}', now() - interval '40 days'),
            ('system', 'retention_test', '{"age": "recent-${marker}"}', now() - interval '10 days')`,
  );
  const { rows } = await pool.query<{ id: string }>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data, raw_app_meta_data, email_confirmed_at)
     values ('retention-${marker}@example.org', '', '{}', '{}', now()) returning id`,
  );
  const payload = (age: string) => JSON.stringify({ submission_id: `${age}-${marker}`, title: 'A tool' });
  await pool.query(
    `insert into public.notification_outbox (recipient_id, kind, payload, created_at, sent_at, attempts)
     values ($1, 'submission_rejected', $2, now() - interval '41 days', now() - interval '40 days', 1),
            ($1, 'submission_rejected', $3, now() - interval '41 days', null, 8),
            ($1, 'submission_rejected', $4, now() - interval '11 days', now() - interval '10 days', 1),
            ($1, 'submission_rejected', $5, now() - interval '41 days', null, 2)`,
    [rows[0]!.id, payload('old'), payload('old-given-up'), payload('recent'), payload('still-retrying')],
  );
}

/** What is left of the rows insertLogRows made, as `table:age` labels. */
async function remainingLogRows(pool: pg.Pool, marker: string): Promise<string[]> {
  const { rows } = await pool.query<{ label: string }>(
    `select 'security_events:' || split_part(path, '-', 1) as label from public.security_events where path like '%-' || $1
     union all
     select 'user_activity:' || split_part(activity_data->>'age', '-', 1) from public.user_activity
       where activity_type = 'retention_test' and activity_data->>'age' like '%-' || $1
     union all
     select 'notification_outbox:' || left(payload->>'submission_id', -length($1) - 1) from public.notification_outbox
       where payload->>'submission_id' like '%-' || $1
     order by 1`,
    [marker],
  );
  return rows.map((row) => row.label);
}

const KEPT = [
  'notification_outbox:recent',
  'notification_outbox:still-retrying',
  'security_events:/recent',
  'user_activity:recent',
];

/** Log-like tables keep a window (LOG_RETENTION_DAYS); the scheduled jobs prune the rest in batches. */
describe('log retention', () => {
  const engine = inject('engine');

  it('prunes security events, activity and finished outbox rows past the window, keeps recent ones', async () => {
    const database = await createTestDatabase(engine, 'migrated', `sciai-retention-${engine}-`);
    const config = { dataDir: database.dataDir, databaseUrl: database.databaseUrl };
    try {
      const first = await startBackend(config, { seedSampleCatalog: false, backgroundJobs: false });
      try {
        await insertLogRows(first.db.pool, 'job');
        expect(await remainingLogRows(first.db.pool, 'job')).toHaveLength(8);
      } finally {
        await first.stop();
      }

      // The scheduled jobs prune at start, on the server holding the job lock.
      const second = await startBackend(config, { seedSampleCatalog: false, logRetentionDays: 30 });
      try {
        let left: string[] = [];
        const deadline = Date.now() + 30_000;
        do {
          left = await remainingLogRows(second.db.pool, 'job');
          if (left.length === KEPT.length) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        } while (Date.now() < deadline);
        expect(left).toEqual(KEPT);
        expect(second.jobs?.leading).toBe(true);

        // Batch by batch: a flood of old events goes in many small deletes, all of it.
        await second.db.pool.query(
          `insert into public.security_events (event_type, severity, actor, path, created_at)
           select 'rate_limit', 'low', 'anonymous', '/flood-batch', now() - interval '40 days' from generate_series(1, 25)`,
        );
        await insertLogRows(second.db.pool, 'batch');
        const removed = await pruneOldLogs(second.db.pool, { retentionDays: 30, batchSize: 4 });
        expect(removed).toEqual({
          'public.security_events': 26,
          'public.user_activity': 1,
          'public.notification_outbox': 2,
        });
        expect(await remainingLogRows(second.db.pool, 'batch')).toEqual(KEPT);
      } finally {
        await second.stop();
      }
    } finally {
      await database.remove();
    }
  });

  it('finds the activity past the window by its time index, not by reading the whole table', async () => {
    // (sequential scans off: on a test database's few rows the planner would rightly read them all)
    const plan = await withDatabase(async (db) => {
      await db.query('begin');
      try {
        await db.query('set local enable_seqscan = off');
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(
          `explain select id from public.user_activity where created_at < now() - make_interval(days => 90)
           order by id limit 5000`,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await db.query('rollback');
      }
    });
    expect(plan).toMatch(/user_activity_created_at_idx/);
  });
});
