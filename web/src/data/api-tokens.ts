import { t } from '@sciai/core';
import { z } from 'zod';
import { getSupabase } from './supabase-client.ts';

/** One of the user's personal API tokens as Settings lists it: never the token, never its hash. */
const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  token_prefix: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** What create_api_token returns once: the token in clear, to be copied now or never. */
const CreatedApiTokenSchema = ApiTokenSchema.pick({
  id: true,
  name: true,
  token_prefix: true,
  expires_at: true,
}).extend({
  token: z.string().regex(/^sciai_[0-9a-f]{64}$/),
});
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

/** The expiries in days the database accepts (create_api_token): a year at most, never "never". */
export const API_TOKEN_EXPIRIES = [7, 30, 90, 365] as const;
export type ApiTokenExpiry = (typeof API_TOKEN_EXPIRIES)[number];

/** SWR key of the user's tokens: per user, so another account never sees them. */
export const apiTokensKey = (userId: string) => ['api-tokens', userId] as const;

export async function listMyApiTokens(): Promise<ApiToken[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('api_tokens')
    .select('id, name, token_prefix, created_at, expires_at, last_used_at')
    .order('created_at', { ascending: false });
  if (error) throw new Error(`API tokens: ${error.message}`);
  return z.array(ApiTokenSchema).parse(data ?? []);
}

export async function createApiToken(name: string, expiresInDays: ApiTokenExpiry): Promise<CreatedApiToken> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('create_api_token', { token_name: name, expires_in_days: expiresInDays });
  if (error) throw new Error(error.message);
  return CreatedApiTokenSchema.parse(data);
}

/** Revoking is deleting: the gateway looks every request's token up, so it stops at once. */
export async function revokeApiToken(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('api_tokens').delete().eq('id', id).select('id');
  if (error) throw new Error(error.message);
  if (!data?.length) throw new Error(t('That token has already been revoked.'));
}

/**
 * Tokens are honoured by SciAI's own gateway (it swaps them for a user's JWT); a hosted Supabase
 * project's API gateway does not know them, so Settings offers them only with the embedded backend.
 */
export function apiTokensAvailable(): boolean {
  const config = window.__SCIAI_CONFIG__;
  if (!config) return false;
  if (config.backend) return config.backend === 'embedded';
  return config.supabaseUrl === null;
}
