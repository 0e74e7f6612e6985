import { loadConfig } from './config.ts';
import { startBackend, type Backend } from './backend.ts';
import { buildGateway } from './gateway/app.ts';
import { DataDirLockedError } from './data-dir/lock.ts';
import { advertiseServerAddress } from './data-dir/server-address.ts';
import { requirePublicUrlInProduction } from './gateway/known-hosts.ts';
import { createLogStream } from './logging/log-stream.ts';
import './i18n/server-i18n.ts';

/**
 * `npm start`: the embedded Supabase (or, with SUPABASE_URL, just the web app for a hosted
 * project) behind one port.
 */
try {
  requirePublicUrlInProduction(process.env);
} catch (error) {
  process.stderr.write(`sciai: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const config = loadConfig();
const started = performance.now();
// One stream for the gateway's lines and the server's own: readable on a terminal, JSON otherwise.
const logStream = createLogStream(process.stdout, { format: config.logFormat });
const log = (message: string, details: Record<string, unknown> = {}) =>
  logStream.write(JSON.stringify({ level: 30, time: Date.now(), msg: message, ...details }));
// Stopped before it serves: say so, rather than leave a bare "Terminated". Listened for before the
// first line, so a process manager that stops the server on seeing it is heard.
const stopWhileStarting = (signal: NodeJS.Signals) => {
  log('stopped while starting', { signal, after_ms: Math.round(performance.now() - started) });
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.once('SIGTERM', stopWhileStarting);
process.once('SIGINT', stopWhileStarting);
// The first word at once: opening the database and migrating a new one take a while.
log('starting SciAI', {
  port: config.port,
  ...(config.hosted
    ? { engine: 'hosted' }
    : config.databaseUrl
      ? { engine: 'postgresql' }
      : { engine: 'pglite', data_dir: config.dataDir }),
});

let backend: Backend | undefined;
try {
  if (!config.hosted) {
    backend = await startBackend(config, { log });
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`sciai: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const gateway = await buildGateway({
  backend,
  publicSupabase: config.hosted
    ? { url: config.hosted.url, anonKey: config.hosted.anonKey }
    : { url: undefined, anonKey: backend!.secrets.anonKey },
  webDist: config.webDist,
  logLevel: config.logLevel,
  logStream,
  dataApiTimeoutMs: config.dataApiTimeoutMs,
  openDataRefresh: config.openDataRefresh,
  passwordHashCost: config.passwordHashCost,
});

try {
  await gateway.listen({ port: config.port, host: config.host });
} catch (error) {
  await backend?.stop();
  throw error;
}
const address = gateway.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = `http://localhost:${port}`;
backend?.lock?.advertise({ url });
// Without a lock (PostgreSQL), `sciai keys` reads the address from the data directory instead.
const withdrawAddress = backend && !backend.lock ? advertiseServerAddress(config.dataDir, url) : undefined;
log('SciAI is serving', {
  url,
  engine: backend?.db.engine ?? 'hosted',
  postgrest_pid: backend?.postgrest.pid,
  startup_ms: Math.round(performance.now() - started),
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log('shutting down', { signal });
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  withdrawAddress?.();
  await gateway.close();
  await backend?.stop();
  process.exit(0);
}
process.off('SIGTERM', stopWhileStarting);
process.off('SIGINT', stopWhileStarting);
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// The embedded database stopped on its own: say so (on /healthz too, for a few seconds) and exit
// non-zero, so the process manager starts a fresh server (docs/decisions on supervision).
backend?.db.onFailure?.((reason) => {
  process.stderr.write(`sciai: the database stopped: ${reason}\n`);
  log('database stopped', { reason });
  setTimeout(() => process.exit(1), 2_000);
});
process.on('SIGINT', () => void shutdown('SIGINT'));
