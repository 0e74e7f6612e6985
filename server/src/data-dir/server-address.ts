import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive, readLockOwner } from './lock.ts';

/**
 * Where the server of a data directory listens, for `sciai keys` on the same machine. On PGlite
 * the data directory's lock says it (lock.ts); on PostgreSQL (DATABASE_URL) there is no lock, as
 * nothing in the directory needs one, so the server writes this file instead. Either way the
 * answer is the port it really got (PORT, or the one the system gave for PORT=0), not a default.
 */
const ADDRESS_FILE = 'server.json';

interface ServerAddress {
  pid: number;
  url: string;
}

/** Writes the file; the function returned removes it (at shutdown). */
export function advertiseServerAddress(dataDir: string, url: string): () => void {
  const path = join(dataDir, ADDRESS_FILE);
  writeFileSync(path, JSON.stringify({ pid: process.pid, url } satisfies ServerAddress), { mode: 0o600 });
  return () => rmSync(path, { force: true });
}

/** The URL of the live server of this data directory, if one runs. */
export function readServerUrl(dataDir: string): string | undefined {
  const locked = readLockOwner(dataDir)?.url;
  if (locked) return locked;
  let address: Partial<ServerAddress>;
  try {
    address = JSON.parse(readFileSync(join(dataDir, ADDRESS_FILE), 'utf8')) as Partial<ServerAddress>;
  } catch {
    return undefined;
  }
  return typeof address.url === 'string' && typeof address.pid === 'number' && isAlive(address.pid)
    ? address.url
    : undefined;
}
