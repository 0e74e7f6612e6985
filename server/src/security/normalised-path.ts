/**
 * The path of a request as the gateway's rules see it: what PostgREST and the auth service will
 * resolve, whatever the spelling. Percent-encoding is decoded once (PostgREST decodes once, so
 * `record%5Fitem%5Fview` is `record_item_view` there), duplicate slashes are collapsed, a
 * trailing slash dropped and the letters lower-cased. Rate-limit keys and path rules use it, so
 * no spelling of an endpoint gets an allowance of its own or slips past a rule; case and the
 * trailing slash only ever make two spellings share one key, never split one. Undecodable text
 * (a stray `%`) is kept as sent: PostgREST refuses it.
 */
export function normalisedPath(url: string): string {
  const raw = (url.split('?')[0] ?? '/').slice(0, 2048);
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // malformed escapes: the raw text is the key
  }
  return decoded
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1')
    .toLowerCase();
}
