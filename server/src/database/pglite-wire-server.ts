import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Serves one PGlite over the Postgres wire protocol to many clients (PostgREST's pool, ours).
 *
 * PGlite has a single session, so clients take turns. A turn is never shorter than one whole
 * request: everything up to a Sync or a simple Query (an extended-protocol exchange shares the
 * unnamed statement and portal, so interleaving two clients' Parse/Bind/Execute breaks both),
 * and, while a transaction is open, everything until it ends. Requests queue in arrival order.
 */
export interface WireServer {
  readonly port: number;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
/** A client holding a transaction open this long without sending anything is cut off. */
const IDLE_IN_TRANSACTION_MS = 30_000;

export async function startWireServer(db: PGlite, host = '127.0.0.1'): Promise<WireServer> {
  let owner: Connection | undefined; // the client whose turn it is
  const waiting: Array<() => void> = [];

  /** Take the session; resolves when it is this client's turn. */
  function acquire(connection: Connection): Promise<void> {
    if (owner === connection) return Promise.resolve();
    if (!owner) {
      owner = connection;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      waiting.push(() => {
        owner = connection;
        resolve();
      }),
    );
  }

  function release(connection: Connection) {
    if (owner !== connection) return;
    owner = undefined;
    waiting.shift()?.();
  }

  class Connection {
    /** Received bytes not yet cut into messages: joined only once the next message is whole. */
    private parts: Buffer[] = [];
    private available = 0;
    /** Bytes the next step needs: a header, then the whole message it announces. */
    private needed = 8;
    private started = false;
    private pending: Buffer[] = [];
    private chain = Promise.resolve();
    private idleTimer: NodeJS.Timeout | undefined;
    readonly socket: Socket;

    constructor(socket: Socket) {
      this.socket = socket;
      socket.setNoDelay(true);
      socket.on('data', (chunk) => this.receive(chunk));
      socket.on('error', () => socket.destroy());
      socket.on('close', () => void this.closed());
    }

    /**
     * A large message (a staged import chunk is megabytes) arrives in many socket reads; joining
     * the buffer on every read copied it again each time, quadratic in its size.
     */
    private receive(chunk: Buffer) {
      this.parts.push(chunk);
      this.available += chunk.length;
      if (this.available < this.needed) return;
      let buffer = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.available);
      const wait = (needed: number) => {
        this.parts = buffer.length > 0 ? [buffer] : [];
        this.available = buffer.length;
        this.needed = needed;
      };
      for (;;) {
        if (!this.started) {
          if (buffer.length < 8) return wait(8);
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if (buffer.length < length) return wait(length);
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST) {
            this.socket.write('N');
          } else if (code === CANCEL_REQUEST) {
            this.socket.end(); // PGlite runs one statement at a time; nothing to cancel
            return;
          } else if (code === PROTOCOL_3) {
            this.started = true;
            this.enqueue([Buffer.from(message)]);
          } else {
            this.socket.destroy();
            return;
          }
          continue;
        }
        if (buffer.length < 5) return wait(5);
        const length = 1 + buffer.readInt32BE(1);
        if (buffer.length < length) return wait(length);
        const message = Buffer.from(buffer.subarray(0, length));
        buffer = buffer.subarray(length);
        const type = message[0];
        if (type === TERMINATE) {
          this.socket.end();
          return;
        }
        this.pending.push(message);
        if (type === SYNC || type === QUERY) {
          this.enqueue(this.pending);
          this.pending = [];
        }
      }
    }

    /** Run one request's messages during this client's turn, in order with its others. */
    private enqueue(messages: Buffer[]) {
      this.chain = this.chain
        .then(() => this.run(messages))
        .catch(() => {
          this.socket.destroy();
        });
    }

    private async run(messages: Buffer[]) {
      clearTimeout(this.idleTimer);
      await acquire(this);
      for (const message of messages) {
        await db.runExclusive(() =>
          db.execProtocolRawStream(message, {
            onRawData: (data) => {
              if (this.socket.writable) this.socket.write(data);
            },
          }),
        );
      }
      if (db.isInTransaction()) {
        // keep the turn until the transaction ends, but not forever
        this.idleTimer = setTimeout(() => this.socket.destroy(), IDLE_IN_TRANSACTION_MS);
      } else {
        release(this);
      }
    }

    private async closed() {
      clearTimeout(this.idleTimer);
      await this.chain;
      if (owner === this) {
        if (db.isInTransaction()) await db.exec('rollback').catch(() => {});
        release(this);
      }
    }
  }

  const server: Server = createServer((socket) => new Connection(socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('wire server has no address');
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
