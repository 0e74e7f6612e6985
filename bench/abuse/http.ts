import { type Agent, request as httpRequest } from 'node:http';

export interface Answer {
  status: number;
  ms: number;
  /** a network error instead of an answer (ECONNRESET, timeout …) */
  error?: string;
  body?: string;
  continued?: boolean;
}

/**
 * One HTTP request, its answer read to the end. node:http rather than fetch: the hostile bodies
 * need `Expect: 100-continue` (which undici refuses), and the visitors' pool is an Agent of ours.
 */
export function send(
  base: string,
  agent: Agent | false,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
  options: { expectContinue?: boolean; keepBody?: boolean; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  // answers are small (the hostile ones are refusals): keep them for their error codes
  const keepBody = options.keepBody ?? true;
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, ms: performance.now() - started });
    };
    const payload = typeof body === 'string' ? Buffer.from(body) : body;
    let continued = false;
    // the path as written: new URL() would resolve `%2e%2e` segments before the server saw them
    const { hostname, port } = new URL(base);
    const request = httpRequest({
      hostname,
      port,
      path,
      method,
      agent,
      headers: {
        ...headers,
        ...(payload ? { 'content-length': String(payload.length) } : {}),
        ...(options.expectContinue ? { expect: '100-continue' } : {}),
      },
      timeout: options.timeoutMs ?? 30_000,
    });
    request.on('continue', () => {
      continued = true;
      request.end(payload);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (keepBody) chunks.push(chunk);
      });
      response.on('end', () => {
        done({
          status: response.statusCode ?? 0,
          continued,
          body: keepBody ? Buffer.concat(chunks).toString('utf8') : undefined,
        });
        // refused before the body was asked for: it is never sent
        if (options.expectContinue && !continued) request.destroy();
      });
      response.on('error', (error: NodeJS.ErrnoException) => done({ status: 0, error: error.code ?? error.message }));
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => done({ status: 0, error: error.code ?? error.message }));
    if (options.expectContinue) request.flushHeaders();
    else request.end(payload);
  });
}
