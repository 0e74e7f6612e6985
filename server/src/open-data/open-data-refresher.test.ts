import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeAbandonedStaging } from './open-data-refresher.ts';

const directories: string[] = [];
afterEach(() => directories.splice(0).forEach((path) => rmSync(path, { recursive: true, force: true })));

describe('removeAbandonedStaging', () => {
  it('removes what a dead or earlier generation of this process left, and nothing else', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'sciai-open-data-'));
    directories.push(directory);
    // a pid far beyond any Linux pid_max: no such process
    const dead = join(directory, '.staging-999999999-1');
    const own = join(directory, `.staging-${process.pid}-2`);
    const living = join(directory, `.staging-${process.ppid}-3`);
    const other = join(directory, 'catalog.jsonl.gz.d');
    for (const path of [dead, own, living, other]) mkdirSync(path);
    await removeAbandonedStaging(directory);
    expect([dead, own, living, other].map((path) => existsSync(path))).toEqual([false, false, true, true]);
    await removeAbandonedStaging(join(directory, 'missing'));
  });
});
