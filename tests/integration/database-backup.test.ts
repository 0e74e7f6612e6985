import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { startServedDatabase, tableChecksums, type ServedDatabase } from '../support/backup.ts';
import { runSciai } from '../support/sciai.ts';

// docs/security.md, "Backups": a dump taken while the server serves restores every table, row for row.
describe('sciai db dump and restore', () => {
  const engine = inject('engine');
  const work = mkdtempSync(join(tmpdir(), 'sciai-backup-files-'));
  const file = join(work, 'backup.sql');
  const email = `backup-${engine}@example.org`;
  const password = 'a long backup passphrase 42';
  let source: ServedDatabase | undefined;
  let target: TestDatabase | undefined;
  let restored: ServedDatabase | undefined;
  let sourceSums: Record<string, string> = {};

  beforeAll(async () => {
    source = await startServedDatabase(engine, 'seeded');
    // beyond the catalog: an account, its profile and a saved item
    const service = createClient(source.url, source.backend.secrets.serviceRoleKey, {
      auth: { persistSession: false },
    });
    const { data: created, error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
    if (error || !created.user) throw error ?? new Error('no user');
    const { data: item } = await service.from('content_items').select('id').limit(1).single();
    const saved = await service.from('user_saved_items').insert({ user_id: created.user.id, content_id: item?.id });
    if (saved.error) throw new Error(saved.error.message);
    sourceSums = await tableChecksums(source.backend.db.pool);
  });
  afterAll(async () => {
    await restored?.stop();
    if (!restored) await target?.remove();
    await source?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('dumps while the server runs, restores into a fresh database, and every table matches', async () => {
    const dump = await runSciai(['db', 'dump', file], source?.env ?? {});
    expect(dump.stderr).not.toContain('error');
    expect(dump.code).toBe(0);
    if (engine === 'pglite') expect(dump.stderr).toContain(`the SciAI server at ${source?.url}`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('"auth"."users"');

    // a new database (on PGlite a copy of a new cluster: its initdb is not what is tested here)
    target = await createTestDatabase(engine, 'initialised', `sciai-backup-target-${engine}-`);
    const restore = await runSciai(['db', 'restore', file], {
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl,
    });
    expect(restore.stderr).not.toContain('error');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored [\d,]+ rows in \d+ tables/);

    restored = await startServedDatabase(engine, 'empty', target);
    const restoredSums = await tableChecksums(restored.backend.db.pool);
    expect(Object.keys(restoredSums).length).toBeGreaterThan(30);
    expect(restoredSums).toEqual(sourceSums);
  });

  it('the restored site serves its catalog and signs the account in', async () => {
    if (!restored) throw new Error('nothing restored');
    const home = await fetch(restored.url);
    expect(home.status).toBe(200);
    const anon = createClient(restored.url, restored.backend.secrets.anonKey, { auth: { persistSession: false } });
    const { count } = await anon.from('content_items').select('id', { count: 'exact', head: true });
    expect(count).toBe(Number(sourceSums['public.content_items']?.split(' ')[0]));
    const signIn = await anon.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const saves = await anon.from('user_saved_items').select('content_id');
    expect(saves.data).toHaveLength(1);
  });

  it('refuses to overwrite a database that holds data without --force; with it, replaces everything', async () => {
    if (!restored) throw new Error('nothing restored');
    const refused = await runSciai(['db', 'restore', file], restored.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds accounts or catalog items; restore with --force');

    const forced = await runSciai(['db', 'restore', file, '--force'], restored.env);
    expect(forced.stderr).not.toContain('error');
    expect(forced.code).toBe(0);
    const sums = await tableChecksums(restored.backend.db.pool);
    // the sign-in above added a session and its events; the forced restore put the dump's rows back
    expect(sums).toEqual(sourceSums);
  });
});
