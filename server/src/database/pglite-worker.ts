import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { startWireServer } from './pglite-wire-server.ts';

/**
 * PGlite in a thread of its own. Its WebAssembly runs each statement to completion on the
 * thread that owns it, so here a heavy query never stalls the gateway's event loop.
 * Protocol with the parent: it sends { dataDir, passwords }, we answer { port } or { error }; 'close' → 'closed'.
 */
const { dataDir, passwords } = workerData as { dataDir: string; passwords: Record<string, string> };
const port = parentPort!;

try {
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const wire = await startWireServer(db, { passwords });
  port.on('message', async (message: unknown) => {
    if (message !== 'close') return;
    await wire.close();
    await db.close();
    port.postMessage('closed');
  });
  port.postMessage({ port: wire.port });
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
