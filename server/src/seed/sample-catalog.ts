import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogItemSchema, type CatalogItem } from '@sciai/core';
import { REPO_ROOT } from '../config.ts';

export const SAMPLE_CATALOG_DIR = join(REPO_ROOT, 'fixtures/catalog');
const FILES = ['software.json', 'papers.json', 'companies.json', 'agents.json'];

/** The sample catalog of real AI-for-science work, validated item by item. */
export function readSampleCatalog(dir = SAMPLE_CATALOG_DIR): CatalogItem[] {
  return FILES.flatMap((file) => {
    const raw: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (!Array.isArray(raw)) throw new Error(`${file} must hold a JSON array`);
    return raw.map((entry, index) => {
      const parsed = CatalogItemSchema.safeParse(entry);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new Error(`${file} item ${index + 1}: ${issue.path.join('.')}: ${issue.message}`);
      }
      return parsed.data;
    });
  });
}
