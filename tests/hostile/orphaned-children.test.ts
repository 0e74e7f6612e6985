import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '@sciai/server';
import { createTestDatabase } from '../support/backend.ts';
import { COMPILE_CACHE } from '../support/sciai.ts';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server killed without a chance to clean up (kill -9, OOM killer) leaves no process behind. */
describe('a server killed with SIGKILL', () => {
  const engine = inject('engine');

  // measured: PostgREST is gone about 1.9 s after the server (watchdog start, then its SIGTERM stop)
  it('takes its PostgREST child with it within a few seconds', async () => {
    const database = await createTestDatabase(engine, 'migrated', `sciai-orphans-${engine}-`);
    const server = spawn(process.execPath, [join(REPO_ROOT, 'server/src/main.ts')], {
      env: {
        ...process.env,
        NODE_COMPILE_CACHE: COMPILE_CACHE,
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.databaseUrl ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
      },
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let postgrestPid = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /"postgrest_pid":(\d+)/.exec(output);
          if (match) {
            clearInterval(timer);
            postgrestPid = Number(match[1]);
            resolve();
          }
        }, 100);
        server.once('exit', (code) => reject(new Error(`server exited early with ${code}: ${output}`)));
      });
      expect(isAlive(postgrestPid)).toBe(true);

      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      const killedAt = Date.now();
      while (isAlive(postgrestPid) && Date.now() - killedAt < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(isAlive(postgrestPid), `PostgREST (pid ${postgrestPid}) outlived the server`).toBe(false);
    } finally {
      if (postgrestPid && isAlive(postgrestPid)) process.kill(postgrestPid, 'SIGKILL');
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
      await database.remove();
    }
    // A guard against a hang, not a speed limit: on a loaded machine (load 24 on two cores) the
    // server's start alone took a minute.
  }, 180_000);
});
