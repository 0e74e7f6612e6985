import { describe, expect, it } from 'vitest';
import { batchOf, batchRefusal, MAX_BATCH_MESSAGES } from './json-rpc-batches.ts';

const message = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });

describe('JSON-RPC batches on /mcp', () => {
  it('reads a batch only from a body that is a JSON array', () => {
    expect(batchOf(Buffer.from(' \n[{"jsonrpc":"2.0","id":1,"method":"ping"}]'))).toHaveLength(1);
    expect(batchOf(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'))).toBeUndefined();
    expect(batchOf(Buffer.from('[1,'))).toBeUndefined();
    expect(batchOf(Buffer.from([0x5b, 0xff, 0x5d]))).toBeUndefined();
    expect(batchOf(undefined)).toBeUndefined();
  });

  it('allows a few messages from a client on 2025-03-26 or that names no revision', () => {
    const batch = Array.from({ length: MAX_BATCH_MESSAGES }, (_, id) => message(id));
    expect(batchRefusal(batch, undefined)).toBeUndefined();
    expect(batchRefusal(batch, '2025-03-26')).toBeUndefined();
  });

  it('refuses an empty or long batch, and any batch on a revision without them', () => {
    expect(batchRefusal([], undefined)?.error.code).toBe(-32600);
    const long = Array.from({ length: MAX_BATCH_MESSAGES + 1 }, (_, id) => message(id));
    expect(batchRefusal(long, undefined)?.error.message).toMatch(/at most 10 messages; this one has 11/);
    for (const version of ['2025-06-18', '2025-11-25', '2026-07-28']) {
      expect(batchRefusal([message(1)], version)).toMatchObject({ id: null, error: { code: -32600 } });
    }
  });
});
