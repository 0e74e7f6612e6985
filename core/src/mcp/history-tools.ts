import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  historyActorLabel,
  historyFieldLabel,
  historyValueText,
  ItemHistorySchema,
  ItemVersionSchema,
  type ItemVersionSummary,
} from '../history/item-history.ts';
import { itemPath } from '../item-paths.ts';
import { markdownText } from '../open-data/markdown-text.ts';
import { callCatalog, CatalogError, type CatalogToolsContext } from './catalog-client.ts';
import { SlugSchema } from './tool-schemas.ts';

const ItemHistoryInput = {
  slug: SlugSchema,
  version: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .optional()
    .describe('One version, with each changed field’s old and new value; without it, the list of versions'),
  page: z.number().int().min(1).max(1_000).default(1).describe('Page of 20 versions, newest first, from 1'),
};

const VersionOutput = z.object({
  version: z.number(),
  changed_at: z.string(),
  by: z.string().describe('Who or what made it: a moderator, the maintainer, a harvest, an import, a revert'),
  actor: z.string(),
  fields: z.array(z.string()),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })).optional(),
  url: z.string(),
});

const ItemHistoryOutput = {
  url: z.string(),
  title: z.string(),
  total: z.number(),
  page: z.number(),
  has_more: z.boolean(),
  versions: z.array(VersionOutput),
};

function answer(structured: object, lines: string[]): CallToolResult {
  return {
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: structured as Record<string, unknown>,
  };
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** item_history: what changed on a published item, version by version (docs/product.md#item-history). */
export function registerHistoryTools(server: McpServer, context: CatalogToolsContext): void {
  const { client, siteUrl } = context;
  server.registerTool(
    'item_history',
    {
      title: 'Read the history of an item',
      description:
        'Every change to a published item, newest first: version number, when, who or what made it (a moderator, the maintainer, a harvest, an import, a revert) and which public fields changed; with version, that version’s old and new values.',
      inputSchema: ItemHistoryInput,
      outputSchema: ItemHistoryOutput,
      annotations: READ_ONLY,
    },
    async ({ slug, version, page }) => {
      const versionUrl = (path: string, number: number) => siteUrl(`${path}?tab=history&version=${number}`);
      const row = (one: ItemVersionSummary, path: string) => ({
        version: one.version,
        changed_at: one.changed_at,
        by: historyActorLabel(one.actor, one.actor_name),
        actor: one.actor,
        fields: one.fields,
        url: versionUrl(path, one.version),
      });
      if (version !== undefined) {
        const data = await callCatalog(client, 'item_version', { _slug: slug, _version: version });
        if (data === null) throw new CatalogError(`No published item “${slug}” has a version ${version}.`);
        const parsed = ItemVersionSchema.safeParse(data);
        if (!parsed.success) throw new CatalogError('The history answered in an unexpected shape.');
        const { item, version: found } = parsed.data;
        const path = itemPath(item.content_type, item.slug);
        const output = {
          url: siteUrl(path),
          title: item.title,
          total: item.latest,
          page: 1,
          has_more: false,
          versions: [{ ...row(found, path), changes: found.changes }],
        };
        return answer(output, [
          `${markdownText(item.title)}, version ${found.version} of ${item.latest}: ${versionUrl(path, found.version)}`,
          `${historyActorLabel(found.actor, found.actor_name)}, ${found.changed_at.slice(0, 10)}.`,
          ...Object.entries(found.changes).map(
            ([field, change]) =>
              `- ${historyFieldLabel(field)}: ${markdownText(historyValueText(change.old))} → ${markdownText(historyValueText(change.new))}`,
          ),
        ]);
      }
      const data = await callCatalog(client, 'item_history', { _slug: slug, _page: page });
      if (data === null) throw new CatalogError(`No published item has the slug “${slug}”.`);
      const parsed = ItemHistorySchema.safeParse(data);
      if (!parsed.success) throw new CatalogError('The history answered in an unexpected shape.');
      const history = parsed.data;
      const path = itemPath(history.item.content_type, history.item.slug);
      const versions = history.versions.map((one) => row(one, path));
      const output = {
        url: siteUrl(path),
        title: history.item.title,
        total: history.total,
        page,
        has_more: page * history.page_size < history.total,
        versions,
      };
      return answer(output, [
        `${markdownText(history.item.title)}: ${siteUrl(path)}`,
        history.total === 0
          ? 'No changes since it was published.'
          : `${history.total} version${history.total === 1 ? '' : 's'}, newest first:`,
        ...versions.map(
          (one) =>
            `- Version ${one.version}, ${one.changed_at.slice(0, 10)}, ${one.by}: ${one.fields.map(historyFieldLabel).join(', ')}`,
        ),
      ]);
    },
  );
}
