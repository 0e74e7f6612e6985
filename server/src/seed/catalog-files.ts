import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogItemSchema, type CatalogItem } from '@sciai/core';
import {
  BuiltItemSchema,
  CONTENT_FILES,
  defaultCatalog,
  handWrittenMatches,
  type BuiltItem,
  type LoadableItem,
} from '@sciai/core/catalog-build';
import { REPO_ROOT } from '../config.ts';

export const HAND_WRITTEN_CATALOG_DIR = join(REPO_ROOT, 'fixtures/catalog');
export const BUILT_CATALOG_DIR = join(HAND_WRITTEN_CATALOG_DIR, 'built');
const FILES = ['software.json', 'papers.json', 'companies.json', 'agents.json'];

/** The hand-written catalog items (fixtures/catalog), validated item by item. */
export function readHandWrittenCatalog(dir = HAND_WRITTEN_CATALOG_DIR): CatalogItem[] {
  return FILES.flatMap((file) =>
    jsonArray(dir, file).map((entry, index) => {
      const parsed = CatalogItemSchema.safeParse(entry);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new Error(`${file} item ${index + 1}: ${issue.path.join('.')}: ${issue.message}`);
      }
      return parsed.data;
    }),
  );
}

/** The catalog built from open sources (fixtures/catalog/built), validated item by item. */
export function readBuiltCatalog(dir = BUILT_CATALOG_DIR): BuiltItem[] {
  return Object.values(CONTENT_FILES).flatMap((file) =>
    jsonArray(dir, file).map((entry, index) => {
      const parsed = BuiltItemSchema.safeParse(entry);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new Error(`built/${file} item ${index + 1}: ${issue.path.join('.')}: ${issue.message}`);
      }
      return parsed.data;
    }),
  );
}

export interface CatalogToLoad {
  /** the sources' rows (catalog_sources), loaded before the items that name them */
  sources: unknown[];
  items: LoadableItem[];
}

/** What a new SciAI starts with: the built catalog and the hand-written items, merged (docs/product.md#sources). */
export function readDefaultCatalog(): CatalogToLoad {
  const handWritten = readHandWrittenCatalog();
  const built = readBuiltCatalog();
  const { items } = defaultCatalog(handWritten, built, handWrittenMatches(handWritten, built));
  return { sources: jsonArray(BUILT_CATALOG_DIR, 'sources.json'), items };
}

function jsonArray(dir: string, file: string): unknown[] {
  const raw: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (!Array.isArray(raw)) throw new Error(`${file} must hold a JSON array`);
  return raw;
}
