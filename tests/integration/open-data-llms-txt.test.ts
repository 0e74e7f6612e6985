import { describe, expect, it } from 'vitest';
import { backend, get } from '../support/open-data.ts';

/** /llms.txt, what SciAI tells a language model about itself, and the MCP docs it links. */
describe('/llms.txt', () => {
  it('says what SciAI is and links the catalog, the data, the API and the MCP docs', async () => {
    const response = await get('/llms.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith('# SciAI\n\n> SciAI is a catalog of AI tools for science')).toBe(true);
    for (const path of ['/llms-full.txt', '/data', '/data/catalog.jsonl.gz', '/api', '/api/openapi.json', '/mcp']) {
      expect(text).toContain(`](${backend.url}${path})`);
    }
    expect(text).toContain(`](${backend.url}/docs/mcp.md)`);
    const mcp = await (await get('/docs/mcp.md')).text();
    expect(mcp.startsWith('## SciAI in an AI assistant (MCP)')).toBe(true);
    expect(mcp).toContain('search_catalog');
  });
});
