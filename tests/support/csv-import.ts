import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { REPO_ROOT } from '@sciai/server';
import type { CallImportRpc, ImportDomain } from '@sciai/core';

/**
 * A CSV fixture (fixtures/csv) made unique for one test: every 'fixture' (any case: titles, names,
 * authors, organisations, DOIs) gets a tag, so tests sharing a backend never see each other's rows.
 */
export function taggedFixture(file: string, tag = randomUUID().slice(0, 8)): { text: string; tag: string } {
  const text = readFileSync(join(REPO_ROOT, 'fixtures/csv', file), 'utf8')
    .replace(/fixture/gi, (word) => `${word}${tag}`);
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
