import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { maintainTables, needsTableMaintenance } from '@sciai/server';

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

      const run = await maintainTables(pool);
      expect(run.vacuumed).toContain(`public.${table}`);
      const after = await stats();
      expect(after).toMatchObject({ vacuumed: true, analyzed: true });
      expect(after?.dead).toBeLessThan(1000);
    } finally {
      await pool.query(`drop table if exists public.${table}`);
      await pool.end();
    }
  });
});
