import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '@sciai/server';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { COMPILE_CACHE } from '../support/sciai.ts';
import { startSmtpServer, waitForSmtpMail, type TestSmtpServer } from '../support/smtp-server.ts';

const JOBS_STARTED = '"msg":"scheduled jobs started: this server holds the job lock"';
const JOBS_LOST = '"msg":"scheduled jobs stopped: the job lock was lost"';
const count = (text: string, part: string) => text.split(part).length - 1;

interface Server {
  name: string;
  child: ChildProcess;
  output: () => string;
}

function startServer(name: string, env: NodeJS.ProcessEnv): Server {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'server/src/main.ts')], {
    env: { NODE_COMPILE_CACHE: COMPILE_CACHE, ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { name, child, output: () => output };
}

async function until(what: string, withinMs: number, probe: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Two servers on one PostgreSQL database, as behind a load balancer: the scheduled jobs (trending,
 * the outbox mailer, the import sweep, log retention) run on the one holding the job lock; when it
 * is killed with SIGKILL the other takes over, and no review mail is sent twice
 * (docs/security.md, "Faults, backups and more than one server").
 * PGlite is one server per data directory (a second one refuses to start), so PostgreSQL only.
 */
describe.skipIf(inject('engine') !== 'postgres')('two servers on one PostgreSQL database', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let admin: pg.Client;
  const servers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres', 'migrated', 'sciai-two-servers-');
    smtp = await startSmtpServer();
    admin = new pg.Client({ connectionString: database.databaseUrl });
    await admin.connect();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      // a takeover within about a second rather than five (production's default)
      JOB_LOCK_RETRY_SECONDS: '1',
    };
    delete env.PUBLIC_URL;
    delete env.SUPABASE_URL;
    servers.push(startServer('first', env), startServer('second', env));
    await until('two serving servers', 120_000, () => servers.every((s) => s.output().includes('SciAI is serving')));
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await new Promise((resolve) => server.child.once('exit', resolve));
      }
    }
    await admin?.end();
    await smtp?.stop();
    await database?.remove();
  });

  /** The servers whose last word on the lock is that they run the jobs. */
  const leaders = () =>
    servers.filter(
      (server) =>
        server.child.exitCode === null &&
        server.child.signalCode === null &&
        count(server.output(), JOBS_STARTED) > count(server.output(), JOBS_LOST),
    );
  const lockHolderPids = async () =>
    (
      await admin.query<{ pid: number }>(
        "select pid from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database()) and objid = (7412093002::bigint & 4294967295)::oid",
      )
    ).rows.map((row) => row.pid);

  /** A review-decision mail in the outbox, as the moderation trigger writes it. */
  async function queueReviewMail(): Promise<{ id: string; email: string }> {
    const email = `two-servers-${randomInt(1e9)}@example.org`;
    const { rows: users } = await admin.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, raw_user_meta_data, raw_app_meta_data, email_confirmed_at)
       values ($1, '', '{}', '{}', now()) returning id`,
      [email],
    );
    const { rows } = await admin.query<{ id: string }>(
      `insert into public.notification_outbox (recipient_id, kind, payload)
       values ($1, 'submission_rejected', $2) returning id::text`,
      [users[0]!.id, { submission_id: String(randomInt(1e9)), title: 'A tool', content_type: 'software', reason: 'x' }],
    );
    return { id: rows[0]!.id, email };
  }

  const sentAt = async (id: string) =>
    (
      await admin.query<{ sent: boolean }>(
        'select sent_at is not null as sent from public.notification_outbox where id = $1',
        [id],
      )
    ).rows[0]?.sent ?? false;

  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email)).length;

  it('runs the scheduled jobs on exactly one of them, which holds the lock on its own connection', async () => {
    await until('a server running the jobs', 30_000, () => leaders().length > 0);
    // Both have their lock connection open (so both have tried); one session holds the lock.
    await until('two lock connections', 30_000, async () => {
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'sciai scheduled jobs'",
      );
      return rows[0]!.n === 2;
    });
    expect(await lockHolderPids()).toHaveLength(1);
    expect(leaders()).toHaveLength(1);
  });

  it('stops the jobs on a server whose lock connection is cut, and one of them takes the lock again', async () => {
    const [leader] = leaders();
    const started = servers.map((server) => count(server.output(), JOBS_STARTED));
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [await lockHolderPids()]);
    await until('the holder stopping its jobs', 30_000, () => leader!.output().includes(JOBS_LOST));
    await until('the lock taken again', 60_000, () =>
      servers.some((server, index) => count(server.output(), JOBS_STARTED) > started[index]!),
    );
    expect(leaders()).toHaveLength(1);
    expect(await lockHolderPids()).toHaveLength(1);
  });

  it('sends a queued review mail once, and after the job server is killed (-9) the other takes over', async () => {
    const before = await queueReviewMail();
    await waitForSmtpMail(smtp, before.email);
    await until('the first mail marked sent', 15_000, () => sentAt(before.id));

    const [leader] = leaders();
    const other = servers.find((server) => server !== leader)!;
    const otherStarted = count(other.output(), JOBS_STARTED);
    leader!.child.kill('SIGKILL');
    await new Promise((resolve) => leader!.child.once('exit', resolve));
    const killedAt = Date.now();
    const during = await queueReviewMail();

    await until('the other server taking over', 60_000, () => count(other.output(), JOBS_STARTED) > otherStarted);
    const takeoverMs = Date.now() - killedAt;
    process.stdout.write(`two-servers: takeover ${takeoverMs} ms after SIGKILL\n`);

    await waitForSmtpMail(smtp, during.email, undefined, 30_000);
    await until('the second mail marked sent', 15_000, () => sentAt(during.id));
    // A later mail goes out on a later pass over the outbox (passes never overlap), which would
    // have sent either again; still exactly one of each.
    const after = await queueReviewMail();
    await waitForSmtpMail(smtp, after.email, undefined, 30_000);
    await until('the third mail marked sent', 15_000, () => sentAt(after.id));
    expect(mailsTo(before.email)).toBe(1);
    expect(mailsTo(during.email)).toBe(1);
    expect(mailsTo(after.email)).toBe(1);
    expect(other.child.exitCode).toBeNull();
  }, 120_000);
});

/**
 * Two servers started at the same moment on a new, empty database (a deploy of two replicas):
 * the bootstrap and migrations take turns under their advisory lock, and the catalog is
 * loaded once.
 */
describe.skipIf(inject('engine') !== 'postgres')('two servers starting at once on an empty database', () => {
  it('migrate it once, in turn, and both serve', async () => {
    const database = await createTestDatabase('postgres', 'empty', 'sciai-two-first-starts-');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
    };
    for (const name of ['PUBLIC_URL', 'SUPABASE_URL', 'SMTP_URL', 'REDIS_URL']) delete env[name];
    const servers = [startServer('first', env), startServer('second', env)];
    const admin = new pg.Client({ connectionString: database.databaseUrl });
    try {
      await until('two serving servers', 240_000, () => {
        for (const server of servers) {
          if (server.child.exitCode !== null) throw new Error(`${server.name} exited: ${server.output()}`);
        }
        return servers.every((server) => server.output().includes('SciAI is serving'));
      });
      await admin.connect();
      const { rows } = await admin.query<{ versions: number; distinct_versions: number }>(
        'select count(*)::int as versions, count(distinct version)::int as distinct_versions from supabase_migrations.schema_migrations',
      );
      expect(rows[0]!.versions).toBeGreaterThan(0);
      expect(rows[0]!.versions).toBe(rows[0]!.distinct_versions);
      // Exactly one of them applied the migrations; the other found nothing to do.
      expect(servers.filter((server) => server.output().includes('"msg":"migrations applied"'))).toHaveLength(1);
      const { rows: items } = await admin.query<{ n: number; slugs: number }>(
        'select count(*)::int as n, count(distinct slug)::int as slugs from public.content_items',
      );
      expect(items[0]!.n).toBeGreaterThan(0);
      expect(items[0]!.n).toBe(items[0]!.slugs);
      expect(servers.filter((server) => server.output().includes('"msg":"catalog loaded"'))).toHaveLength(1);
    } finally {
      for (const server of servers) {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGTERM');
          await new Promise((resolve) => server.child.once('exit', resolve));
        }
      }
      await admin.end().catch(() => {});
      await database.remove();
    }
  }, 300_000);
});
