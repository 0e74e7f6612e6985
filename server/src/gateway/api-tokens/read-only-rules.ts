import { normalisedPath } from '../../security/normalised-path.ts';

/**
 * The SQL functions a personal API token may call with POST: the public reads the API page
 * documents and the owner's own reads. PostgREST calls every function with POST (supabase-js's
 * rpc() does), so the method alone cannot tell a read from a write; a list can, and a function
 * added later is refused until it is put here on purpose.
 */
export const READ_FUNCTIONS: ReadonlySet<string> = new Set([
  'search_items',
  'item_details',
  'related_items',
  'similar_items',
  'quick_view_card',
  'public_profile',
  'public_profile_reviews',
  'item_reviews_page',
  'item_history',
  'item_version',
  'public_site_settings',
  'library_items',
  'my_profile_stats',
  'get_user_roles',
]);

/**
 * Whether a request made with a token reads and only reads: GET, HEAD or OPTIONS on anything
 * (PostgREST runs GET and HEAD in a read-only transaction, so even a function that would write
 * fails there), or POST to /rpc/<one of READ_FUNCTIONS>. The path is the one PostgREST will
 * resolve (percent-decoded, lower case), so an encoded name cannot pass for a listed one.
 */
export function isReadRequest(method: string, url: string): boolean {
  const verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD' || verb === 'OPTIONS') return true;
  if (verb !== 'POST') return false;
  const match = /^\/rest\/v1\/rpc\/([a-z_][a-z0-9_]*)$/.exec(normalisedPath(url));
  return match !== null && READ_FUNCTIONS.has(match[1] ?? '');
}
