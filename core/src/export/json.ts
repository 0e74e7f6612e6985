import { itemPath } from '../item-paths.ts';
import { exportYear, type ExportItem } from './export-item.ts';

/** The library as JSON: one object per item with every exported field, lists as arrays. */
export function toJson(items: ReadonlyArray<ExportItem>, exportedAt: Date): string {
  return `${JSON.stringify(
    {
      exported_at: exportedAt.toISOString(),
      count: items.length,
      items: items.map((item) => ({
        title: item.title,
        type: item.content_type,
        organization: item.organization?.name ?? null,
        year: exportYear(item),
        url: item.url,
        page: itemPath(item.content_type, item.slug),
        doi: item.doi,
        journal: item.journal_name,
        authors: item.authors,
        github_url: item.github_url,
        domains: item.domains,
        tags: item.tags,
        description: item.short_description || item.description || null,
        saved_at: item.saved_at,
      })),
    },
    null,
    2,
  )}\n`;
}
