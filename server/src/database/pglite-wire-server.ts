import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { impossibleVerifier, SCRAM_MECHANISM, ScramExchange, scramVerifier, type ScramVerifier } from './scram.ts';

/**
 * Serves one PGlite over the Postgres wire protocol to many clients (PostgREST's pool, ours).
 *
 * PGlite has a single session, so clients take turns. A turn is never shorter than one whole
 * request: everything up to a Sync or a simple Query (an extended-protocol exchange shares the
 * unnamed statement and portal, so interleaving two clients' Parse/Bind/Execute breaks both),
 * and, while a transaction is open, everything until it ends. Requests queue in arrival order.
 *
 * Every connection proves it knows its user's password (SCRAM-SHA-256, as PostgreSQL asks by
 * default) before it reaches PGlite: PGlite itself has one superuser session and no
 * authentication, so without this any local process could connect as superuser
 * (docs/security.md, "Embedded ports"). It listens on loopback only.
 */
export interface WireServer {
  readonly port: number;
  /** The session's queue now: requests waiting for their turn, and how long the current turn has lasted. */
  activity(): { waiting: number; turnMs: number };
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const PASSWORD_MESSAGE = 0x70; // 'p': SASLInitialResponse and SASLResponse
const AUTH_SASL = 10;
const AUTH_SASL_CONTINUE = 11;
const AUTH_SASL_FINAL = 12;
/** A connection that has not proved its password by then is closed (PostgreSQL: authentication_timeout). */
const AUTHENTICATION_TIMEOUT_MS = 10_000;
/** A client holding a transaction open this long without sending anything is cut off. */
const IDLE_IN_TRANSACTION_MS = 30_000;

export interface WireServerOptions {
  /** The users that may connect, each with its password; every other name is refused. */
  passwords: Record<string, string>;
}

export async function startWireServer(db: PGlite, options: WireServerOptions): Promise<WireServer> {
  const host = '127.0.0.1';
  const verifiers = new Map<string, ScramVerifier>(
    Object.entries(options.passwords).map(([user, password]) => [user, scramVerifier(password)]),
  );
  let owner: Connection | undefined; // the client whose turn it is
  let turnStartedAt = 0;
  const waiting: Array<() => void> = [];

  /** Take the session; resolves when it is this client's turn. */
  function acquire(connection: Connection): Promise<void> {
    if (owner === connection) return Promise.resolve();
    if (!owner) {
      owner = connection;
      turnStartedAt = performance.now();
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      waiting.push(() => {
        owner = connection;
        turnStartedAt = performance.now();
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
    /** Set between the startup message and a proven password; the startup reaches PGlite after it. */
    private login: { startup: Buffer; user: string; scram: ScramExchange; step: 'first' | 'final' } | undefined;
    private authenticated = false;
    private refused = false;
    private authenticationTimer: NodeJS.Timeout | undefined;
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
      this.authenticationTimer = setTimeout(() => socket.destroy(), AUTHENTICATION_TIMEOUT_MS);
    }

    /**
     * A large message (a staged import chunk is megabytes) arrives in many socket reads; joining
     * the buffer on every read copied it again each time, quadratic in its size.
     */
    private receive(chunk: Buffer) {
      if (this.refused) return;
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
            this.askForPassword(Buffer.from(message));
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
        if (!this.authenticated) {
          if (!this.authenticate(message)) return;
          continue;
        }
        this.pending.push(message);
        if (type === SYNC || type === QUERY) {
          this.enqueue(this.pending);
          this.pending = [];
        }
      }
    }

    private askForPassword(startup: Buffer) {
      const user = startupParameters(startup).get('user') ?? '';
      this.login = {
        startup,
        user,
        scram: new ScramExchange(verifiers.get(user) ?? impossibleVerifier()),
        step: 'first',
      };
      this.socket.write(authentication(AUTH_SASL, Buffer.from(`${SCRAM_MECHANISM}\0\0`, 'latin1')));
    }

    /** One step of the password exchange; false when the connection is refused and closed. */
    private authenticate(message: Buffer): boolean {
      const login = this.login;
      if (!login || message[0] !== PASSWORD_MESSAGE) return this.refuse('password authentication failed', login?.user);
      const body = message.subarray(5);
      if (login.step === 'first') {
        const mechanismEnd = body.indexOf(0);
        const mechanism = body.subarray(0, mechanismEnd).toString('latin1');
        if (mechanismEnd < 0 || mechanism !== SCRAM_MECHANISM || body.length < mechanismEnd + 5)
          return this.refuse('password authentication failed', login.user);
        const step = login.scram.first(body.subarray(mechanismEnd + 5).toString('utf8'));
        if ('error' in step) return this.refuse(step.error, login.user);
        login.step = 'final';
        this.socket.write(authentication(AUTH_SASL_CONTINUE, Buffer.from(step.reply, 'utf8')));
        return true;
      }
      const step = login.scram.final(body.toString('utf8'));
      if ('error' in step) return this.refuse(step.error, login.user);
      this.socket.write(authentication(AUTH_SASL_FINAL, Buffer.from(step.reply, 'utf8')));
      clearTimeout(this.authenticationTimer);
      this.authenticated = true;
      this.login = undefined;
      // PGlite answers the startup with AuthenticationOk, the parameters and ReadyForQuery
      this.enqueue([login.startup]);
      return true;
    }

    /** PostgreSQL's answer to a wrong password: FATAL 28P01, naming the user, then the socket closes. */
    private refuse(reason: string, user: string | undefined): false {
      const text =
        reason === 'password authentication failed'
          ? `password authentication failed for user "${user ?? ''}"`
          : reason;
      this.refused = true;
      this.socket.end(errorResponse('28P01', text));
      return false;
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
            // `data` is a view of PGlite's send buffer in WebAssembly memory, which PGlite fills
            // again with the next part of the answer. A socket keeps what it cannot send at once
            // by reference, so an answer larger than the socket takes in one go (a few MB) had its
            // queued parts overwritten: rows went missing, or the client waited for bytes that
            // never came. Each part is copied before it is queued.
            onRawData: (data) => {
              if (this.socket.writable) this.socket.write(Buffer.from(data));
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
      clearTimeout(this.authenticationTimer);
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
    activity: () => ({
      waiting: waiting.length,
      turnMs: owner ? Math.round(performance.now() - turnStartedAt) : 0,
    }),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The startup message's parameters: user, database, options... (after length and protocol). */
function startupParameters(startup: Buffer): Map<string, string> {
  const parts = startup.subarray(8).toString('utf8').split('\0');
  const parameters = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length && parts[i] !== ''; i += 2) parameters.set(parts[i]!, parts[i + 1]!);
  return parameters;
}

/** An Authentication message ('R') of the given kind with its data. */
function authentication(kind: number, data: Buffer): Buffer {
  const header = Buffer.alloc(9);
  header.write('R', 0, 'latin1');
  header.writeInt32BE(8 + data.length, 1);
  header.writeInt32BE(kind, 5);
  return Buffer.concat([header, data]);
}

function errorResponse(code: string, text: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${text}\0\0`, 'utf8');
  const header = Buffer.alloc(5);
  header.write('E', 0, 'latin1');
  header.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([header, fields]);
}
