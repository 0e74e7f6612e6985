import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A stand-in for the outside APIs: a local HTTP server per source, each on its own port so a
 * client's base URL is just its origin (the clients resolve absolute paths such as `/repos/o/n`
 * against it), answering from fixture files in
 * fixtures/sources/<source>/ or from handlers a test or bench gives. Like the real ones it can be
 * slow (latency), it limits requests per second per source (429 + Retry-After), it answers
 * If-None-Match with 304, and it can be told to misbehave: 502, a hang, malformed JSON, GitHub's
 * secondary rate limit, a huge body, a redirect loop.
 */

export interface FixtureAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** A string or a JSON value (serialised). */
  body?: unknown;
}
export interface FixtureRequest {
  source: string;
  /** The path with its query (`/repos/o/n?x=1`). */
  path: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
}
export type FixtureHandler = (request: FixtureRequest) => FixtureAnswer | undefined;

export type FaultKind =
  '502' | '500' | 'timeout' | 'malformed' | 'secondary-limit' | '429' | 'huge' | 'deep-json' | 'redirect-loop';
export interface Fault {
  kind: FaultKind;
  /** Only for paths containing this text (all paths of the source by default). */
  match?: string;
  /** How many answers it spoils; then the server behaves again. Infinity by default. */
  times?: number;
  /** Retry-After seconds for 429 and the secondary limit (1 by default). */
  retryAfterSeconds?: number;
}

export interface SourceFixtureServerOptions {
  /** Delay before each answer, in milliseconds. */
  latencyMs?: number;
  /** Requests per second per source; more in the same second answer 429 + Retry-After: 1. */
  perSecond?: number;
  handlers?: Record<string, FixtureHandler>;
  /** Where the fixture files are; fixtures/sources by default. */
  fixturesDir?: string;
}

export interface SourceFixtureServer {
  /** The base URL a source client is given: http://127.0.0.1:<the source's port>. */
  baseUrl(source: string): string;
  /** Which source a URL of this server belongs to (for per-source limits in tests). */
  sourceOf(url: string): string;
  fault(source: string, fault: Fault): void;
  clearFaults(): void;
  /** Requests received per source, and how many got 429 from the server's own limit. */
  counts(source: string): { requests: number; limited: number; notModified: number };
  /** Every request's path per source, in arrival order. */
  log(source: string): string[];
  close(): Promise<void>;
}

/** The sources served by default; a handler for another name adds its server. */
export const FIXTURE_SOURCES = ['openalex', 'arxiv', 'crossref', 'github', 'huggingface', 'biotools', 'links'];

const defaultFixturesDir = path.resolve(import.meta.dirname, '../../fixtures/sources');

/** Finds the fixture for a path: `/repos/o/n` → repos/o/n.json (query ignored, no traversal). */
function fileFixture(dir: string, source: string, requestPath: string): FixtureAnswer | undefined {
  const clean = requestPath
    .split('?')[0]!
    .split('/')
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .map((part) => decodeURIComponent(part).replace(/[^A-Za-z0-9._:-]/g, '_'))
    .join('/');
  const file = path.join(dir, source, `${clean}.json`);
  if (!file.startsWith(path.join(dir, source))) return undefined;
  if (!existsSync(file)) return undefined;
  return { status: 200, headers: { 'content-type': 'application/json' }, body: readFileSync(file, 'utf8') };
}

export async function startSourceFixtureServer(options: SourceFixtureServerOptions = {}): Promise<SourceFixtureServer> {
  const latency = options.latencyMs ?? 0;
  const fixturesDir = options.fixturesDir ?? defaultFixturesDir;
  const faults = new Map<string, Fault[]>();
  const counters = new Map<string, { requests: number; limited: number; notModified: number }>();
  const logs = new Map<string, string[]>();
  const windows = new Map<string, { second: number; count: number }>();
  const hanging = new Set<http.ServerResponse>();

  const countsOf = (source: string) => {
    let counts = counters.get(source);
    if (!counts) {
      counts = { requests: 0, limited: 0, notModified: 0 };
      counters.set(source, counts);
    }
    return counts;
  };

  const takeFault = (source: string, requestPath: string): Fault | undefined => {
    const list = faults.get(source) ?? [];
    const index = list.findIndex((fault) => fault.match === undefined || requestPath.includes(fault.match));
    if (index < 0) return undefined;
    const fault = list[index]!;
    const left = (fault.times ?? Infinity) - 1;
    if (left <= 0) list.splice(index, 1);
    else list[index] = { ...fault, times: left };
    return fault;
  };

  const send = (
    response: http.ServerResponse,
    answer: FixtureAnswer,
    ifNoneMatch: string | undefined,
    source: string,
  ) => {
    const body =
      answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const status = answer.status ?? 200;
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', ...answer.headers };
    if (status === 200 && headers.etag === undefined) {
      headers.etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
    }
    if (status === 200 && ifNoneMatch !== undefined && ifNoneMatch === headers.etag) {
      countsOf(source).notModified += 1;
      response.writeHead(304, { etag: headers.etag });
      response.end();
      return;
    }
    response.writeHead(status, headers);
    response.end(body);
  };

  const handle = (source: string, request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fixture.invalid');
    const requestPath = `${url.pathname}${url.search}`;
    const counts = countsOf(source);
    counts.requests += 1;
    let log = logs.get(source);
    if (!log) logs.set(source, (log = []));
    log.push(requestPath);

    if (options.perSecond !== undefined) {
      const second = Math.floor(Date.now() / 1000);
      const window = windows.get(source);
      if (!window || window.second !== second) windows.set(source, { second, count: 1 });
      else if (++window.count > options.perSecond) {
        counts.limited += 1;
        response.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
        response.end('{"message":"rate limit"}');
        return;
      }
    }

    const fault = takeFault(source, requestPath);
    const ifNoneMatch =
      typeof request.headers['if-none-match'] === 'string' ? request.headers['if-none-match'] : undefined;
    if (fault?.kind === 'timeout') {
      hanging.add(response); // never answered; closed when the client gives up or the server stops
      response.on('close', () => hanging.delete(response));
      return;
    }
    const answer = (): FixtureAnswer => {
      switch (fault?.kind) {
        case '502':
        case '500':
          return { status: Number(fault.kind), headers: { 'content-type': 'text/html' }, body: '<h1>Bad gateway</h1>' };
        case 'malformed':
          return { status: 200, body: '{"stargazers_count": 12, "full_name": ' };
        case 'secondary-limit':
          return {
            status: 403,
            headers: {
              'x-ratelimit-remaining': '0',
              'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + (fault.retryAfterSeconds ?? 1)),
            },
            body: { message: 'You have exceeded a secondary rate limit.' },
          };
        case '429':
          return {
            status: 429,
            headers: { 'retry-after': String(fault.retryAfterSeconds ?? 1) },
            body: { message: 'Too many requests' },
          };
        case 'huge':
          return { status: 200, body: `{"pad":"${'x'.repeat(12 * 1024 * 1024)}"}` };
        case 'deep-json':
          return { status: 200, body: `${'['.repeat(200_000)}${']'.repeat(200_000)}` };
        case 'redirect-loop':
          return { status: 302, headers: { location: requestPath }, body: '' };
        default: {
          const handler = options.handlers?.[source];
          const request_ = { source, path: requestPath, url, headers: request.headers };
          return (
            handler?.(request_) ??
            fileFixture(fixturesDir, source, requestPath) ?? { status: 404, body: { message: 'Not Found' } }
          );
        }
      }
    };
    const reply = () => send(response, answer(), ifNoneMatch, source);
    if (latency > 0) setTimeout(reply, latency);
    else reply();
  };

  const servers = new Map<string, { server: http.Server; origin: string }>();
  for (const source of [...FIXTURE_SOURCES, ...Object.keys(options.handlers ?? {})]) {
    if (servers.has(source)) continue;
    const server = http.createServer((request, response) => handle(source, request, response));
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.set(source, { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }
  const byOrigin = new Map([...servers].map(([source, { origin }]) => [origin, source]));

  return {
    baseUrl(source) {
      const found = servers.get(source);
      if (!found) throw new Error(`No fixture server for ${source}: give it a handler`);
      return found.origin;
    },
    sourceOf(url) {
      try {
        return byOrigin.get(new URL(url).origin) ?? 'other';
      } catch {
        return 'other';
      }
    },
    fault(source, fault) {
      const list = faults.get(source) ?? [];
      list.push(fault);
      faults.set(source, list);
    },
    clearFaults: () => faults.clear(),
    counts: (source) => ({ ...countsOf(source) }),
    log: (source) => [...(logs.get(source) ?? [])],
    async close() {
      for (const response of hanging) response.destroy();
      await Promise.all(
        [...servers.values()].map(({ server }) => {
          server.closeAllConnections();
          return new Promise<void>((resolve) => server.close(() => resolve()));
        }),
      );
    },
  };
}
