import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  copySharedSecrets,
  startAndStop,
  templateInputsHash,
  TEMPLATE_MAX_AGE_MS,
  TEMPLATE_UNUSED_MS,
  type PostgresTemplateKind,
} from './database-templates.ts';

/**
 * PostgreSQL's test templates: databases made once per set of inputs (see database-templates.ts,
 * which keys them and makes PGlite's), copied with CREATE DATABASE … TEMPLATE for each test file.
 */

/**
 * The name of a template database of the given kind on the server of `adminUrl`, built on first
 * use: `sciai_tpl_<hash>_<built at, base 36>_<kind>`; with `copyAs`, also a new database of that
 * name copied from it. Looking up, building, pruning and copying all happen under one advisory
 * lock, so concurrent runs on one server build a template once and never copy one being dropped.
 */
export async function postgresTemplate(adminUrl: string, kind: PostgresTemplateKind, copyAs?: string): Promise<string> {
  const hash = templateInputsHash();
  // Advisory locks belong to a database: take it in `postgres`, the one every run on this server shares.
  const admin = new pg.Client({ connectionString: databaseUrlFor(adminUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext('sciai_tpl'))");
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 order by datname desc`,
      [`sciai_tpl_${hash}_%_seeded`],
    );
    const stamp = rows
      .map((row) => row.datname.split('_')[3]!)
      .find((built) => Date.now() - parseInt(built, 36) < TEMPLATE_MAX_AGE_MS);
    const template = `sciai_tpl_${hash}_${stamp ?? (await buildPostgresTemplates(admin, adminUrl, hash))}_${kind}`;
    if (copyAs) await createDatabase(admin, copyAs, template);
    return template;
  } finally {
    await admin.end(); // ends the session, and with it the advisory lock
  }
}

async function buildPostgresTemplates(admin: pg.Client, adminUrl: string, hash: string): Promise<string> {
  await pruneOldPostgresTemplates(admin);
  const stamp = Date.now().toString(36);
  const name = (kind: PostgresTemplateKind) => `sciai_tpl_${hash}_${stamp}_${kind}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sciai-template-'));
  try {
    await copySharedSecrets(dataDir);
    await createDatabase(admin, name('migrated'));
    await startAndStop(dataDir, databaseUrlFor(adminUrl, name('migrated')), false);
    await createDatabase(admin, name('seeded'), name('migrated'));
    await startAndStop(dataDir, databaseUrlFor(adminUrl, name('seeded')), true);
    return stamp;
  } catch (error) {
    for (const kind of ['seeded', 'migrated'] as const) {
      await admin.query(`drop database if exists ${name(kind)} with (force)`).catch(() => {});
    }
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pruneOldPostgresTemplates(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname ~ '^sciai_tpl_[0-9a-f]{16}_[0-9a-z]+_(migrated|seeded)$'`,
  );
  // A run still using one finds it gone and builds it again; copies wait for the lock we hold.
  for (const { datname } of rows) {
    if (Date.now() - parseInt(datname.split('_')[3]!, 36) < TEMPLATE_UNUSED_MS) continue;
    await admin.query(`drop database if exists ${datname}`).catch(() => {}); // in use: next time
  }
}

/**
 * CREATE DATABASE, from a template when given. A template must have no sessions, and pg's
 * pool.end() resolves before the server has seen its connections close: retry while it is busy.
 * Names are generated here and in backend.ts: [a-z0-9_] only.
 */
export async function createDatabase(admin: pg.ClientBase, name: string, template?: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      // A copy does not take the template's own settings (pg_db_role_setting): bootstrap's jit = off
      // (docs/decisions/0054-no-jit-compilation.md) is set again, for a test that opens the copy
      // without starting a server on it.
      if (template) await admin.query(`alter database ${name} set jit = off`);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006'; // object_in_use
      if (!busy || attempt >= 40) throw error;
      // Nothing works in a template: a session still on it after a second is a closed pool's
      // lagging connection or a process left over from an earlier run (a killed bench, say).
      if (template && attempt >= 4) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [template],
        );
      }
      await sleep(250);
    }
  }
}

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
