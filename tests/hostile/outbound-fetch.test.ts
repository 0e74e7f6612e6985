import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, trustOrigins, type Resolve } from '@sciai/server';
import { HttpFailure } from '@sciai/core/sources';
import { startInternalService, type InternalService } from './internal-service.ts';

/**
 * The guarded fetch every server-side request to a host from data goes through (enrich, harvest,
 * any webhook), against hostile targets: addresses of the server's own network in every spelling,
 * names resolving inward (a resolver hook answers what a hostile DNS would), redirects inward
 * from a page it may reach, and a name that changes its answer between two lookups.
 */
let internal: InternalService;
/** A page the fetch may reach (trusted as an operator's mirror is) that redirects where it is told. */
let mirror: { url: string; seen: http.IncomingHttpHeaders[]; close(): Promise<void> };
beforeAll(async () => {
  internal = await startInternalService();
  mirror = await startRedirector();
});
afterAll(async () => {
  await internal.close();
  await mirror.close();
});

async function startRedirector(): Promise<typeof mirror> {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((request, response) => {
    seen.push(request.headers);
    const url = new URL(request.url ?? '/', 'http://mirror');
    const to = url.searchParams.get('to');
    if (url.searchParams.has('loop')) response.writeHead(302, { location: '/?loop' }).end();
    else if (to) response.writeHead(302, { location: to }).end();
    else response.writeHead(200, { 'content-type': 'text/plain' }).end('mirror');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const init = () => ({ headers: {}, signal: AbortSignal.timeout(10_000) });

async function refusal(promise: Promise<unknown>): Promise<HttpFailure> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpFailure);
  expect((error as HttpFailure).kind).toBe('refused');
  return error as HttpFailure;
}

describe('the guarded fetch', () => {
  it('refuses the server’s own addresses in every spelling, without connecting', async () => {
    const guarded = createGuardedFetch();
    const port = internal.port;
    try {
      for (const host of [
        '127.0.0.1',
        '[::ffff:127.0.0.1]',
        '[::ffff:7f00:1]',
        '[::ffff:0:7f00:1]',
        '[::127.0.0.1]',
        '[64:ff9b::7f00:1]',
        '[64:ff9b:1::7f00:1]',
        '[2002:7f00:1::1]',
        '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
        '2130706433',
        '017700000001',
        '0x7f000001',
        '0x7f.1',
        '0177.0.0.1',
        '127.1',
        '0',
        '[::]',
        '[::1]',
        'localhost',
        'LOCALHOST.',
        'api.localhost',
        'metadata.google.internal',
        '169.254.169.254',
        '[::ffff:a9fe:a9fe]',
        '100.64.0.1',
        '[fd00::1]',
        '[fe80::1]',
        '%31%32%37.0.0.1',
      ]) {
        await refusal(guarded(`http://${host}:${port}/ready`, init()));
      }
      expect(internal.requests()).toBe(0);
    } finally {
      await guarded.close();
    }
  });

  it('refuses a name whose DNS answer is not public, or only partly public', async () => {
    const answers: Record<string, Array<{ address: string; family: number }>> = {
      'inward.example.org': [{ address: '127.0.0.1', family: 4 }],
      'mapped.example.org': [{ address: '::ffff:127.0.0.1', family: 6 }],
      'mixed.example.org': [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.8', family: 4 },
      ],
      'nat64.example.org': [{ address: '64:ff9b::a9fe:a9fe', family: 6 }],
    };
    const resolve: Resolve = async (hostname) => answers[hostname] ?? [];
    const guarded = createGuardedFetch({ resolve });
    try {
      for (const name of Object.keys(answers)) {
        const error = await refusal(guarded(`http://${name}:${internal.port}/ready`, init()));
        expect(error.message).toMatch(/not public/);
      }
      expect(internal.requests()).toBe(0);
      // A name with no answer is not found, at once.
      const missing = await guarded(`http://missing.example.org:${internal.port}/`, init()).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(missing).toBeInstanceOf(HttpFailure);
      expect(missing).toMatchObject({ kind: 'network', message: 'Host not found' });
    } finally {
      await guarded.close();
    }
  });

  it('resolves once and connects to the address it judged, whatever the name answers next', async () => {
    // The policy is narrowed to one loopback address so that the test needs no outside network:
    // 127.0.0.2 plays a public address, 127.0.0.1 the internal one a rebinding name turns to.
    const judged = http.createServer((_request, response) => response.end('judged'));
    await new Promise<void>((resolve) => judged.listen(0, '127.0.0.2', resolve));
    const port = (judged.address() as AddressInfo).port;
    const rebind = http.createServer((_request, response) => response.end('rebound'));
    await new Promise<void>((resolve) => rebind.listen(port, '127.0.0.1', resolve));
    let lookups = 0;
    const resolve: Resolve = async () => {
      lookups += 1;
      return [{ address: lookups === 1 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
    };
    const guarded = createGuardedFetch({ resolve, isPublic: (address) => address === '127.0.0.2' });
    try {
      const response = await guarded(`http://rebinding.example.org:${port}/`, init());
      expect(await response.text()).toBe('judged');
      expect(lookups).toBe(1);
      // A fresh connection asks again and judges again: the rebound answer is refused.
      await guarded.close();
      const again = createGuardedFetch({ resolve, isPublic: (address) => address === '127.0.0.2' });
      await refusal(again(`http://rebinding.example.org:${port}/`, init()));
      await again.close();
    } finally {
      await guarded.close();
      judged.closeAllConnections();
      rebind.closeAllConnections();
      await Promise.all([judged, rebind].map((server) => new Promise((done) => server.close(done))));
    }
  });

  it('judges every hop of a redirect and drops credentials leaving the origin', async () => {
    const guarded = createGuardedFetch({ trusts: trustOrigins([mirror.url]) });
    try {
      // The operator's mirror is reached on loopback; where it points is judged like any URL.
      const ok = await guarded(`${mirror.url}/`, init());
      expect(await ok.text()).toBe('mirror');
      for (const target of [
        `http://[::ffff:7f00:1]:${internal.port}/ready`,
        `http://127.0.0.1:${internal.port}/ready`,
        `http://localhost:${internal.port}/ready`,
        'http://169.254.169.254/latest/meta-data/',
        `file:///etc/passwd`,
        `http://user:secret@93.184.215.14/`,
      ]) {
        await refusal(guarded(`${mirror.url}/?to=${encodeURIComponent(target)}`, init()));
      }
      // A chain of redirects within the mirror, the last one inward.
      const chain = `${mirror.url}/?to=${encodeURIComponent(`/?to=${encodeURIComponent(`http://127.0.0.1:${internal.port}/`)}`)}`;
      await refusal(guarded(chain, init()));
      expect(internal.requests()).toBe(0);

      // Asked not to follow, it answers the redirect itself (the link checker follows on its own).
      const manual = await guarded(`${mirror.url}/?to=${encodeURIComponent('http://127.0.0.1:1/')}`, {
        ...init(),
        redirect: 'manual',
      });
      expect(manual.status).toBe(302);
    } finally {
      await guarded.close();
    }

    // Credentials stay with their origin: the second mirror origin (another trusted port) gets none.
    const second = await startRedirector();
    const both = createGuardedFetch({ trusts: trustOrigins([mirror.url, second.url]) });
    try {
      const response = await both(`${mirror.url}/?to=${encodeURIComponent(`${second.url}/`)}`, {
        headers: { authorization: 'Bearer sciai_secret', 'user-agent': 'SciAI/0.1' },
        signal: AbortSignal.timeout(10_000),
      });
      expect(await response.text()).toBe('mirror');
      expect(mirror.seen.at(-1)?.authorization).toBe('Bearer sciai_secret');
      expect(second.seen.at(-1)?.authorization).toBeUndefined();
      expect(second.seen.at(-1)?.['user-agent']).toBe('SciAI/0.1');
    } finally {
      await both.close();
      await second.close();
    }
  });

  it('stops a redirect loop and answers odd input with a typed failure, never a crash', async () => {
    const guarded = createGuardedFetch({ trusts: trustOrigins([mirror.url]), maxRedirects: 3 });
    try {
      const error = await guarded(`${mirror.url}/?loop`, init()).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(HttpFailure);
      expect((error as HttpFailure).message).toMatch(/more than 3 redirects/);
      for (const url of [
        'not a url',
        'http://',
        `http://[::ffff:127.0.0.1`,
        'x'.repeat(100_000),
        'javascript:alert(1)',
      ]) {
        const failure = await guarded(url, init()).then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(failure, url.slice(0, 40)).toBeInstanceOf(HttpFailure);
      }
    } finally {
      await guarded.close();
    }
  });
});
