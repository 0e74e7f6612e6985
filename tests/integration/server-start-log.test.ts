import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/**
 * The first lines `npm start` prints: at once a line saying it is starting (opening and
 * migrating a new database takes a while), readable on a terminal (LOG_FORMAT=pretty stands in
 * for one here) and JSON otherwise; and a stop before it serves is said, not a bare
 * "Terminated". The serving start itself: tests/support/smoke-start.ts.
 */
describe('the server’s first lines', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'sciai-start-log-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  async function startThenStop(format: 'json' | 'pretty', label: string) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: join(scratch, label),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_FORMAT: format,
      NO_COLOR: '1',
    };
    for (const name of ['DATABASE_URL', 'SUPABASE_URL', 'SUPABASE_ANON_KEY', 'PUBLIC_URL']) delete env[name];
    const server = spawn(process.execPath, ['server/src/main.ts'], { cwd: REPO_ROOT, env, stdio: 'pipe' });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));
    const deadline = Date.now() + 30_000;
    while (!output.includes('starting SciAI')) {
      if (Date.now() > deadline) throw new Error(`no start line within 30 s: ${output}`);
      await new Promise((wait) => setTimeout(wait, 20));
    }
    server.kill('SIGTERM');
    return { code: await exited, lines: output.trim().split('\n') };
  }

  it('says it is starting and that it was stopped, as readable lines when asked', async () => {
    const { code, lines } = await startThenStop('pretty', 'pretty');
    expect(code).toBe(143);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}starting SciAI port=0 engine=pglite data_dir=\S+pretty$/);
    expect(lines.at(-1)).toMatch(/^\d\d:\d\d:\d\d INFO {2}stopped while starting signal=SIGTERM after_ms=\d+$/);
  });

  it('writes the same lines as JSON for a pipe', async () => {
    if (inject('engine') !== 'pglite') return;
    const { code, lines } = await startThenStop('json', 'json');
    expect(code).toBe(143);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records[0]).toMatchObject({ level: 30, msg: 'starting SciAI', engine: 'pglite', port: 0 });
    expect(records.at(-1)).toMatchObject({ level: 30, msg: 'stopped while starting', signal: 'SIGTERM' });
  });
});
