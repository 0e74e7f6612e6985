import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { CONTENT_TYPES, type ContentType } from '../content.ts';
import { itemPath } from '../item-paths.ts';
import { registerCatalogTools, type CatalogToolsContext } from './catalog-tools.ts';
import { registerReviewTools } from './review-tools.ts';
import { registerHistoryTools } from './history-tools.ts';
import { readItemDetails } from './catalog-reads.ts';
import { CatalogError } from './catalog-client.ts';
import { SlugSchema } from './tool-schemas.ts';

export const MCP_SERVER_NAME = 'sciai';

/** The item resource: `sciai://item/software/alphafold-2`. */
export const ITEM_RESOURCE_TEMPLATE = 'sciai://item/{type}/{slug}';

/**
 * The SciAI MCP server over a catalog client: the tools (catalog-tools.ts), an item resource and
 * a prompt. One definition for both ways in: `sciai mcp` (stdio) and the gateway's /mcp.
 */
export function createSciaiMcpServer(context: CatalogToolsContext & { version: string }): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: 'SciAI', version: context.version, websiteUrl: context.siteUrl('/') },
    {
      instructions:
        'SciAI is a catalog of AI tools, papers, companies and agents for scientific research. Use search_catalog to find items, get_item for details, list_reviews for what researchers who used an item say, item_history for what changed on an item and who changed it, compare_items to weigh 2-4 candidates, and link the user to the item pages.',
      // The gateway's own bound on arrays (route-limits.ts) is 100 elements; no tool takes more than 20.
      maxToolInputElements: 100,
    },
  );
  registerCatalogTools(server, context);
  registerReviewTools(server, context);
  registerHistoryTools(server, context);
  registerItemResource(server, context);
  registerResearchTaskPrompt(server);
  return server;
}

function registerItemResource(server: McpServer, context: CatalogToolsContext): void {
  server.registerResource(
    'item',
    new ResourceTemplate(ITEM_RESOURCE_TEMPLATE, { list: undefined }),
    {
      title: 'A SciAI catalog item',
      description:
        'One item as JSON; type is software, paper, company or agent, slug the last part of its page address.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const type = String(variables.type);
      const slug = SlugSchema.safeParse(String(variables.slug));
      if (!(CONTENT_TYPES as readonly string[]).includes(type) || !slug.success) {
        throw new CatalogError(`Not an item address: ${uri.href} (expected ${ITEM_RESOURCE_TEMPLATE}).`);
      }
      const [item] = await readItemDetails(context.client, [slug.data]);
      if (!item || item.content_type !== type)
        throw new CatalogError(`No published ${type} has the slug “${slug.data}”.`);
      const page = context.siteUrl(itemPath(type as ContentType, item.slug));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ url: page, item }) }] };
    },
  );
}

function registerResearchTaskPrompt(server: McpServer): void {
  server.registerPrompt(
    'find_tools_for_research_task',
    {
      title: 'Find tools for my research task',
      description: 'Finds, compares and recommends SciAI catalog items for a research task.',
      argsSchema: {
        task: z.string().min(1).max(2000).describe('The research task, in a few sentences'),
        domain: z.string().max(100).optional().describe('A scientific domain, if known (see list_domains)'),
      },
    },
    ({ task, domain }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: [
              `I need AI tools for this research task: ${task}`,
              domain ? `My field: ${domain}.` : '',
              'Using the SciAI tools: call list_domains if the field is unclear, then search_catalog with a few different phrasings (and its domain and type filters),',
              'look at the most promising items with get_item, and compare_items the best 2 to 4.',
              'Recommend the best fit with reasons (pricing, open source, API, evidence such as citations), name the trade-offs, and link every item to its SciAI page.',
            ]
              .filter(Boolean)
              .join('\n'),
          },
        },
      ],
    }),
  );
}
