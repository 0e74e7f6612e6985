import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createEmptyDraft, toSubmissionRow, type SubmissionDraft, type SubmissionRow } from '@sciai/core';

/** Ids of the scientific domains, in name order (docs/product.md#domains). */
export async function domainIds(client: SupabaseClient): Promise<string[]> {
  const { data, error } = await client.from('scientific_domains').select('id').order('name');
  if (error) throw error;
  return (data ?? []).map((row: { id: string }) => row.id);
}

/** A wizard draft that passes every step, with a title no other test uses. */
export function validDraft(domains: string[], changes: Partial<SubmissionDraft> = {}): SubmissionDraft {
  const tag = randomUUID().slice(0, 8);
  return {
    ...createEmptyDraft(),
    title: `Quantum Lattice Solver ${tag}`,
    domains,
    shortDescription: 'Solves lattice models on quantum hardware',
    description: 'A toolkit that maps lattice models onto quantum circuits and runs them.',
    url: `https://example.org/tools/${tag}`,
    keyFeatures: ['Fast', '', 'Open data'],
    ...changes,
  };
}

/** The content_submissions row core makes of a valid draft. */
export function rowOf(draft: SubmissionDraft): SubmissionRow {
  const result = toSubmissionRow(draft);
  if (!result.ok) throw new Error(`invalid draft: ${JSON.stringify(result.errors)}`);
  return result.row;
}

/** Inserts a submission as the signed-in client's user and returns its id. */
export async function submit(client: SupabaseClient, submitterId: string, row: SubmissionRow): Promise<string> {
  const { data, error } = await client
    .from('content_submissions')
    .insert({ ...row, submitter_id: submitterId })
    .select('id')
    .single();
  if (error) throw new Error(`submission refused: ${error.message}`);
  return (data as { id: string }).id;
}
