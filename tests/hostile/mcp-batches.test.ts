import { describe, expect, inject, it } from 'vitest';
import { visitorAddress } from '../support/clients.ts';
import { expectHealthy } from './hostile-requests.ts';

/**
 * JSON-RPC batches and costly calls to /mcp (server/src/gateway/mcp): a batch is a handful of
 * calls, each counted against the caller's rate limit as one request; a larger batch, or one from
 * a client on a protocol revision without batches, is refused as a whole with a JSON-RPC error
 * before any call runs; a search costs no more through MCP than through the Data API.
 */
const backend = inject('backend');

interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

interface Message {
  jsonrpc: '2.0';
  id?: number;
  method: string;
  params?: unknown;
}

/** Without a protocol version header: the server assumes 2025-03-26, the revision that had batches. */
async function postMcp(body: unknown, options: { address: string; version?: string }): Promise<Answer> {
  const response = await fetch(`${backend.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-forwarded-for': options.address,
      ...(options.version ? { 'mcp-protocol-version': options.version } : {}),
    },
    body: Buffer.isBuffer(body) ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the assertion's message
  }
  // the text only names a failed assertion: a tools/list answer is 10 KB
  return { status: response.status, body: parsed, text: text.slice(0, 500), headers: response.headers };
}

const listTools = (id: number): Message => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const search = (id: number, query: string): Message => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search_catalog', arguments: { query } },
});

/** Words no catalog holds, six consonants each: each one sends the search looking for a correction. */
function gibberish(words: number): string {
  const consonants = 'bcdfghjklmnpqrstvwxz';
  return Array.from({ length: words }, (_, word) =>
    Array.from({ length: 6 }, (_, letter) => consonants[(word * 7 + letter * 3) % consonants.length]).join(''),
  ).join(' ');
}

describe('JSON-RPC batches to /mcp', () => {
  it('refuses a batch of more than ten messages as a whole, with a JSON-RPC error, before any call runs', async () => {
    for (const size of [11, 100]) {
      const batch = Array.from({ length: size }, (_, id) => search(id, `${gibberish(28)}`.slice(0, 200)));
      const started = performance.now();
      const answer = await postMcp(batch, { address: visitorAddress() });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringMatching(/at most 10 messages/) },
      });
      // refused before any search ran: a hundred of them took PGlite seconds
      expect(performance.now() - started).toBeLessThan(2_000);
    }
    await expectHealthy(backend);
  });

  it('refuses a long batch however it is spelt: byte-order mark, white space, bytes that are not UTF-8', async () => {
    const messages = Array.from({ length: 11 }, (_, id) => JSON.stringify(listTools(id)));
    const notUtf8 = Buffer.concat([
      Buffer.from('[{"jsonrpc":"2.0","id":99,"method":"tools/list","params":{"_meta":{"x":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`"}}},${messages.join(',')}]`),
    ]);
    for (const body of [
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`[${messages.join(',')}]`)]),
      Buffer.from(`${' '.repeat(300)}\n\t[${messages.join(',')}]`),
      notUtf8,
    ]) {
      const answer = await postMcp(body, { address: visitorAddress() });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/at most 10/) } });
    }
  });

  it('refuses any batch from a client on a revision without batches (2025-06-18 and later)', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const answer = await postMcp([listTools(1), listTools(2)], { address: visitorAddress(), version });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toMatchObject({
        jsonrpc: '2.0',
        error: { code: -32600, message: expect.stringMatching(/one JSON-RPC message per request/) },
      });
    }
  });

  it('refuses an empty batch as the JSON-RPC specification says', async () => {
    const answer = await postMcp([], { address: visitorAddress() });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  });

  it('answers a batch of ten, and counts each of its messages against the rate limit', async () => {
    const address = visitorAddress();
    const first = await postMcp(
      Array.from({ length: 10 }, (_, id) => listTools(id)),
      { address },
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body).toHaveLength(10);
    expect(first.headers.get('ratelimit')).toMatch(/^"endpoint";r=90;t=\d+$/);

    // 90 more (sent nine at a time: the limit counts requests, not their order), then nothing
    for (let batch = 0; batch < 9; batch++) {
      const answer = await postMcp(
        Array.from({ length: 10 }, (_, id) => listTools(id)),
        { address },
      );
      expect(answer.status, answer.text).toBe(200);
    }
    const refused = await postMcp(listTools(1), { address });
    expect(refused.status, refused.text).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ code: 'over_request_rate_limit' });
  });

  it('refuses a whole batch that would go past the limit', async () => {
    const address = visitorAddress();
    for (let batch = 0; batch < 9; batch++) {
      expect(
        (
          await postMcp(
            Array.from({ length: 10 }, (_, id) => listTools(id)),
            { address },
          )
        ).status,
      ).toBe(200);
    }
    for (let single = 0; single < 5; single++) expect((await postMcp(listTools(single), { address })).status).toBe(200);
    const over = await postMcp(
      Array.from({ length: 10 }, (_, id) => listTools(id)),
      { address },
    );
    expect(over.status, over.text).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the cost of one search through /mcp', () => {
  interface SearchResult {
    result?: { isError?: boolean; structuredContent?: { corrected_query?: string; suggestion?: string } };
  }

  it('looks for a correction only for a query with a few unknown words, as the Data API does', async () => {
    // "protien" is one slip from a catalog word; the words after it are unknown to any catalog
    const long = `protien ${gibberish(27)}`.slice(0, 200);
    const longAnswer = await postMcp(search(1, long), { address: visitorAddress() });
    expect(longAnswer.status, longAnswer.text).toBe(200);
    const longResult = (longAnswer.body as SearchResult).result;
    expect(longResult?.isError, longAnswer.text).toBeFalsy();
    expect(longResult?.structuredContent?.suggestion).toBeUndefined();
    expect(longResult?.structuredContent?.corrected_query).toBeUndefined();

    const data = await fetch(`${backend.url}/rest/v1/rpc/search_items`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${backend.anonKey}`,
        'content-type': 'application/json',
        'x-forwarded-for': visitorAddress(),
      },
      body: JSON.stringify({ search: long }),
    });
    expect(data.status).toBe(200);
    const dataBody = (await data.json()) as Record<string, unknown>;
    expect(dataBody).toMatchObject({ total: 0 });
    expect(dataBody).not.toHaveProperty('suggestion');
    expect(dataBody).not.toHaveProperty('corrected_search');

    // a short misspelt query is still corrected
    const short = await postMcp(search(2, 'protien strucutre'), { address: visitorAddress() });
    const shortContent = (short.body as SearchResult).result?.structuredContent;
    expect(shortContent?.corrected_query ?? shortContent?.suggestion, short.text).toMatch(/protein/);
  });
});
