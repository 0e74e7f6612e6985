import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildGateway, startBackend, type Backend } from '@sciai/server';
import { createTestDatabase, type TestDatabase } from '../support/backend.ts';

/**
 * Another program on the same machine (or a browser page making requests to localhost) must not
 * reach the database or the Data API past the gateway: PGlite's wire server asks every
 * connection for a password, and PostgREST listens on no TCP port that serves the Data API
 * (docs/security.md, "Embedded ports").
 */
describe('the embedded ports', () => {
  const engine = inject('engine');
  let backend: Backend;
  let gateway: FastifyInstance;
  let database: TestDatabase | undefined;
  let url = '';

  beforeAll(async () => {
    database = await createTestDatabase(engine, 'migrated', `sciai-embedded-ports-${engine}-`);
    backend = await startBackend(
      { dataDir: database.dataDir, databaseUrl: database.databaseUrl },
      { seedSampleCatalog: false, backgroundJobs: false },
    );
    gateway = await buildGateway({
      backend,
      publicSupabase: { url: undefined, anonKey: backend.secrets.anonKey },
      webDist: join(database.dataDir, 'no-web-build'),
      logLevel: 'warn',
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    const bound = gateway.server.address();
    if (!bound || typeof bound !== 'object') throw new Error('gateway has no address');
    url = `http://127.0.0.1:${bound.port}`;
  });

  afterAll(async () => {
    // Fastify's close would wait out a keep-alive connection a request left (72 s).
    const closed = gateway?.close();
    gateway?.server.closeAllConnections();
    await closed;
    await backend?.stop();
    await database?.remove();
  });

  describe.runIf(engine === 'pglite')("PGlite's wire server", () => {
    const wire = () => new URL(backend.db.connectionString);
    const attempt = async (user: string, password: string | undefined) => {
      const client = new pg.Client({
        host: '127.0.0.1',
        port: Number(wire().port),
        user,
        database: 'postgres',
        ...(password === undefined ? {} : { password }),
        connectionTimeoutMillis: 5_000,
      });
      try {
        await client.connect();
        return (await client.query<{ one: number }>('select 1 as one')).rows[0]!.one;
      } finally {
        await client.end().catch(() => undefined);
      }
    };

    it('listens on loopback only', () => {
      expect(wire().hostname).toBe('127.0.0.1');
    });

    it('refuses a connection without a password', async () => {
      await expect(attempt('postgres', undefined)).rejects.toThrow();
      await expect(attempt('postgres', '')).rejects.toThrow();
    });

    it('refuses a wrong password, and a user it does not know', async () => {
      await expect(attempt('postgres', 'not-the-password')).rejects.toThrow(
        /password authentication failed for user "postgres"/,
      );
      await expect(attempt('authenticator', backend.secrets.databasePassword)).rejects.toThrow(
        /password authentication failed/,
      );
      await expect(attempt('intruder', backend.secrets.databasePassword)).rejects.toThrow(
        /password authentication failed/,
      );
    });

    it('runs nothing a client sends before its password is proved', async () => {
      const socket = connect(Number(wire().port), '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const parameters = Buffer.from('user\0postgres\0database\0postgres\0\0', 'latin1');
      const startup = Buffer.alloc(8);
      startup.writeInt32BE(8 + parameters.length, 0);
      startup.writeInt32BE(196608, 4);
      const query = Buffer.from("Qxxxxselect 'ran-without-password' as leaked\0", 'latin1');
      query.writeInt32BE(query.length - 1, 1);
      socket.write(Buffer.concat([startup, parameters, query]));
      await new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const answer = Buffer.concat(received).toString('latin1');
      expect(answer).not.toContain('ran-without-password');
      expect(answer).toContain('28P01');
    });

    it('lets in the server itself and PostgREST, with the generated passwords', async () => {
      expect(backend.secrets.databasePassword.length).toBeGreaterThanOrEqual(32);
      expect(await attempt('postgres', backend.secrets.databasePassword)).toBe(1);
      expect(await attempt('authenticator', backend.secrets.authenticatorPassword)).toBe(1);
    });
  });

  describe('PostgREST', () => {
    it.runIf(process.platform === 'linux')('serves the Data API on no TCP port', async () => {
      const ports = listeningTcpPorts(backend.postgrest.pid!);
      // the admin server (readiness) is the only one, and it answers no Data API request
      expect(ports.length).toBeLessThanOrEqual(1);
      for (const port of ports) {
        const response = await fetch(`http://127.0.0.1:${port}/content_items?select=id&limit=1`, {
          headers: { authorization: `Bearer ${backend.secrets.serviceRoleKey}` },
        });
        expect(response.status).toBe(404);
        // nor its configuration (the JWT secret, the database URI) or schema cache
        for (const path of ['/', '/config', '/schema_cache', '/metrics'])
          expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(404);
        expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
      }
    });

    it.runIf(process.platform !== 'win32')('listens on a unix socket only its own user can use', () => {
      const socketPath = backend.postgrest.socketPath!;
      expect(statSync(socketPath).isSocket()).toBe(true);
      expect(statSync(socketPath).mode & 0o777).toBe(0o600);
      expect(statSync(dirname(socketPath)).mode & 0o777).toBe(0o700);
    });

    it('answers through the gateway', async () => {
      const response = await fetch(`${url}/rest/v1/content_items?select=id&limit=1`, {
        headers: { apikey: backend.secrets.anonKey },
      });
      expect(response.status).toBe(200);
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
    });
  });
});

/** The TCP ports a process listens on, from /proc (Linux). */
function listeningTcpPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // state 0A is LISTEN; field 9 is the socket's inode
      if (fields[3] === '0A' && inodes.has(fields[9]!)) ports.push(parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}
