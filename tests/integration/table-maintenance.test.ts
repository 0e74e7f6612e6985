import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { checkpointIfDue, maintainTables, needsTableMaintenance, startTableMaintenance } from '@sciai/server';

/**
 * The scheduled VACUUM/ANALYZE (server/src/maintenance): a table past autovacuum's thresholds is
 * vacuumed and analysed, so the dead versions an import or the trending refresh leaves do not
 * pile up where no autovacuum runs (PGlite, or PostgreSQL with it off).
 */
describe('table maintenance', () => {
  const backend = inject('backend');
  const engine = inject('engine');

  it('runs where the database has no autovacuum of its own', async () => {
    const pool = new pg.Pool({ connectionString: backend.connectionString, max: 1 });
    try {
      const { rows } = await pool.query<{ autovacuum: string }>("select current_setting('autovacuum') as autovacuum");
      expect(await needsTableMaintenance(pool, engine)).toBe(engine === 'pglite' || rows[0]!.autovacuum !== 'on');
    } finally {
      await pool.end();
    }
  });

  it('vacuums and analyses a table with many dead rows', async () => {
    const table = `maintenance_probe_${randomUUID().slice(0, 8)}`;
    const pool = new pg.Pool({ connectionString: backend.connectionString, max: 1 });
    try {
      await pool.query(`create table public.${table} (id integer primary key, value integer not null)`);
      await pool.query(`insert into public.${table} select i, 0 from generate_series(1, 2000) as i`);
      await pool.query(`update public.${table} set value = value + 1`);
      await pool.query(`update public.${table} set value = value + 1`);
      await pool.query('select pg_stat_force_next_flush()');
      const stats = async () =>
        (
          await pool.query<{ dead: number; vacuumed: boolean; analyzed: boolean }>(
            `select n_dead_tup::integer as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
             from pg_stat_user_tables where schemaname = 'public' and relname = $1`,
            [table],
          )
        ).rows[0];
      // the counters reach the shared statistics once the session is idle
      const deadline = Date.now() + 20_000;
      while (((await stats())?.dead ?? 0) === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect((await stats())?.dead).toBeGreaterThan(1000);
      // VACUUM keeps the dead rows a transaction begun before the updates may still read: on a
      // server other tests use at the same time, wait until no such transaction is open
      const { rows: updated } = await pool.query<{ xid: string }>('select (txid_current() % 4294967296)::text as xid');
      const olderReaders = async () =>
        (
          await pool.query<{ count: number }>(
            `select count(*)::integer as count from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and backend_xmin is not null
               and backend_xmin::text::bigint < $1::bigint`,
            [updated[0]!.xid],
          )
        ).rows[0]!.count;
      const quiet = Date.now() + 40_000;
      while ((await olderReaders()) > 0 && Date.now() < quiet) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }

      const run = await maintainTables(pool);
      expect(run.vacuumed).toContain(`public.${table}`);
      // as above: the vacuum's counts reach the shared statistics a moment later on a busy server
      await pool.query('select pg_stat_force_next_flush()');
      const flushed = Date.now() + 20_000;
      while (((await stats())?.dead ?? 0) >= 1000 && Date.now() < flushed) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const after = await stats();
      expect(after).toMatchObject({ vacuumed: true, analyzed: true });
      expect(after?.dead).toBeLessThan(1000);
    } finally {
      await pool.query(`drop table if exists public.${table}`);
      await pool.end();
    }
  }, 120_000);

  // PGlite is a single-user backend with no checkpointer: without these its pg_wal only grew
  it('checkpoints the write-ahead log once enough has been written since the last checkpoint', async () => {
    const table = `checkpoint_probe_${randomUUID().slice(0, 8)}`;
    const pool = new pg.Pool({ connectionString: backend.connectionString, max: 1 });
    const redo = async () =>
      (await pool.query<{ redo: string }>('select redo_lsn::text as redo from pg_control_checkpoint()')).rows[0]!.redo;
    try {
      if (engine === 'pglite') {
        // the segments a checkpoint leaves for reuse stay within 64 MB (pglite-worker.ts)
        const { rows } = await pool.query<{ size: string }>("select current_setting('max_wal_size') as size");
        expect(rows[0]!.size).toBe('64MB');
      }
      await pool.query(`create table public.${table} (id integer primary key, body text not null)`);
      await pool.query(`insert into public.${table} select i, repeat('x', 200) from generate_series(1, 20000) as i`);

      const notDue = await checkpointIfDue(pool, { afterBytes: Number.MAX_SAFE_INTEGER, afterMs: 86_400_000 });
      expect(notDue.checkpointed).toBe(false);
      expect(notDue.walBytes).toBeGreaterThan(1_000_000);

      const before = await redo();
      const due = await checkpointIfDue(pool, { afterBytes: 1_000_000 });
      expect(due.checkpointed).toBe(true);
      expect(await redo()).not.toBe(before);

      if (engine === 'pglite') {
        // nothing written since (PostgreSQL's WAL is the whole cluster's: other sessions write)
        expect(await checkpointIfDue(pool, { afterBytes: 1_000_000 })).toMatchObject({ checkpointed: false });
      }
    } finally {
      await pool.query(`drop table if exists public.${table}`);
      await pool.end();
    }
  });

  it('checks the write-ahead log on a timer on PGlite only (PostgreSQL has its checkpointer)', async () => {
    const table = `checkpoint_timer_${randomUUID().slice(0, 8)}`;
    const pool = new pg.Pool({ connectionString: backend.connectionString, max: 1 });
    const logged: string[] = [];
    const maintenance = startTableMaintenance(pool, engine, {
      firstRunMs: 3_600_000,
      walCheckMs: 100,
      checkpointAfterBytes: 1_000_000,
      log: (message) => logged.push(message),
    });
    try {
      await pool.query(`create table public.${table} (id integer primary key, body text not null)`);
      await pool.query(`insert into public.${table} select i, repeat('x', 200) from generate_series(1, 20000) as i`);
      if (engine === 'pglite') {
        await expect.poll(() => logged, { timeout: 20_000, interval: 100 }).toContain('checkpoint');
      } else {
        // several of its checks have passed by the time the writes are done
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(logged).not.toContain('checkpoint');
      }
      expect(logged).not.toContain('checkpoint failed');
    } finally {
      maintenance.stop();
      await pool.query(`drop table if exists public.${table}`);
      await pool.end();
    }
  });
});
