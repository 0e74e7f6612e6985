import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { pruneExpiredAuthRows, startBackend } from '@sciai/server';
import { openPglite, openPostgres } from '../../server/src/database/engine.ts';
import { createTestDatabase } from '../support/backend.ts';

/**
 * For one new user, rows of each auth table on both sides of its limit: `old-*` past use,
 * `live-*` still usable or too recent to go. Labelled through columns the auth service never
 * reads back for these rows (user agents, token digests, factor names).
 */
async function insertAuthRows(pool: pg.Pool, marker: string): Promise<void> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data, raw_app_meta_data, email_confirmed_at)
     values ('auth-retention-${marker}@example.org', '', '{}', '{}', now()) returning id`,
  );
  const user = rows[0]!.id;
  await pool.query(
    `insert into auth.sessions (user_id, user_agent, not_after) values
       ($1, 'old-ended-${marker}', now() - interval '4 days'),
       ($1, 'live-ended-recently-${marker}', now() - interval '1 hour'),
       ($1, 'live-open-${marker}', null),
       ($1, 'live-until-later-${marker}', now() + interval '1 day')`,
    [user],
  );
  await pool.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, revoked, updated_at)
     select label || '-${marker}', $1, s.id, revoked, now() - age
     from auth.sessions s,
          (values ('old-revoked', true, interval '2 days'), ('live-revoked-recently', true, interval '1 hour'),
                  ('live-unused', false, interval '30 days')) as t(label, revoked, age)
     where s.user_agent = 'live-open-${marker}'`,
    [user],
  );
  // one live token per user and purpose: the kinds stand in for ages
  await pool.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, code_hash, relates_to, expires_at) values
       ($1, 'signup', 'old-expired-${marker}', 'x', 'a@example.org', now() - interval '2 days'),
       ($1, 'recovery', 'live-expired-recently-${marker}', 'x', 'a@example.org', now() - interval '1 hour'),
       ($1, 'email_change_undo', 'live-valid-${marker}', 'x', 'a@example.org', now() + interval '6 days')`,
    [user],
  );
  await pool.query(
    `insert into auth.mfa_factors (user_id, friendly_name, status, secret, created_at) values
       ($1, 'old-unverified-${marker}', 'unverified', 'S', now() - interval '2 days'),
       ($1, 'live-unverified-recently-${marker}', 'unverified', 'S', now() - interval '1 hour'),
       ($1, 'live-verified-${marker}', 'verified', 'S', now() - interval '30 days')`,
    [user],
  );
  await pool.query(
    `insert into auth.mfa_challenges (factor_id, ip_address, created_at)
     select f.id, label || '-${marker}', now() - age
     from auth.mfa_factors f,
          (values ('old-challenge', interval '2 days'), ('live-challenge', interval '5 minutes')) as t(label, age)
     where f.friendly_name = 'live-verified-${marker}'`,
  );
  await pool.query(
    `insert into auth.flow_state (provider_type, referrer, callback_url, created_at) values
       ('github', 'old-flow-${marker}', 'http://localhost/auth/v1/callback', now() - interval '2 days'),
       ('orcid', 'live-flow-${marker}', 'http://localhost/auth/v1/callback', now() - interval '1 hour')`,
  );
}

/** The labels of the rows insertAuthRows made that are still there, sorted. */
async function remainingAuthRows(pool: pg.Pool, marker: string): Promise<string[]> {
  const { rows } = await pool.query<{ label: string }>(
    `select 'sessions:' || user_agent as label from auth.sessions where user_agent like '%-' || $1
     union all select 'refresh_tokens:' || token from auth.refresh_tokens where token like '%-' || $1
     union all select 'one_time_tokens:' || token_hash from auth.one_time_tokens where token_hash like '%-' || $1
     union all select 'mfa_factors:' || friendly_name from auth.mfa_factors where friendly_name like '%-' || $1
     union all select 'mfa_challenges:' || ip_address from auth.mfa_challenges where ip_address like '%-' || $1
     union all select 'flow_state:' || referrer from auth.flow_state where referrer like '%-' || $1
     order by 1`,
    [marker],
  );
  return rows.map((row) => row.label.slice(0, -marker.length - 1));
}

const KEPT = [
  'flow_state:live-flow',
  'mfa_challenges:live-challenge',
  'mfa_factors:live-unverified-recently',
  'mfa_factors:live-verified',
  'one_time_tokens:live-expired-recently',
  'one_time_tokens:live-valid',
  'refresh_tokens:live-revoked-recently',
  'refresh_tokens:live-unused',
  'sessions:live-ended-recently',
  'sessions:live-open',
  'sessions:live-until-later',
];

/** Auth rows past use (ended sessions, used tokens, expired links) do not pile up forever. */
describe('auth retention', () => {
  const engine = inject('engine');

  it('prunes ended sessions, used refresh tokens, expired links, stale MFA rows and OAuth flows, keeps live ones', async () => {
    const database = await createTestDatabase(engine, 'migrated', `sciai-auth-retention-${engine}-`);
    const config = { dataDir: database.dataDir, databaseUrl: database.databaseUrl };
    try {
      // the pruning itself needs only the database, not a server (PostgREST, jobs) around it
      const first =
        engine === 'postgres'
          ? await openPostgres(database.databaseUrl!)
          : await openPglite(join(database.dataDir, 'pglite'));
      try {
        // batch by batch, every expired row of each table
        const batch = randomUUID().slice(0, 8);
        await insertAuthRows(first.pool, batch);
        await insertAuthRows(first.pool, `${batch}2`);
        expect(await remainingAuthRows(first.pool, batch)).toHaveLength(KEPT.length + 6);
        const removed = await pruneExpiredAuthRows(first.pool, { batchSize: 1 });
        expect(removed).toEqual({
          'auth.sessions': 2,
          'auth.refresh_tokens': 2,
          'auth.one_time_tokens': 2,
          'auth.mfa_challenges': 2,
          'auth.mfa_factors': 2,
          'auth.flow_state': 2,
        });
        expect(await remainingAuthRows(first.pool, batch)).toEqual(KEPT);
        expect(await pruneExpiredAuthRows(first.pool)).toEqual({});
        await insertAuthRows(first.pool, 'job');
      } finally {
        await first.close();
      }

      // The scheduled jobs prune at start, on the server holding the job lock.
      const second = await startBackend(config, { seedSampleCatalog: false });
      try {
        let left: string[] = [];
        const deadline = Date.now() + 30_000;
        do {
          left = await remainingAuthRows(second.db.pool, 'job');
          if (left.length === KEPT.length) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        } while (Date.now() < deadline);
        expect(left).toEqual(KEPT);
        expect(second.jobs?.leading).toBe(true);
      } finally {
        await second.stop();
      }
    } finally {
      await database.remove();
    }
  }, 180_000);
});
