import type { IncomingMessage } from 'node:http';

/** What a refused request's client may still send, read and dropped, before its connection is cut. */
export const DISCARD_LIMITS = { maxBytes: 8 * 1024 * 1024, maxMs: 5_000 };

/**
 * Reads and drops the body of a request refused before its body was read, so the client can
 * finish sending and read the refusal. Closing a connection with unread data makes the kernel
 * reset it, and the reset can destroy the answer on its way: a client sending a large body
 * without `Expect: 100-continue` saw "write EPIPE" instead of the 413 (nginx's lingering close
 * exists for the same reason). Bounded: past `maxBytes` or `maxMs` the connection is cut anyway.
 * Once the body has ended, the connection stays open for the client's next request.
 */
export function discardRefusedBody(request: IncomingMessage, limits = DISCARD_LIMITS): void {
  let received = 0;
  const cut = () => request.socket.destroy();
  const timer = setTimeout(cut, limits.maxMs);
  timer.unref();
  request.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > limits.maxBytes) {
      clearTimeout(timer);
      cut();
    }
  });
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
  request.resume(); // the body reader pauses a body it found too large
}
