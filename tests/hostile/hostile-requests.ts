import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';

/**
 * What a hostile test needs: send a request as an anonymous visitor (or with another key), and
 * check that the site is still up right after.
 */
export interface Target {
  url: string;
  anonKey: string;
}

/**
 * The visitor a test file speaks as: an address of its own in X-Forwarded-For, as the test
 * backend's trusted proxy would send it (the gateway counts every address; files share a backend).
 * Files also share this module (one worker runs them all), so the address is kept per file.
 */
function visitorAddress(): string {
  const file = expect.getState().testPath ?? '';
  let address = visitorAddresses.get(file);
  if (address === undefined) {
    address = `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
    visitorAddresses.set(file, address);
  }
  return address;
}
const visitorAddresses = new Map<string, string>();

/** A request answered within `waitMs`, or a failed test (a hung gateway must not hang the suite). */
export async function send(
  target: Target,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; key?: string; waitMs?: number } = {},
): Promise<{ status: number; body: unknown; elapsedMs: number }> {
  const key = init.key ?? target.anonKey;
  const started = performance.now();
  const response = await fetch(`${target.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'x-forwarded-for': visitorAddress(),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body,
    signal: AbortSignal.timeout(init.waitMs ?? 10_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the assertion's message
  }
  return { status: response.status, body, elapsedMs: performance.now() - started };
}

/** /healthz answers 200 within a few seconds: the database and PostgREST are still serving. */
export async function expectHealthy(target: Target): Promise<void> {
  const response = await fetch(`${target.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
  await response.body?.cancel();
}

/** `[` n times, then `]` n times: JSON nested n levels deep. */
export function nestedArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/**
 * A POST with `Expect: 100-continue`, sent as curl sends a large body: the headers, then the body
 * only after the server's 100 Continue. fetch cannot do this (undici refuses the header).
 */
export function postExpectingContinue(
  target: Target,
  path: string,
  body: Buffer,
  key: string,
): Promise<{ status: number; continued: boolean; body: unknown }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, target.url);
    let continued = false;
    const request = httpRequest(url, {
      method: 'POST',
      headers: {
        apikey: key,
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'content-length': String(body.length),
        expect: '100-continue',
      },
      timeout: 30_000,
    });
    request.on('continue', () => {
      continued = true;
      request.end(body);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // kept as text
        }
        resolve({ status: response.statusCode ?? 0, continued, body: parsed });
        // Refused before the body was asked for: it is never sent.
        if (!continued) request.destroy();
      });
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 30 s')));
    request.on('error', reject);
    request.flushHeaders();
  });
}
