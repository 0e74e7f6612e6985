import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same files would corrupt them.
 * The lock file is created exclusively (O_EXCL), so exactly one process wins; a lock left by a
 * process that no longer exists is taken over.
 */
export interface DataDirLock {
  readonly path: string;
  /** Record where this server can be reached, so the CLI can talk to it. */
  advertise(info: { url: string }): void;
  release(): void;
}

export interface LockOwner {
  pid: number;
  url?: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  readonly owner: LockOwner;
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `The data directory ${dataDir} is in use by another SciAI process (pid ${owner.pid}` +
        `${owner.url ? `, serving ${owner.url}` : ''}). Stop that process or choose another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
    this.owner = owner;
  }
}

const LOCK_FILE = 'sciai.lock';

export function lockPath(dataDir: string): string {
  return join(dataDir, LOCK_FILE);
}

/** The live owner of a data directory, if any. */
export function readLockOwner(dataDir: string): LockOwner | undefined {
  let owner: LockOwner;
  try {
    owner = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
  return isAlive(owner.pid) ? owner : undefined;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = lockPath(dataDir);
  const owner: LockOwner = { pid: process.pid, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(owner));
      closeSync(fd);
      return {
        path,
        advertise(info) {
          owner.url = info.url;
          const handle = openSync(path, 'w', 0o600);
          writeSync(handle, JSON.stringify(owner));
          closeSync(handle);
        },
        release() {
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readLockOwner(dataDir);
      if (current) throw new DataDirLockedError(dataDir, current);
      rmSync(path, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
