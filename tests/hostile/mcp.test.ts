import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '@sciai/server';
import { visitorAddress } from '../support/clients.ts';
import { expectHealthy, nestedArrays } from './hostile-requests.ts';

/**
 * Hostile and broken calls to the gateway's MCP endpoint (server/src/gateway/mcp): whatever an
 * agent or a stranger sends, the answer is a clear error — a tool result with isError naming the
 * argument, a JSON-RPC error, or the gateway's limit refusal — never a 5xx, and the site stays up.
 */
const backend = inject('backend');

interface Answer {
  status: number;
  body: unknown;
  text: string;
}

async function postMcp(
  body: string | Buffer,
  options: { address?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${backend.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      'x-forwarded-for': options.address ?? visitorAddress(),
      ...options.headers,
    },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the assertion's message
  }
  return { status: response.status, body: parsed, text };
}

function callTool(name: string, args: unknown): Promise<Answer> {
  return postMcp(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }));
}

/** A tool call refused as the protocol says: HTTP 200, a result with isError and a message. */
function expectToolError(answer: Answer, message: RegExp): void {
  expect(answer.status, answer.text).toBe(200);
  const result = (answer.body as { result?: { isError?: boolean; content: Array<{ text: string }> } }).result;
  expect(result?.isError, answer.text).toBe(true);
  expect(result?.content[0]?.text).toMatch(message);
}

describe('hostile calls to /mcp', () => {
  describe('wrong-type and out-of-range arguments are tool errors naming the argument', () => {
    it.each([
      ['search_catalog', { query: 42 }, /query/],
      ['search_catalog', { page: '1' }, /page/],
      ['search_catalog', { page: -1 }, /page/],
      ['search_catalog', { page_size: 1e9 }, /page_size/],
      ['search_catalog', { year_from: 1e308 }, /year_from/],
      ['search_catalog', { content_types: ['robot'] }, /content_types/],
      ['search_catalog', { sort: 'random' }, /sort/],
      ['search_catalog', { sort: 'Highest Rated' }, /sort/],
      ['search_catalog', { features: ['rated_4'] }, /features/],
      ['search_catalog', { features: 'rated_4_up' }, /features/],
      ['search_catalog', { domains: 'biology' }, /domains/],
      ['search_catalog', { operations: 'Image analysis' }, /operations/],
      ['search_catalog', { operations: Array.from({ length: 21 }, (_, i) => `Op ${i}`) }, /operations/],
      ['search_catalog', { input_data: ['x'.repeat(201)] }, /input_data/],
      ['search_catalog', { input_data: ['Image\u0000'] }, /input_data/],
      ['get_item', { id: 'not-a-uuid' }, /id/],
      ['get_item', {}, /either slug or id/],
      ['get_item', { slug: 'alphafold', id: '00000000-0000-4000-8000-000000000000' }, /either slug or id/],
      ['compare_items', { slugs: 'alphafold,chemcrow' }, /slugs/],
      ['compare_items', { slugs: ['alphafold'] }, /slugs/],
      ['compare_items', { slugs: ['a', 'b', 'c', 'd', 'e'] }, /slugs/],
      ['recent_additions', { since: 'yesterday' }, /since/],
      ['related_items', { slug: null }, /slug/],
      ['list_reviews', { slug: 'alphafold', sort: 'random' }, /sort/],
      ['list_reviews', { slug: 'alphafold', page: 0 }, /page/],
      ['list_reviews', { slug: 'alphafold', page: 1e9 }, /page/],
      ['list_reviews', {}, /either slug or id/],
    ])('%s %j', async (tool, args, message) => {
      expectToolError(await callTool(tool, args), message);
    });

    it('refuses arguments that are not an object', async () => {
      for (const args of [[], 'alphafold', 7]) {
        const answer = await callTool('get_item', args);
        expect(answer.status, answer.text).toBeLessThan(500);
        expect(answer.text).toMatch(/error|invalid/i);
      }
    });
  });

  describe('oversized arguments', () => {
    it('refuses a search text longer than the search accepts, as a tool error', async () => {
      expectToolError(await callTool('search_catalog', { query: 'protein '.repeat(1_000) }), /query/);
    });

    it('refuses a slug of thousands of characters and a list of hundreds of domains', async () => {
      expectToolError(await callTool('get_item', { slug: 'a'.repeat(5_000) }), /slug/);
      const domains = Array.from({ length: 90 }, (_, index) => `domain_${index}`);
      expectToolError(await callTool('search_catalog', { domains }), /domains/);
    });

    it('refuses a body over 64 KiB before the server reads it', async () => {
      const answer = await callTool('search_catalog', { query: 'x'.repeat(70_000) });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ code: 'SCIAI413' });
      await expectHealthy(backend);
    });

    it('refuses an array of more than 100 elements', async () => {
      const answer = await callTool('search_catalog', { domains: Array.from({ length: 500 }, () => 'x') });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'SCIAI432' });
    });
  });

  describe('deeply nested arguments', () => {
    it('refuses a body nested 30,000 levels deep at the gateway', async () => {
      const answer = await postMcp(
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_catalog","arguments":{"query":${nestedArrays(30_000)}}}}`,
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'SCIAI431', message: expect.stringMatching(/deeper than 16 levels/) });
      await expectHealthy(backend);
    });

    it('answers nesting within the limit with a tool error', async () => {
      expectToolError(await callTool('search_catalog', { domains: JSON.parse(nestedArrays(10)) }), /domains/);
    });
  });

  describe('oddly encoded text', () => {
    it.each([
      ['a lone surrogate', 'protein \ud800 structure'],
      ['right-to-left overrides', '\u202eerutcurts nietorp\u202c'],
      ['percent-encoding', 'alpha%2Ffold%00'],
      ['SQL and tsquery syntax', "protein' OR 1=1 -- & | ! :* <->"],
      ['emoji and combining marks', '🧬 prote\u0301in'],
    ])('answers a search with %s without a server error', async (_name, query) => {
      const answer = await callTool('search_catalog', { query });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: 1, result: expect.any(Object) });
    });

    it('refuses control characters in a search as a tool error', async () => {
      expectToolError(await callTool('search_catalog', { query: 'protein\u0000structure' }), /query/);
      expectToolError(await callTool('search_catalog', { query: '\u001b[31mred' }), /query/);
    });

    it('answers slugs with path tricks as not found or invalid', async () => {
      for (const slug of ['../../etc/passwd', 'alphafold%00', 'ALPHAFOLD', 'alpha fold', '\u0000']) {
        const answer = await callTool('get_item', { slug });
        expectToolError(answer, /slug/);
      }
    });

    it('answers a body that is not UTF-8 with a parse error', async () => {
      const answer = await postMcp(Buffer.from([0x7b, 0xff, 0xfe, 0x22, 0xc3, 0x28, 0x7d]));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    });

    it('reads a resource address with a bad type or slug as an error', async () => {
      for (const uri of ['sciai://item/robot/alphafold', 'sciai://item/software/..%2F..', 'sciai://item/software']) {
        const answer = await postMcp(
          JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri } }),
        );
        expect(answer.status, uri).toBe(200);
        expect(answer.body, uri).toMatchObject({ error: { message: expect.any(String) } });
      }
    });
  });

  describe('unknown tools and malformed JSON-RPC', () => {
    it('answers an unknown tool with a tool error', async () => {
      expectToolError(await callTool('drop_tables', {}), /drop_tables not found/);
    });

    it.each([
      ['invalid JSON', '{"jsonrpc":"2.0",', -32700],
      ['JSON that is not JSON-RPC', '{"hello":"world"}', -32700],
      ['an empty body', '', -32700],
      ['a wrong protocol version', '{"jsonrpc":"1.0","id":1,"method":"tools/list"}', -32700],
      ['a number', '42', -32700],
    ])('answers %s with a JSON-RPC parse error', async (_name, body, code) => {
      const answer = await postMcp(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', error: { code } });
    });

    it('answers an unknown method with method-not-found', async () => {
      const answer = await postMcp(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/explode' }));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: 9, error: { code: -32601 } });
    });

    it('refuses a batch from a client on 2025-06-18, a revision without batches (mcp-batches.test.ts has more)', async () => {
      const batch = Array.from({ length: 5 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' }));
      const answer = await postMcp(JSON.stringify(batch));
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    });

    it('answers a wrong content type, a missing Accept and other methods with 4xx', async () => {
      const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expect((await postMcp(list, { headers: { 'content-type': 'text/plain' } })).status).toBe(415);
      expect((await postMcp(list, { headers: { accept: 'text/html' } })).status).toBe(406);
      const get = await fetch(`${backend.url}/mcp`, { headers: { 'x-forwarded-for': visitorAddress() } });
      expect(get.status).toBe(405);
      expect(await get.json()).toMatchObject({ error: { message: expect.stringMatching(/POST/) } });
      await expectHealthy(backend);
    });
  });

  it('counts /mcp at the API rate limit: the 101st request a minute is refused', async () => {
    const address = visitorAddress();
    const notification = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // sent ten at a time rather than one by one: the limit counts requests, not their order
    const statuses: number[] = [];
    for (let sent = 0; sent < 100; sent += 10) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => postMcp(notification, { address })));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status !== 202)).toEqual([]);
    const refused = await postMcp(notification, { address });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'over_request_rate_limit' });
  });
});

describe('hostile input to sciai mcp over stdio', () => {
  it('skips a line that is not JSON, answers bad calls with tool errors, and keeps serving', async () => {
    const child = spawn(join(REPO_ROOT, 'node_modules/.bin/node'), [join(REPO_ROOT, 'cli/src/sciai.ts'), 'mcp'], {
      cwd: REPO_ROOT,
      env: { ...process.env, SUPABASE_URL: backend.url, SUPABASE_ANON_KEY: backend.anonKey, PUBLIC_URL: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const lines = createInterface({ input: child.stdout });
    const answers: unknown[] = [];
    const all = new Promise<void>((resolve) =>
      lines.on('line', (line) => {
        answers.push(JSON.parse(line));
        if (answers.length === 3) resolve();
      }),
    );
    const send = (message: unknown) =>
      child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
    send('this is not JSON {{{');
    send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'nope', arguments: {} } });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_item', arguments: { slug: 42 } } });
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'get_item', arguments: { slug: 'alphafold' } },
    });
    try {
      await all;
    } finally {
      child.stdin.end();
    }
    const byId = new Map(answers.map((answer) => [(answer as { id: number }).id, answer]));
    expect(byId.get(1)).toMatchObject({
      result: { isError: true, content: [{ text: expect.stringMatching(/nope not found/) }] },
    });
    expect(byId.get(2)).toMatchObject({
      result: { isError: true, content: [{ text: expect.stringMatching(/slug/) }] },
    });
    expect(byId.get(3)).toMatchObject({ result: { structuredContent: { item: { slug: 'alphafold' } } } });
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
  });
});
