import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { REPO_ROOT } from '@sciai/server';
import type { CallImportRpc, ImportDomain, ImportType, RpcAnswer } from '@sciai/core';

/**
 * A CSV fixture (fixtures/csv) made unique for one test: every 'fixture' (any case: titles, names,
 * authors, organisations, DOIs) gets a tag, so tests sharing a backend never see each other's rows.
 */
export function taggedFixture(file: string, tag = randomUUID().slice(0, 8)): { text: string; tag: string } {
  const text = readFileSync(join(REPO_ROOT, 'fixtures/csv', file), 'utf8').replace(
    /fixture/gi,
    (word) => `${word}${tag}`,
  );
  return { text, tag };
}

export function rpcOf(client: SupabaseClient): CallImportRpc {
  return (fn, args) => client.rpc(fn, args);
}

export async function domainsOf(client: SupabaseClient): Promise<ImportDomain[]> {
  const { data, error } = await client.from('scientific_domains').select('slug, name');
  if (error) throw error;
  return (data ?? []).map((row: { slug: string; name: string }) => ({ slug: row.slug, name: row.name }));
}

/**
 * Rows staged by hand as one batch, then committed, as if validated before something else
 * changed the catalog: the commit's answer, for the test to judge.
 */
export async function stageAndCommit(
  call: CallImportRpc,
  contentType: ImportType,
  rows: Array<Record<string, unknown>>,
): Promise<RpcAnswer> {
  const batch = await call('begin_import', {
    content_type: contentType,
    file_name: `${contentType}-by-hand.csv`,
    summary: {},
  });
  if (batch.error) throw new Error(`begin_import: ${batch.error.message}`);
  const staged = await call('stage_import_rows', { batch_id: batch.data, rows });
  if (staged.error) throw new Error(`stage_import_rows: ${staged.error.message}`);
  return call('commit_import', { batch_id: batch.data });
}
