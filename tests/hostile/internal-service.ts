import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a service of the server's own network (PostgREST's admin port, a database, a
 * cloud metadata endpoint): it answers 200 on loopback and counts what reaches it, so a test can
 * show that nothing did.
 */
export interface InternalService {
  port: number;
  /** Requests received so far. */
  requests(): number;
  close(): Promise<void>;
}

export async function startInternalService(host = '127.0.0.1'): Promise<InternalService> {
  let count = 0;
  const server = http.createServer((_request, response) => {
    count += 1;
    response.writeHead(200, { 'content-type': 'text/plain' }).end('internal');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
