import { request as httpRequest } from 'node:http';

/** A gateway answer as the bench keeps it: the status and the start of the body, for failures. */
export interface Answer {
  status: number;
  text: string;
}

/**
 * Requests to a gateway on this machine, each from an address of its own (the rate limits count
 * per address), as a browser sends them (compressed answers, a browser's user agent: the page
 * counts a view as it does for a visitor), timed one at a time. Answers other than 200 are kept in
 * `failures`, not timed apart.
 */
export function gatewayRequests(port: number, anonKey: string) {
  let visitor = 0;
  const failures: string[] = [];
  const send = (method: 'GET' | 'POST', path: string, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      visitor += 1;
      const headers: Record<string, string | number> = {
        'x-forwarded-for': `198.18.${(visitor >> 8) & 255}.${visitor & 255}`,
        'accept-encoding': 'gzip, deflate, br, zstd',
        accept: method === 'GET' ? 'text/html' : 'application/json',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench-reviews',
      };
      if (body !== undefined) {
        Object.assign(headers, {
          apikey: anonKey,
          authorization: `Bearer ${anonKey}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        });
      }
      const request = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString().slice(0, 200) }),
        );
      });
      request.on('error', reject);
      request.end(body);
    });
  /** Milliseconds the call took; a gateway answer other than 200 is noted. */
  const timed = async (run: () => Promise<unknown>) => {
    const begin = performance.now();
    const answer = await run();
    const ms = performance.now() - begin;
    if (answer && typeof answer === 'object' && 'status' in answer && answer.status !== 200) {
      failures.push(`${String(answer.status)}: ${'text' in answer ? String(answer.text) : ''}`);
    }
    return ms;
  };
  return { send, timed, failures };
}

export function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(2));
  return { samples: values.length, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1) };
}

/** The product's percentile over the baseline's, measured in the same run. */
export function ratio(product: number[], baseline: number[], p: 'p50_ms' | 'p95_ms'): number {
  return Number((stats(product)[p] / stats(baseline)[p]).toFixed(2));
}
