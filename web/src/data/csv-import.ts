import {
  findExistingKeys,
  planImport,
  writeImport,
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
const callImportRpc: CallImportRpc = async (fn, args) => (await getSupabase()).rpc(fn, args);

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
 * Stages the result's importable rows in chunks and commits them with one SQL function in one
 * transaction. Throws core's ImportWriteError ('No valid data to upload', 'Failed to insert
 * data: …'); the catalog is then unchanged.
 */
export function importProcessedCsv(
  result: ProcessResult,
  fileName: string,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportOutcome> {
  if (result.validCount > 0 && result.importableCount === 0) {
    // Every valid row is already in the catalog (as core's runCsvImport does): nothing to write.
    onProgress({ phase: 'done' });
    const nothing = { inserted: 0, skipped: 0, people_created: 0, organizations_created: 0 };
    return Promise.resolve({ ...nothing, type: result.type, skippedTotal: result.duplicateCount, invalid: result.invalidCount });
  }
  return writeImport(callImportRpc, planImport(result, fileName), { onProgress });
}
