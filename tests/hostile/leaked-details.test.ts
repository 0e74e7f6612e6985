import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildGateway, startBackend, type Backend } from '@sciai/server';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';
import { send } from './hostile-requests.ts';

/**
 * What the site gives away besides the answer: the server software it runs, and what it writes
 * to its log. A credential in a query string (`?apikey=`, `?token=`, …) is logged with its value
 * replaced, whatever the spelling of its name; the gateway's answers name no upstream server.
 */
describe('details the site does not give away', () => {
  const shared = inject('backend');

  it('sends no Server header, from PostgREST or the gateway', async () => {
    const paths = [
      '/rest/v1/scientific_domains?select=slug&limit=1',
      '/rest/v1/',
      '/rest/v1/no_such_table',
      '/rest/v1/rpc/search_items',
      '/auth/v1/settings',
      '/healthz',
      '/',
    ];
    for (const path of paths) {
      const response = await fetch(`${shared.url}${path}`, {
        headers: { apikey: shared.anonKey, authorization: `Bearer ${shared.anonKey}` },
      });
      await response.body?.cancel();
      expect(response.headers.get('server'), path).toBeNull();
      expect(response.headers.get('x-powered-by'), path).toBeNull();
    }
    const refused = await send(shared, '/rest/v1/scientific_domains?select=nope(((');
    expect(refused.status).toBeLessThan(500);
  });

  describe('the log', () => {
    const engine = inject('engine');
    let backend: Backend | undefined;
    let gateway: FastifyInstance | undefined;
    let database: TestDatabase | undefined;
    let url = '';
    const lines: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(engine, 'migrated', `sciai-leaked-details-${engine}-`);
      backend = await startBackend(
        { dataDir: database.dataDir, databaseUrl: database.databaseUrl },
        { seedSampleCatalog: false },
      );
      gateway = await buildGateway({
        backend,
        publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
        webDist: join(database.dataDir, 'no-web-build'),
        logLevel: 'info',
        logStream: { write: (line) => void lines.push(line) },
      });
      await gateway.listen({ port: 0, host: '127.0.0.1' });
      const bound = gateway.server.address();
      if (!bound || typeof bound !== 'object') throw new Error('gateway has no address');
      url = `http://127.0.0.1:${bound.port}`;
    });

    afterAll(async () => {
      const closed = gateway?.close();
      gateway?.server.closeAllConnections();
      await closed;
      await backend?.stop();
      await database?.remove();
    });

    it('redacts credentials in every logged URL and message', async () => {
      const secret = (n: number) => `sciai_${n.toString(16).padStart(64, '7')}`;
      const anonKey = backend!.secrets.anonKey;
      const requests: Array<[path: string, secrets: string[]]> = [
        [`/rest/v1/scientific_domains?select=slug&apikey=${anonKey}`, [anonKey]],
        [`/rest/v1/scientific_domains?apikey=${secret(1)}&limit=1`, [secret(1)]],
        [`/rest/v1/scientific_domains?APIKEY=${secret(2)}`, [secret(2)]],
        [`/rest/v1/scientific_domains?%61pikey=${secret(3)}`, [secret(3)]],
        [`/rest/v1/scientific_domains?%2561pikey=${secret(4)}`, [secret(4)]],
        [`/rest/v1/scientific_domains?access_token=${secret(5)}&refresh_token=${secret(6)}`, [secret(5), secret(6)]],
        [`/rest/v1/scientific_domains;token=${secret(7)}`, [secret(7)]],
        [`/auth/v1/verify?type=signup&token=${secret(8)}&redirect_to=/`, [secret(8)]],
        [`/auth/v1/verify?type=recovery&token_hash=${secret(9)}`, [secret(9)]],
        [`/mcp?token=${secret(10)}`, [secret(10)]],
        [`/no/such/route?apikey=${secret(11)}&apikey=${secret(12)}`, [secret(11), secret(12)]],
        [`/rest/v1/scientific_domains?select=slug&code=${secret(13)}&password=${secret(14)}`, [secret(13), secret(14)]],
      ];
      for (const [path] of requests) {
        const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(15_000) });
        expect(response.status, path).toBeLessThan(500);
        await response.body?.cancel();
      }
      // the request lines are written when each answer is done
      await expect
        .poll(() => lines.filter((line) => line.includes('"msg":"request"')).length)
        .toBeGreaterThanOrEqual(requests.length);
      const log = lines.join('');
      for (const [path, secrets] of requests) {
        for (const value of secrets) expect(log, path).not.toContain(value);
      }
      expect(log).toContain('apikey=[redacted]');
      // what is not a credential stays readable
      expect(log).toContain('select=slug');
      expect(log).toContain('type=signup');
    });
  });
});
