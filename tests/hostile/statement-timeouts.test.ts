import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { signedInAs, withDatabase } from '../support/auth.ts';
import { rpcOf } from '../support/csv-import.ts';
import { send } from './hostile-requests.ts';

/**
 * A statement that runs too long must be stopped by the database, not hold a connection (and on
 * PGlite the single session) until it ends. The API roles carry statement timeouts that PostgREST
 * applies to every request; an import's calls get longer from the db-pre-request function
 * (docs/security.md, "Process faults and runaway statements").
 */
describe('statement timeouts', () => {
  const backend = inject('backend');
  const engine = inject('engine');

  it('are set on the API roles: visitors 3 s, users 8 s, the service role 30 minutes', async () => {
    const { rows } = await withDatabase((db) =>
      db.query<{ role: string; setting: string | null }>(
        `select rolname as role,
                (select s from unnest(rolconfig) s where s like 'statement_timeout=%') as setting
         from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by rolname`,
      ),
    );
    expect(rows).toEqual([
      { role: 'anon', setting: 'statement_timeout=3s' },
      { role: 'authenticated', setting: 'statement_timeout=8s' },
      { role: 'service_role', setting: 'statement_timeout=30min' },
    ]);
  });

  it('cancel a statement on PostgreSQL, and on PGlite do not', async () => {
    const outcome = await withDatabase(async (db) => {
      await db.query('begin');
      try {
        await db.query(`set local statement_timeout = '50ms'`);
        await db.query('select pg_sleep(0.3)');
        return 'ran to the end';
      } catch (error) {
        return (error as { code?: string }).code;
      } finally {
        await db.query('rollback');
      }
    });
    // PGlite (single-user PostgreSQL in WebAssembly) has no timer signal to cancel with: there the
    // gateway's request limits (docs/decisions/0027-request-limits.md) keep such statements from
    // being sent, and its 15 s answers the client.
    expect(outcome).toBe(engine === 'pglite' ? 'ran to the end' : '57014');
  });

  it('cancel a visitor’s and a user’s request held too long, while an import’s runs on', async (context) => {
    context.skip(
      engine === 'pglite',
      'PGlite does not honour statement_timeout (see the test above): there the gateway request limits of docs/decisions/0027 keep runaway statements from being sent',
    );
    const user = await signedInAs('user', 'timeout-user');
    const admin = await signedInAs('admin', 'timeout-importer');
    const call = rpcOf(admin.client);
    const tag = randomUUID().slice(0, 8);
    const batch = await call('begin_import', { content_type: 'paper', file_name: 'timeouts.csv', summary: {} });
    expect(batch.error).toBeNull();
    const staged = await call('stage_import_rows', {
      batch_id: batch.data,
      rows: [
        {
          row_number: 2,
          title: `Timeout${tag} paper`,
          doi: `10.5555/timeout${tag}`,
          domains: ['biology'],
          authors: [],
        },
      ],
    });
    expect(staged.error).toBeNull();

    // A statement kept waiting is a statement running long: every request below needs
    // scientific_domains, held here until the database has stopped or outlasted each of them.
    const locker = new pg.Client({ connectionString: backend.connectionString });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table public.scientific_domains in access exclusive mode');
      const path = '/rest/v1/scientific_domains?select=id&limit=1';
      const visitor = send(backend, path, { waitMs: 30_000 });
      const member = send(backend, path, {
        headers: { authorization: `Bearer ${user.session.access_token}` },
        waitMs: 30_000,
      });
      // an agent's tool call reads through PostgREST as anon too, under the same limit
      const agent = send(backend, '/mcp', {
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_domains' } }),
        headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        waitMs: 30_000,
      });
      // (a supabase-js call is sent when first awaited, and again at each further await)
      const commit = (async () => call('commit_import', { batch_id: batch.data }))();

      // Cancelled by the database (the statement's 57014, which PostgREST answers 500 and the
      // gateway 504 with its reason), not answered by the gateway's own 504 after 15 s.
      for (const answer of await Promise.all([visitor, member])) {
        expect(answer.status).toBe(504);
        expect(answer.body).toMatchObject({
          code: '57014',
          message: expect.stringMatching(/time limit/),
          details: 'canceling statement due to statement timeout',
          hint: expect.stringMatching(/Ask for less/),
        });
      }
      const toolCall = await agent;
      expect(toolCall.elapsedMs).toBeLessThan(15_000);
      expect(toolCall.body).toMatchObject({
        result: { isError: true, content: [{ text: expect.stringMatching(/stopped this request at its time limit/) }] },
      });

      // The import's statement outlasts the users' 8 s by a margin, as the database measures it
      // (the visitor's and user's have ended: the Data API's one statement left waiting is the import).
      let runningSeconds = 0;
      const deadline = Date.now() + 30_000;
      while (runningSeconds < 9.5 && Date.now() < deadline) {
        // (another connection: within the locker's transaction pg_stat_activity would not change)
        const { rows } = await withDatabase((db) =>
          db.query<{ seconds: number | null }>(
            `select max(extract(epoch from clock_timestamp() - query_start))::float8 as seconds
             from pg_stat_activity
             where usename = 'authenticator' and state = 'active' and wait_event_type = 'Lock'`,
          ),
        );
        runningSeconds = rows[0]?.seconds ?? 0;
        if (runningSeconds < 9.5) await sleep(250);
      }
      expect(runningSeconds).toBeGreaterThanOrEqual(9.5);
      await locker.query('commit');

      const committed = await commit;
      expect(committed.error).toBeNull();
      expect(committed.data).toMatchObject({ inserted: 1 });
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
  }, 90_000);
});
