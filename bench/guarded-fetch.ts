import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createGuardedFetch } from '@sciai/server';

/**
 * What the guarded fetch costs per request against the standard fetch: the same GETs to a local
 * server, kept-alive and with a new connection each (where the guarded lookup and its judgement
 * run every time). The guarded fetch is given a resolver that answers the server's loopback
 * address and a policy that takes it for public, so that its checked path runs without the
 * outside network. Prints requests per second and CPU milliseconds per request.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = 8;

const server = http.createServer((request, response) => {
  const close = request.url?.includes('close');
  response.writeHead(200, { 'content-type': 'text/plain', ...(close ? { connection: 'close' } : {}) }).end('ok');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;

type Get = (url: string) => Promise<string>;
async function measure(get: Get, url: string): Promise<{ perSecond: number; cpuMsPerRequest: number }> {
  for (let index = 0; index < 50; index += 1) await get(url);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        await get(url);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    perSecond: Math.round(REQUESTS / seconds),
    cpuMsPerRequest: Number(((used.user + used.system) / 1000 / REQUESTS).toFixed(3)),
  };
}

const guarded = createGuardedFetch({
  resolve: async () => [{ address: '127.0.0.1', family: 4 }],
  isPublic: () => true,
});
const standard: Get = async (url) => (await fetch(url, { signal: AbortSignal.timeout(10_000) })).text();
const checked: Get = async (url) =>
  (
    await guarded(url.replace('127.0.0.1', 'bench.example.org'), { headers: {}, signal: AbortSignal.timeout(10_000) })
  ).text();

const results: Record<string, unknown> = {};
for (const [connection, path] of [
  ['kept-alive', '/'],
  ['new connection each', '/close'],
] as const) {
  const url = `http://127.0.0.1:${port}${path}`;
  results[connection] = { standardFetch: await measure(standard, url), guardedFetch: await measure(checked, url) };
}
await guarded.close();
server.closeAllConnections();
server.close();
console.warn(
  JSON.stringify({ requests: REQUESTS, concurrency: CONCURRENCY, ...results, loadAverage: loadavg()[0] }, null, 2),
);
