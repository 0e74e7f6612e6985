import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteClusterImage } from '../../../tests/support/database-templates.ts';
import { startWireServer, type WireServer } from './pglite-wire-server.ts';
import { hmac, saltedPassword, sha256 } from './scram.ts';

const PASSWORD = 'wire-test-password';

let db: PGlite;
let wire: WireServer;

beforeAll(async () => {
  // A new cluster from the tests' saved image rather than PGlite's initdb (about 4 CPU-s): what
  // is tested is the wire server in front of it.
  db = await PGlite.create({ loadDataDir: new Blob([readFileSync(await pgliteClusterImage())]) });
  wire = await startWireServer(db, { passwords: { postgres: PASSWORD } });
}, 60_000);

afterAll(async () => {
  await wire?.close();
  await db?.close();
});

/** A frontend message: type byte, then its length (itself included) and body. */
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function startupPacket(): Buffer {
  const parameters = Buffer.from('user\0postgres\0database\0postgres\0\0', 'latin1');
  const packet = Buffer.alloc(8);
  packet.writeInt32BE(8 + parameters.length, 0);
  packet.writeInt32BE(196608, 4);
  return Buffer.concat([packet, parameters]);
}

/** Reads whole backend messages off a raw socket. */
function messageReader(received: Buffer[]) {
  let offset = 0;
  return async (): Promise<{ type: string; body: Buffer }> => {
    for (;;) {
      const all = Buffer.concat(received);
      if (all.length >= offset + 5) {
        const length = all.readInt32BE(offset + 1);
        if (all.length >= offset + 1 + length) {
          const type = String.fromCharCode(all[offset]!);
          const body = all.subarray(offset + 5, offset + 1 + length);
          offset += 1 + length;
          return { type, body };
        }
      }
      await sleep(5);
    }
  };
}

/** The client's half of SCRAM-SHA-256 over a raw socket, as libpq does it. */
async function logIn(socket: Socket, next: ReturnType<typeof messageReader>, password: string) {
  socket.write(startupPacket());
  const sasl = await next();
  expect(sasl.type).toBe('R');
  expect(sasl.body.readInt32BE(0)).toBe(10);
  const clientFirstBare = 'n=,r=rawclientnonce';
  const first = Buffer.from(`n,,${clientFirstBare}`);
  const length = Buffer.alloc(4);
  length.writeInt32BE(first.length);
  socket.write(message('p', Buffer.concat([Buffer.from('SCRAM-SHA-256\0', 'latin1'), length, first])));
  const serverFirst = await next();
  const serverFirstText = serverFirst.body.subarray(4).toString();
  const fields = Object.fromEntries(serverFirstText.split(',').map((part) => [part[0], part.slice(2)]));
  const salted = saltedPassword(password, Buffer.from(fields.s!, 'base64'), Number(fields.i));
  const clientKey = hmac(salted, 'Client Key');
  const withoutProof = `c=biws,r=${fields.r}`;
  const signature = hmac(sha256(clientKey), `${clientFirstBare},${serverFirstText},${withoutProof}`);
  const proof = Buffer.from(clientKey.map((byte, i) => byte ^ signature[i]!)).toString('base64');
  socket.write(message('p', Buffer.from(`${withoutProof},p=${proof}`)));
  return next();
}

describe('PGlite wire server', () => {
  it('takes a parameter of several megabytes, which arrives over many socket reads', async () => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: wire.port,
      user: 'postgres',
      password: PASSWORD,
      database: 'postgres',
    });
    await client.connect();
    try {
      const text = 'abcdefghij'.repeat(600_000); // 6 MB
      const { rows } = await client.query<{ n: number; digest: string }>(
        'select length($1::text) as n, md5($1::text) as digest',
        [text],
      );
      expect(rows[0]).toEqual({ n: text.length, digest: createHash('md5').update(text).digest('hex') });
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('sends an answer of many megabytes whole, row for row', async () => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: wire.port,
      user: 'postgres',
      password: PASSWORD,
      database: 'postgres',
    });
    await client.connect();
    try {
      // 500 rows of 25 KB, each row its own text: a part overwritten in the send queue shows as a
      // missing row, a wrong digest or an answer that never ends
      const { rows } = await client.query<{ i: number; digest: string; body: string }>(
        `select i, md5(repeat(md5(i::text), 780)) as digest, repeat(md5(i::text), 780) as body
         from generate_series(1, 500) i`,
      );
      expect(rows).toHaveLength(500);
      const wrong = rows.filter(
        (row, index) => row.i !== index + 1 || createHash('md5').update(row.body).digest('hex') !== row.digest,
      );
      expect(wrong.map((row) => row.i)).toEqual([]);
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  }, 60_000);

  it('reads messages whose headers and bodies are split into single bytes', async () => {
    const socket = connect(wire.port, '127.0.0.1');
    socket.setNoDelay(true);
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const next = messageReader(received);
    try {
      const final = await logIn(socket, next, PASSWORD);
      expect(final.type).toBe('R');
      expect(final.body.readInt32BE(0)).toBe(12);
      const bytes = message('Q', Buffer.from("select 'split-ok' as answer\0", 'latin1'));
      for (const byte of bytes) {
        socket.write(Buffer.of(byte));
        await sleep(1);
      }
      // the query's row, then ReadyForQuery ('Z', length 5, 'I' for idle) ends the answer
      const readyForQuery = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]).toString('latin1');
      await expect.poll(() => Buffer.concat(received).toString('latin1'), { timeout: 10_000 }).toContain('split-ok');
      await expect
        .poll(() => Buffer.concat(received).toString('latin1').endsWith(readyForQuery), { timeout: 10_000 })
        .toBe(true);
    } finally {
      socket.destroy();
    }
  });
});
