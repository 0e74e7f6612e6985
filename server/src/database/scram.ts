import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server's half of SCRAM-SHA-256 (RFC 5802, RFC 7677) as PostgreSQL speaks it: what libpq
 * (PostgREST) and node-postgres answer when a server asks for a password, without the password
 * ever crossing the socket. No channel binding: the wire server is plain TCP on loopback.
 */
export const SCRAM_MECHANISM = 'SCRAM-SHA-256';
/** PostgreSQL's default scram_iterations. */
export const SCRAM_ITERATIONS = 4096;

export interface ScramVerifier {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

export function hmac(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

export function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

export function saltedPassword(password: string, salt: Buffer, iterations: number): Buffer {
  return pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
}

/** What the server keeps instead of the password, as pg_authid's SCRAM secrets do. */
export function scramVerifier(password: string, iterations = SCRAM_ITERATIONS): ScramVerifier {
  const salt = randomBytes(16);
  const salted = saltedPassword(password, salt, iterations);
  return {
    salt,
    iterations,
    storedKey: sha256(hmac(salted, 'Client Key')),
    serverKey: hmac(salted, 'Server Key'),
  };
}

/** A verifier no password matches: an unknown user goes through the same steps and fails at the end. */
export function impossibleVerifier(): ScramVerifier {
  return {
    salt: randomBytes(16),
    iterations: SCRAM_ITERATIONS,
    storedKey: randomBytes(32),
    serverKey: randomBytes(32),
  };
}

export type ScramStep = { reply: string } | { error: string };

/**
 * One exchange: first() answers the client-first message with the server-first one, final()
 * checks the client's proof and answers with the server's signature (the client checks it in turn).
 */
export class ScramExchange {
  readonly #verifier: ScramVerifier;
  #gs2Header = '';
  #clientFirstBare = '';
  #serverFirst = '';
  #nonce = '';

  constructor(verifier: ScramVerifier) {
    this.#verifier = verifier;
  }

  first(message: string): ScramStep {
    // gs2-header: "n,," (no channel binding) or "y,," (client could bind, believes we cannot)
    const match = /^([ny]),(?:a=[^,]*)?,(.*)$/s.exec(message);
    if (!match) return { error: 'malformed SCRAM message (channel binding is not offered)' };
    this.#gs2Header = message.slice(0, message.length - match[2]!.length);
    this.#clientFirstBare = match[2]!;
    const clientNonce = attribute(this.#clientFirstBare, 'r');
    if (!clientNonce || !/^[\x21-\x2b\x2d-\x7e]+$/.test(clientNonce)) return { error: 'malformed SCRAM message' };
    this.#nonce = clientNonce + randomBytes(18).toString('base64');
    this.#serverFirst = `r=${this.#nonce},s=${this.#verifier.salt.toString('base64')},i=${this.#verifier.iterations}`;
    return { reply: this.#serverFirst };
  }

  final(message: string): ScramStep {
    const proofAt = message.lastIndexOf(',p=');
    if (proofAt < 0) return { error: 'malformed SCRAM message' };
    const withoutProof = message.slice(0, proofAt);
    const proof = Buffer.from(message.slice(proofAt + 3), 'base64');
    if (attribute(withoutProof, 'c') !== Buffer.from(this.#gs2Header).toString('base64'))
      return { error: 'SCRAM channel binding check failed' };
    if (attribute(withoutProof, 'r') !== this.#nonce) return { error: 'SCRAM nonce mismatch' };
    const authMessage = `${this.#clientFirstBare},${this.#serverFirst},${withoutProof}`;
    const signature = hmac(this.#verifier.storedKey, authMessage);
    if (proof.length !== signature.length) return { error: 'password authentication failed' };
    const clientKey = Buffer.alloc(signature.length);
    for (let i = 0; i < signature.length; i++) clientKey[i] = proof[i]! ^ signature[i]!;
    if (!timingSafeEqual(sha256(clientKey), this.#verifier.storedKey))
      return { error: 'password authentication failed' };
    return { reply: `v=${hmac(this.#verifier.serverKey, authMessage).toString('base64')}` };
  }
}

function attribute(message: string, name: string): string | undefined {
  for (const part of message.split(',')) if (part.startsWith(`${name}=`)) return part.slice(name.length + 1);
  return undefined;
}
