import {
  findExistingKeys,
  writeProcessedCsv,
  type CallImportRpc,
  type ImportDomain,
  type ImportOutcome,
  type ImportProgress,
  type ImportType,
  type ProcessResult,
} from '@sciai/core';
import type { Json } from './database.types.ts';
import { getSupabase } from './supabase-client.ts';

/**
 * core's one door to the import's SQL functions, through supabase-js with the signed-in admin's
 * session: the functions themselves refuse anyone who is not an admin. core hands each call a
 * plain record; the typed client takes each function's own arguments, so they are checked here.
 */
const callImportRpc: CallImportRpc = async (fn, args) => {
  const supabase = await getSupabase();
  switch (fn) {
    case 'find_existing_import_keys':
      return supabase.rpc(fn, { content_type: text(args, 'content_type'), keys: texts(args, 'keys') });
    case 'begin_import':
      return supabase.rpc(fn, { content_type: text(args, 'content_type'), file_name: text(args, 'file_name'), summary: json(args, 'summary') });
    case 'stage_import_rows':
      return supabase.rpc(fn, { batch_id: text(args, 'batch_id'), rows: json(args, 'rows') });
    case 'commit_import':
    case 'discard_import':
      return supabase.rpc(fn, { batch_id: text(args, 'batch_id') });
  }
};

function text(args: Record<string, unknown>, name: string): string {
  const value = args[name];
  if (typeof value !== 'string') throw new TypeError(`import call: ${name} must be text`);
  return value;
}

function texts(args: Record<string, unknown>, name: string): string[] {
  const value = args[name];
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    if (items.every((item): item is string => typeof item === 'string')) return items;
  }
  throw new TypeError(`import call: ${name} must be a list of text`);
}

function json(args: Record<string, unknown>, name: string): Json {
  const value = args[name];
  if (!isJson(value)) throw new TypeError(`import call: ${name} must be JSON`);
  return value;
}

function isJson(value: unknown): value is Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  return typeof value === 'object' && Object.values(value).every((item) => item === undefined || isJson(item));
}

export const importDomainsKey = () => 'csv-import-domains' as const;

/** The taxonomy the rows' domains are checked against (names any case, or slugs). */
export async function fetchImportDomains(): Promise<ImportDomain[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('scientific_domains').select('slug, name');
  if (error) throw error;
  return data.map((row) => ({ slug: row.slug, name: row.name }));
}

/** Which duplicate keys (lower-cased DOIs for papers, names otherwise) the catalog already has. */
export function findExistingImportKeys(type: ImportType, keys: string[]): Promise<string[]> {
  return findExistingKeys(callImportRpc, type, keys);
}

/**
 * Writes the previewed file through core's import (nothing when every valid row is already in the
 * catalog). Throws core's ImportWriteError ('No valid data to upload', 'Failed to insert data:
 * …'); the catalog is then unchanged.
 */
export function importProcessedCsv(
  result: ProcessResult,
  fileName: string,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportOutcome> {
  return writeProcessedCsv(callImportRpc, result, fileName, { onProgress });
}
