import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, inject, it } from 'vitest';
import { API_EXAMPLES, EXAMPLE_ANSWER_SCHEMAS } from '@sciai/core';
import { signedInAs, visitorAddress } from '../support/auth.ts';

/**
 * The documented public API (/api, /api/openapi.json): the document is valid OpenAPI 3.1, and
 * every example it and the page show is sent to this backend, as a visitor and with a personal
 * token, and its answer checked against the schema the document declares for it.
 */
const backend = inject('backend');

async function fetchDocument(): Promise<Record<string, unknown>> {
  const response = await fetch(`${backend.url}/api/openapi.json`, { headers: { 'x-forwarded-for': visitorAddress() } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Record<string, unknown>;
}

function send(example: (typeof API_EXAMPLES)[number], headers: Record<string, string>) {
  return fetch(`${backend.url}${example.path}`, {
    method: example.method,
    headers: {
      'x-forwarded-for': visitorAddress(),
      ...headers,
      ...(example.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: example.body === undefined ? undefined : JSON.stringify(example.body),
    signal: AbortSignal.timeout(20_000),
  });
}

async function expectDocumentedAnswer(example: (typeof API_EXAMPLES)[number], response: Response) {
  const text = await response.text();
  expect(response.status, `${example.operationId}: ${text.slice(0, 300)}`).toBe(200);
  const schema = EXAMPLE_ANSWER_SCHEMAS[example.operationId];
  if (schema === undefined) throw new Error(`no answer schema for ${example.operationId}`);
  if (schema === 'atom') {
    expect(response.headers.get('content-type')).toMatch(/atom\+xml/);
    expect(text).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    return;
  }
  const parsed = schema.safeParse(JSON.parse(text));
  expect(parsed.error, example.operationId).toBeUndefined();
  return parsed.data;
}

describe('the public API document', () => {
  it('is valid OpenAPI 3.1 whose every path and example is documented', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const validated = await SwaggerParser.validate(structuredClone(document) as never);
    expect(validated.info.title).toBe('SciAI public API');
    const servers = document.servers as Array<{ url: string }>;
    expect(servers[0]?.url).toBe(backend.url);
    const paths = Object.keys(document.paths as object);
    for (const example of API_EXAMPLES) expect(paths, example.path).toContain(example.path.split('?')[0]);
    // the public surface only: none of PostgREST's other tables and functions
    expect(paths.some((path) => /user_|admin|import|api_tokens/.test(path))).toBe(false);
    // an item's answer names its source records, each with its licence, credit and date
    const details = document.paths as Record<string, { post: { responses: Record<string, unknown> } }>;
    const answer = JSON.stringify(details['/rest/v1/rpc/item_details']!.post.responses['200']);
    for (const field of ['sources', 'record_url', 'license', 'share_alike', 'credit', 'snapshot_date', 'fetched_on'])
      expect(answer, field).toContain(`"${field}"`);
  });

  it('gives an item’s source records in full, as the document declares them', async () => {
    const answer = await fetch(`${backend.url}/rest/v1/rpc/item_details`, {
      method: 'POST',
      headers: { 'x-forwarded-for': visitorAddress(), apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ slugs: ['chemdataextractor'] }),
    });
    const [item] = (await expectDocumentedAnswer(
      API_EXAMPLES.find((one) => one.operationId === 'itemDetails')!,
      answer,
    )) as Array<{
      sources: Array<Record<string, unknown>>;
    }>;
    expect(item!.sources).toEqual([
      expect.objectContaining({
        source: 'best-of-atomistic-ml',
        kind: 'snapshot',
        record_url: expect.stringMatching(/^https:\/\//),
        license: 'CC-BY-SA-4.0',
        share_alike: true,
        snapshot_date: '2026-08-22',
        fetched_on: null,
        credit: expect.stringContaining('CC BY-SA 4.0'),
      }),
    ]);
  });

  it('answers every example as documented, anonymously', async () => {
    for (const example of API_EXAMPLES) {
      const answer = await send(example, { apikey: backend.anonKey });
      const data = await expectDocumentedAnswer(example, answer);
      if (example.path.startsWith('/rest/v1/')) {
        expect(answer.headers.get('ratelimit-policy')).toBe('"endpoint";q=100;w=60');
      }
      if (example.operationId === 'compareItems') {
        expect((data as Array<{ slug: string }>).map((item) => item.slug).sort()).toEqual(['alphafold', 'rosettafold']);
      }
      if (example.operationId === 'searchItems') {
        const result = data as { items: Array<{ content_type: string; domains: string[] }> };
        expect(result.items.length).toBeGreaterThan(0);
        for (const item of result.items) expect(item.content_type).toBe('software');
      }
    }
  });

  it('answers every Data API example as documented with a personal token alone', async () => {
    const user = await signedInAs('user', 'api-examples');
    const { data, error } = await user.client.rpc('create_api_token', { token_name: 'Examples' });
    if (error) throw new Error(error.message);
    const { token } = data as { token: string };
    for (const example of API_EXAMPLES.filter((one) => one.path.startsWith('/rest/v1/'))) {
      const answer = await send(example, { authorization: `Bearer ${token}` });
      await expectDocumentedAnswer(example, answer);
      expect(answer.headers.get('ratelimit-policy')).toBe('"token";q=600;w=60');
    }
  });
});
