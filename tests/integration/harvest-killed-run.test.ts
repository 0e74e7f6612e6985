import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@sciai/server';
import { serviceClient } from '../support/clients.ts';
import { itemsWith, reportOf, useHarvestSources } from '../support/harvest-sources.ts';
import { COMPILE_CACHE, runSciai } from '../support/sciai.ts';

/**
 * `sciai harvest` killed (SIGKILL) between two pages: the next run resumes from the last page it
 * committed, and nothing of the page it was waiting for is half-written.
 */
const { sources, environment } = useHarvestSources();

describe('sciai harvest, killed mid-way', () => {
  it('resumes a run killed mid-way (SIGKILL) from its last committed page, nothing half-written', async () => {
    // Page 2 hangs, so the process is surely between pages when it is killed.
    sources.fault('openalex', { kind: 'timeout', match: 'cursor=Ils', times: 1 });
    const child = spawn(
      join(REPO_ROOT, 'node_modules/.bin/node'),
      [join(REPO_ROOT, 'cli/src/sciai.ts'), 'harvest', 'openalex', '--search', 'killed run', '--json'],
      {
        env: {
          ...process.env,
          ...environment({ HARVEST_TIMEOUT_SECONDS: '120' }),
          NO_COLOR: '1',
          NODE_COMPILE_CACHE: COMPILE_CACHE,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let exitCode: number | null | undefined;
    const exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        exitCode = code;
        resolve(code);
      }),
    );
    // A hang guard, not a speed limit: on a loaded machine the process's start alone can take
    // half a minute. A process that ends before committing its first page fails at once, saying why.
    await expect
      .poll(
        async () => {
          if (exitCode !== undefined) throw new Error(`sciai harvest exited (${exitCode}) early: ${stderr}`);
          const { data } = await serviceClient()
            .from('harvest_runs')
            .select('pages')
            .contains('query', { search: 'killed run' });
          return data?.[0]?.pages ?? 0;
        },
        { timeout: 200_000, interval: 250 },
      )
      .toBe(1);
    child.kill('SIGKILL');
    await exited;
    sources.clearFaults();
    const { data: killed } = await serviceClient()
      .from('harvest_runs')
      .select('id, status, pages, added, skipped')
      .contains('query', { search: 'killed run' })
      .single();
    expect(killed).toMatchObject({ status: 'running', pages: 1 });
    expect(killed!.added + killed!.skipped).toBeGreaterThan(0);

    const resumed = await runSciai(['harvest', 'openalex', '--search', 'killed run', '--json'], environment());
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(reportOf(resumed)).toMatchObject({ ok: true, resumed: true, runId: killed!.id, pages: 1, records: 2 });
    expect(await itemsWith('openalex', 'W4396000006')).toHaveLength(1);
    expect(await itemsWith('openalex', 'W4385245566')).toHaveLength(1);
    const { data: done } = await serviceClient()
      .from('harvest_runs')
      .select('status, pages')
      .eq('id', killed!.id)
      .single();
    expect(done).toEqual({ status: 'completed', pages: 2 });
  }, 240_000);
});
