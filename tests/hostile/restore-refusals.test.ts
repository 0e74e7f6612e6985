import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_DUMP_BYTES } from '@sciai/server';
import { startServedDatabase, tableChecksums, type ServedDatabase } from '../support/backup.ts';
import { runSciai } from '../support/sciai.ts';

/** A dump with its lines edited and its closing checksum made to match again. */
function rehashed(dump: string, edit: (lines: string[]) => string[]): string {
  const lines = edit(dump.trimEnd().split('\n').slice(0, -1));
  const body = lines.map((line) => `${line}\n`).join('');
  return `${body}-- end of dump: ${createHash('sha256').update(body).digest('hex')}\n`;
}

// docs/security.md, "Backups": a restore of anything but a whole, matching dump is refused, and changes nothing.
describe('sciai db restore refuses what is not a whole, matching dump', () => {
  const engine = inject('engine');
  const work = mkdtempSync(join(tmpdir(), 'sciai-restore-hostile-'));
  let served: ServedDatabase | undefined;
  let dump = '';
  let before: Record<string, string> = {};

  beforeAll(async () => {
    served = await startServedDatabase(engine, 'seeded');
    const file = join(work, 'good.sql');
    const run = await runSciai(['db', 'dump', file], served.env);
    if (run.code !== 0) throw new Error(run.stderr);
    dump = readFileSync(file, 'utf8');
    before = await tableChecksums(served.backend.db.pool);
  });
  afterAll(async () => {
    await served?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const firstInsert = (lines: string[]) =>
    lines.findIndex((line) => line.startsWith('INSERT INTO "public"."content_items"'));
  const cases: Array<[name: string, content: () => string | Buffer, message: string]> = [
    ['a CSV file', () => 'name,url\nAlphaFold,https://example.org\n', 'is not a SciAI dump'],
    [
      'binary noise',
      () => Buffer.concat(Array.from({ length: 50 }, (_, i) => createHash('sha512').update(String(i)).digest())),
      'is not a SciAI dump',
    ],
    ['a dump cut in half', () => dump.slice(0, Math.floor(dump.length / 2)), 'The dump is cut short'],
    [
      'a dump with one character changed',
      () => dump.replace('"content_items"', '"content_itemz"'),
      'changed or damaged',
    ],
    [
      'a dump from another schema version',
      () => rehashed(dump, (lines) => lines.map((line, i) => (i === 1 ? `${line},29991231000000` : line))),
      'migrate both to the same version first',
    ],
    [
      'a dump naming a table this database lacks',
      () => rehashed(dump, (lines) => lines.map((line) => line.replace('"public"."agents"', '"public"."nope"'))),
      'does not match this database',
    ],
    [
      'a dump with a statement of its own added',
      () => rehashed(dump, (lines) => [...lines.slice(0, -1), 'DROP TABLE public.content_items;', ...lines.slice(-1)]),
      'is not part of a SciAI dump',
    ],
  ];

  for (const [name, content, message] of cases) {
    it(`${name}: a clear error, nothing changed (even with --force)`, async () => {
      const file = join(work, 'hostile.sql');
      writeFileSync(file, content());
      const run = await runSciai(['db', 'restore', file, '--force'], served?.env ?? {});
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain('nothing was changed');
      expect(await tableChecksums(served!.backend.db.pool)).toEqual(before);
    });
  }

  it('a row the database refuses, halfway through: the whole restore is undone', async () => {
    const file = join(work, 'bad-row.sql');
    // a checksum that matches, a timestamp no column takes; the tables before it are emptied and refilled first
    const broken = rehashed(dump, (lines) => {
      const index = firstInsert(lines);
      return lines.map((line, i) =>
        i === index ? line.replace(/"created_at": "[^"]+"/, '"created_at": "not a time"') : line,
      );
    });
    expect(broken).toContain('not a time');
    writeFileSync(file, broken);
    const run = await runSciai(['db', 'restore', file, '--force'], served?.env ?? {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The restore failed and changed nothing');
    expect(await tableChecksums(served!.backend.db.pool)).toEqual(before);
  });

  it('a file larger than a restore takes is refused before it is read', async () => {
    const file = join(work, 'huge.sql');
    writeFileSync(file, '-- SciAI database dump, format 1\n');
    truncateSync(file, MAX_DUMP_BYTES + 1); // sparse: no disk used
    const run = await runSciai(['db', 'restore', file, '--force'], served?.env ?? {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('more than a restore takes');
    expect(await tableChecksums(served!.backend.db.pool)).toEqual(before);
  });

  it('the operations endpoint takes a restore only with the service-role key, before reading the body', async () => {
    for (const key of [undefined, served!.backend.secrets.anonKey]) {
      const response = await fetch(new URL('/ops/v1/restore?force=true', served!.url), {
        method: 'POST',
        headers: { 'content-type': 'application/sql', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: dump,
      });
      expect(response.status).toBe(403);
    }
    const dumpWithoutKey = await fetch(new URL('/ops/v1/dump', served!.url));
    expect(dumpWithoutKey.status).toBe(403);
    expect(await tableChecksums(served!.backend.db.pool)).toEqual(before);
  });

  // Last: it replaces the database with the dump (the same rows, so the checks above still hold).
  it('says, before and after a forced restore, that revoked API tokens and ended sessions come back', async () => {
    const file = join(work, 'good.sql');
    writeFileSync(file, dump);
    const comesBack =
      'API tokens revoked and sessions signed out since the backup work again until they are revoked or signed out once more';
    const refused = await runSciai(['db', 'restore', file], served?.env ?? {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`restore with --force to replace everything in it (${comesBack})`);
    const help = await runSciai(['db', 'restore', '--help'], served?.env ?? {});
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'API tokens revoked and sessions signed out since the backup work again',
    );
    const forced = await runSciai(['db', 'restore', file, '--force'], served?.env ?? {});
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toContain(`warning: ${comesBack}`);
  });
});
