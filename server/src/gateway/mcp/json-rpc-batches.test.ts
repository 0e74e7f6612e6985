import { describe, expect, it } from 'vitest';
import { batchRefusal, MAX_BATCH_MESSAGES, parseMcpBody } from './json-rpc-batches.ts';

const message = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });

describe('JSON-RPC batches on /mcp', () => {
  it('parses a body as the SDK does, so that no spelling of a batch passes unseen', () => {
    const array = (prefix: number[], text: string) => Buffer.concat([Buffer.from(prefix), Buffer.from(text)]);
    const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    // a byte-order mark, leading white space past any quick look, bytes that are not UTF-8 in a string
    expect(parseMcpBody(array([0xef, 0xbb, 0xbf], `[${ping}]`))?.value).toHaveLength(1);
    expect(parseMcpBody(Buffer.from(`${' '.repeat(200)}\n\t[${ping},${ping}]`))?.value).toHaveLength(2);
    const invalid = Buffer.concat([
      Buffer.from('[{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}}]'),
    ]);
    expect(parseMcpBody(invalid)?.value).toHaveLength(1);
    expect(parseMcpBody(Buffer.from(ping))?.value).toMatchObject({ method: 'ping' });
    expect(parseMcpBody(Buffer.from('[1,'))).toBeUndefined();
    expect(parseMcpBody(undefined)).toBeUndefined();
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
