import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { startWireServer } from './pglite-wire-server.ts';

/**
 * PGlite in a thread of its own. Its WebAssembly runs each statement to completion on the
 * thread that owns it, so here a heavy query never stalls the gateway's event loop.
 * Protocol with the parent: it sends { dataDir, passwords, image? }, we answer { port } or { error }; 'close' → 'closed';
 * { probe: n } → { probed: n, waiting, turnMs } (the health check, engine.ts).
 */
const { dataDir, passwords, image } = workerData as {
  dataDir: string;
  passwords: Record<string, string>;
  image?: string;
};
const port = parentPort!;

/**
 * PGlite runs PostgreSQL as a single-user backend, which never checkpoints by itself (no
 * checkpointer: neither `checkpoint_timeout` nor `max_wal_size` triggers one), so its write-ahead
 * log only grew; table-maintenance.ts checkpoints it. After a checkpoint the old segments are
 * kept for reuse up to about `max_wal_size`: 1 GB by default, here 64 MB, enough for a
 * minute of heavy traffic between checks (docs/decisions/0053-health-outside-the-queue.md).
 */
const PGLITE_WAL_SETTINGS = ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'];

try {
  const db = await PGlite.create(dataDir, {
    loadDataDir: image ? new Blob([readFileSync(image)]) : undefined,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_WAL_SETTINGS],
  });
  const wire = await startWireServer(db, { passwords });
  port.on('message', async (message: unknown) => {
    // Answered as soon as this thread is free: after the statement running now, not after every
    // request waiting for the session. A statement that never ends leaves it unanswered.
    if (typeof message === 'object' && message !== null && 'probe' in message) {
      port.postMessage({ probed: message.probe, ...wire.activity() });
      return;
    }
    if (message !== 'close') return;
    await wire.close();
    await db.close();
    port.postMessage('closed');
  });
  port.postMessage({ port: wire.port });
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
