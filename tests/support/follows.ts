import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { withDatabase } from './auth.ts';

/** An organization of its own for a test, with `items` published items of its own. */
export async function createTestOrganization(label: string): Promise<{ id: string; name: string }> {
  const name = `${label} ${randomUUID().slice(0, 8)}`;
  const id = await withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      "insert into public.organizations (name, type, size, website) values ($1, 'academic', 'medium', 'https://example.org') returning id",
      [name],
    );
    return rows[0]!.id;
  });
  return { id, name };
}

/** Gives the user a public profile with a handle (and a name), returning the handle. */
export async function makePublicProfile(userId: string, label: string): Promise<string> {
  const handle = `${label}-${randomUUID().slice(0, 8)}`;
  await withDatabase((db) =>
    db.query(
      "update public.user_profiles set handle = $2, display_name = 'Dr ' || $2, is_public = true where id = $1",
      [userId, handle],
    ),
  );
  return handle;
}

/** follow() as the web calls it: the answer, or the database's refusal. */
export async function followAs(
  client: SupabaseClient,
  targetType: string,
  target: string,
  label?: string,
): Promise<{
  data: { id: string; followers: number | null } | null;
  error: { code?: string; message: string } | null;
  status: number;
}> {
  const { data, error, status } = await client.rpc('follow', {
    target_type: targetType,
    target,
    ...(label === undefined ? {} : { label }),
  });
  return { data: data as { id: string; followers: number | null } | null, error, status };
}

export interface FollowEntryJson {
  id: string;
  target_type: string;
  target: string | null;
  label: string | null;
  name: string | null;
  path: string | null;
  followers: number | null;
  new_count: number;
}

export async function myFollows(client: SupabaseClient): Promise<FollowEntryJson[]> {
  const { data, error } = await client.rpc('my_follows');
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as FollowEntryJson[];
}
