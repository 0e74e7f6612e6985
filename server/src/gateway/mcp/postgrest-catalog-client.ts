import { request as httpRequest } from 'node:http';
import type { CatalogAnswer, CatalogClient, CatalogRead } from '@sciai/core/mcp';
import { STATEMENT_CANCELLED, STATEMENT_TIME_LIMIT_MESSAGE } from '../request-limits/statement-timeout.ts';

/** Where PostgREST listens: its unix socket, or a loopback port (Windows). */
export type PostgrestAddress = { socketPath: string } | { host: string; port: number };

/**
 * The MCP tools' catalog calls straight to the embedded PostgREST, as anon. Not through the
 * gateway's own /rest/v1: the /mcp request has passed the gateway's rate and request limits
 * already, and a second trip through them would count every agent as this machine's address.
 * The SQL functions, grants and row-level security are the same as for a visitor's browser.
 */
export function createPostgrestCatalogClient(
  address: PostgrestAddress,
  anonKey: string,
  timeoutMs: number,
): CatalogClient {
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    requestJson(address, { method, path, body, token: anonKey, timeoutMs });
  return {
    rpc: (fn, args) => call('POST', `/rpc/${fn}`, args),
    read: (query) => call('GET', readPath(query)),
  };
}

/**
 * The same calls to a hosted project's Data API (`SUPABASE_URL/rest/v1`), as anon, for a gateway
 * that serves a hosted Supabase project and has no PostgREST of its own.
 */
export function createHostedCatalogClient(supabaseUrl: string, anonKey: string, timeoutMs: number): CatalogClient {
  const base = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1`;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<CatalogAnswer> => {
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${anonKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const data: unknown = await response.json().catch(() => null);
      if (!response.ok) return { data: null, error: { message: errorMessage(data, response.status) } };
      return { data, error: null };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        data: null,
        error: { message: timedOut ? 'the Data API took too long to answer' : 'the Data API is unreachable' },
      };
    }
  };
  return {
    rpc: (fn, args) => call('POST', `/rpc/${fn}`, args),
    read: (query) => call('GET', readPath(query)),
  };
}

function readPath(query: CatalogRead): string {
  const params = new URLSearchParams({ select: query.columns });
  if ('order' in query) params.set('order', query.order);
  if ('id' in query) {
    params.set('id', `eq.${query.id}`);
    params.set('limit', '1');
  }
  return `/${query.table}?${params.toString()}`;
}

export function postgrestAddress(upstream: string, socketPath: string | undefined): PostgrestAddress {
  if (socketPath) return { socketPath };
  const url = new URL(upstream);
  return { host: url.hostname, port: Number(url.port) };
}

interface JsonRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token: string;
  timeoutMs: number;
}

function requestJson(address: PostgrestAddress, options: JsonRequest): Promise<CatalogAnswer> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve) => {
    const failed = (message: string) => resolve({ data: null, error: { message } });
    const request = httpRequest(
      {
        ...address,
        method: options.method,
        path: options.path,
        timeout: options.timeoutMs,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', () => failed('the Data API answer broke off'));
        response.on('end', () => {
          let data: unknown;
          try {
            data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            return failed(`the Data API answered ${response.statusCode} with no JSON`);
          }
          const status = response.statusCode ?? 500;
          if (status >= 400) return failed(errorMessage(data, status));
          resolve({ data, error: null });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) =>
      failed(error.message === 'timeout' ? 'the Data API took too long to answer' : 'the Data API is unreachable'),
    );
    request.end(payload);
  });
}

/** PostgREST's error message; a statement stopped at the role's time limit in the Data API's words. */
function errorMessage(data: unknown, status: number): string {
  if (typeof data === 'object' && data !== null && 'code' in data && data.code === STATEMENT_CANCELLED) {
    return STATEMENT_TIME_LIMIT_MESSAGE;
  }
  const message = typeof data === 'object' && data !== null && 'message' in data ? String(data.message) : '';
  return message || `the Data API answered ${status}`;
}
