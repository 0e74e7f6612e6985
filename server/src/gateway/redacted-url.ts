/**
 * Query parameters that carry a credential somewhere in the API: supabase-js and PostgREST take
 * the anon key or a personal API token as `apikey`, the auth service's links carry `token`,
 * `token_hash` and `code`, OAuth-style clients send `access_token` or `refresh_token`. A URL is
 * logged with their values replaced, so a log line never lets its reader act as the caller.
 */
const SECRET_PARAMETERS = new Set([
  'apikey',
  'api_key',
  'access_token',
  'refresh_token',
  'id_token',
  'provider_token',
  'provider_refresh_token',
  'token',
  'token_hash',
  'code',
  'nonce',
  'password',
  'secret',
  'client_secret',
  'jwt',
  'authorization',
  'signature',
]);

export const REDACTED = '[redacted]';

/**
 * A private notification feed's address is its credential (docs/product.md#notification-feeds):
 * whatever follows /feeds/notifications/ up to the end of the path, in any letter case.
 */
const PRIVATE_FEED_TOKEN = /(\/feeds(?:\/|%2f)+notifications(?:\/|%2f)+)[^?#\s"']*/gi;

/** One parameter in a query string, with the separator before it; its name may be percent-encoded. */
const PARAMETER = /([?&;])([^=&;#\s"'?]+)=([^&;#\s"']*)/g;

/**
 * The text (a URL, or a message that quotes one) with the values of credential parameters
 * replaced, whatever the letter case or percent-encoding of their names.
 */
export function redactSecrets(text: string): string {
  const withoutFeedTokens = text.replace(PRIVATE_FEED_TOKEN, `$1${REDACTED}`);
  if (!withoutFeedTokens.includes('=')) return withoutFeedTokens;
  return withoutFeedTokens.replace(PARAMETER, (whole, separator: string, name: string) =>
    SECRET_PARAMETERS.has(parameterName(name)) ? `${separator}${name}=${REDACTED}` : whole,
  );
}

function parameterName(raw: string): string {
  let name = raw.replaceAll('+', ' ');
  // Decoded until it stops changing (at most a few times): %2561pikey is a doubly encoded apikey.
  for (let pass = 0; pass < 3 && name.includes('%'); pass++) {
    try {
      const decoded = decodeURIComponent(name);
      if (decoded === name) break;
      name = decoded;
    } catch {
      break;
    }
  }
  return name.trim().toLowerCase();
}
