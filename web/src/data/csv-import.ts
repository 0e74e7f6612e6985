import {
  findExistingKeys,
  typedImportCall,
  writeProcessedCsv,
  type CallImportRpc,
  type ImportDomain,
  type ImportOutcome,
  type ImportProgress,
  type ImportType,
  type ProcessResult,
} from '@sciai/core';
import { getSupabase } from './supabase-client.ts';

/**
 * core's one door to the import's SQL functions, through supabase-js with the signed-in admin's
 * session: the functions themselves refuse anyone who is not an admin.
 */
const callImportRpc: CallImportRpc = async (fn, args) => {
  const supabase = await getSupabase();
  const call = typedImportCall(fn, args);
  return supabase.rpc(call.fn, call.args);
};

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
