import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardRefusedBody } from './discard-refused-body.ts';

/** A server that refuses every request with a 413 before reading its body, as the gateway does. */
let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((request, response) => {
    discardRefusedBody(request, { maxBytes: 4 * 1024 * 1024, maxMs: 1_000 });
    response.writeHead(413, { 'content-type': 'application/json' }).end('{"code":"SCIAI413"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `chunks` (then ends, unless `end` is false); resolves to the status seen, or the error. */
function post(chunks: Buffer[], declaredLength: number, end = true): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const request = httpRequest(
      { port, host: '127.0.0.1', method: 'POST', path: '/', headers: { 'content-length': String(declaredLength) } },
      (response) => {
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode }));
      },
    );
    request.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    for (const chunk of chunks) request.write(chunk);
    if (end) request.end();
  });
}

describe('a refused body', () => {
  it('is read and dropped, so a client sending 2 MB reads the refusal', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 'x');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await post([body], body.length)).toEqual({ status: 413 });
    }
  });

  it('is read only up to its bound: past it the connection is cut', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const outcome = await post(
      Array.from({ length: 12 }, () => chunk),
      12 * chunk.length,
    );
    // The answer may arrive before the cut; what matters is that the 12 MB are never all read.
    if (outcome.status === undefined) expect(outcome.error).toMatch(/ECONNRESET|EPIPE/);
    else expect(outcome.status).toBe(413);
  });

  it('that never comes does not hold the connection past its time', async () => {
    const started = Date.now();
    const socketClosed = new Promise<void>((resolve) => {
      const request = httpRequest({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/',
        headers: { 'content-length': '1000000' },
      });
      request.on('error', () => {});
      request.on('response', (response) => response.resume());
      request.on('socket', (socket) => socket.once('close', () => resolve()));
      request.write('x'); // and nothing more
    });
    await socketClosed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});
