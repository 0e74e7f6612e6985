import { inject } from 'vitest';
import { visitorAddress, withDatabase, type SignedInUser } from './auth.ts';
import { createTestItem, type TestItem } from './test-items.ts';

/**
 * Claims (docs/product.md#claims) as the item page makes them: the proofs through the gateway's
 * /claims/v1 with the user's session, the rest through supabase-js.
 */

/** A published software item with a website and, if given, a repository. */
export async function claimableItem(
  label: string,
  fields: { website?: string; repository?: string; contentType?: 'software' | 'paper' } = {},
): Promise<TestItem> {
  const item = await createTestItem(fields.contentType ?? 'software', label, {
    url: fields.website ?? `https://www.${label}-lab.org/`,
  });
  if ((fields.contentType ?? 'software') === 'software')
    await withDatabase((db) =>
      db.query('insert into public.software (content_id, github_url) values ($1, $2)', [
        item.id,
        fields.repository ?? null,
      ]),
    );
  return item;
}

/** What signing in with GitHub leaves: the user's token, kept server-side. */
export async function connectGithub(userId: string, token: string): Promise<void> {
  await withDatabase((db) =>
    db.query(
      `insert into auth.provider_tokens (user_id, provider, access_token, scopes) values ($1, 'github', $2, 'read:user,user:email')
       on conflict (user_id, provider) do update set access_token = excluded.access_token`,
      [userId, token],
    ),
  );
}

export interface ClaimAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** POST /claims/v1/<path> as `user` (or as a visitor), from an address of its own. */
export async function postClaim(
  user: SignedInUser | undefined,
  path: 'github' | 'email/code' | 'email/verify',
  body: unknown,
  options: { address?: string; rawBody?: string; contentType?: string; accessToken?: string } = {},
): Promise<ClaimAnswer> {
  const { url, anonKey } = inject('backend');
  const headers: Record<string, string> = {
    apikey: anonKey,
    'content-type': options.contentType ?? 'application/json',
    'x-forwarded-for': options.address ?? visitorAddress(),
  };
  if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
  else if (user) {
    const { data } = await user.client.auth.getSession();
    if (data.session) headers.authorization = `Bearer ${data.session.access_token}`;
  }
  const response = await fetch(`${url}/claims/v1/${path}`, {
    method: 'POST',
    headers,
    body: options.rawBody ?? JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed };
}

/** The item's approved claims' claimants, read as the database owner. */
export async function maintainersOf(itemId: string): Promise<string[]> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ claimant_id: string }>(
      "select claimant_id from public.item_claims where content_id = $1 and status = 'approved'",
      [itemId],
    );
    return rows.map((row) => row.claimant_id);
  });
}
