import { SITE_NAME } from '../item-seo.ts';
import { CATALOG_LICENSE, CATALOG_LICENSE_URL } from './catalog-item.ts';

/** Where the generated open-data files are served, and their names. */
export const OPEN_DATA_FILES = {
  jsonl: 'catalog.jsonl.gz',
  csv: 'catalog.csv.gz',
  llmsFull: 'llms-full.txt',
} as const;

export const CATALOG_DESCRIPTION =
  'SciAI is a catalog of AI tools for science: research software, papers, companies and AI agents, organised by scientific field, with verified listings, search, comparison and trending.';

/**
 * /llms.txt as llmstxt.org describes it: an H1, a one-paragraph summary as a quote, then
 * sections of links with a note each. `origin` makes every link absolute.
 */
export function llmsTxt(origin: string, options: { mcpDocs: boolean }): string {
  const link = (title: string, path: string, note: string) => `- [${title}](${origin}${path}): ${note}`;
  return [
    `# ${SITE_NAME}`,
    '',
    `> ${CATALOG_DESCRIPTION}`,
    '',
    'Every item page answers `Accept: application/ld+json` with its schema.org JSON-LD, and the same address with `.md` added (for example `/tool/alphafold.md`) gives the page as Markdown. Catalog text is licensed ' +
      `${CATALOG_LICENSE} (${CATALOG_LICENSE_URL}) unless an item says otherwise.`,
    '',
    '## Catalog',
    '',
    link('Browse', '/browse', 'every published item, filtered by field, type and features'),
    link('Full catalog as Markdown', '/llms-full.txt', 'every published item in one file, field by field'),
    link('Sitemap', '/sitemap.xml', 'the address of every published item'),
    link('Newest items (Atom)', '/feed.xml', 'the latest additions; /feed/{field}.xml for one field'),
    '',
    '## Data',
    '',
    link('Open data', '/data', 'the dumps, their licence, schema, generation time and SHA-256'),
    link('catalog.jsonl.gz', '/data/catalog.jsonl.gz', 'one JSON object per published item, gzip'),
    link('catalog.csv.gz', '/data/catalog.csv.gz', 'one row per published item, gzip'),
    '',
    '## API',
    '',
    link('API documentation', '/api', 'the REST API over the catalog'),
    link('OpenAPI', '/api/openapi.json', 'the machine-readable description of the API'),
    link('MCP server', '/mcp', 'Model Context Protocol over Streamable HTTP, no sign-in'),
    ...(options.mcpDocs ? [link('MCP setup', '/docs/mcp.md', 'how to connect an assistant to SciAI')] : []),
    '',
    '## Optional',
    '',
    link('About', '/about', `what ${SITE_NAME} is and who runs it`),
    link('Embed', '/embed/builder', 'a live list of items for any site, and its snippet'),
    '',
  ].join('\n');
}

/** The head of /llms-full.txt, before the fields' sections. */
export function llmsFullHeader(origin: string, generatedAt: Date, itemCount: number): string {
  return [
    `# ${SITE_NAME}: the full catalog`,
    '',
    `> ${CATALOG_DESCRIPTION}`,
    '',
    `${itemCount} published items, generated ${generatedAt.toISOString()}. Each item: its page, type, organization and summary. ` +
      `Item pages give more as Markdown (add .md) or JSON-LD. Catalog text licensed ${CATALOG_LICENSE} (${CATALOG_LICENSE_URL}) unless an item says otherwise. ` +
      `Index: ${origin}/llms.txt`,
    '',
  ].join('\n');
}
