import { t } from '@sciai/core';
import { useEffect, useState } from 'react';

/**
 * A refused sign-in with a provider (a denied consent, an address already taken, an iD already
 * connected) comes back from the auth service as GoTrue sends it: error, error_code and
 * error_description in the query and the fragment, the fragment marked `sb`. Read when the app's
 * first modules run (main.tsx imports this early), then taken off the address, so that neither
 * supabase-js nor a bookmark sees it again; the page that landed shows the message.
 */
function readLanding(): string | null {
  const url = new URL(window.location.href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  if (!fragment.has('sb') || !fragment.has('error')) return null;
  const description = fragment.get('error_description') || url.searchParams.get('error_description');
  for (const name of ['error', 'error_code', 'error_description']) url.searchParams.delete(name);
  url.hash = '';
  window.history.replaceState(window.history.state, '', url.href);
  // '' when the service gave no reason: the message is chosen when shown, in the page's language
  return description ?? '';
}

let pending = readLanding();

/**
 * The refusal this page load landed with, for the page that shows it (null when there is none);
 * a page mounted later starts without it. The setter lets the page clear or replace it.
 */
export function useOAuthLandingError(): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState(
    pending === null ? null : pending || t('Signing in with that account did not work. Please try again.'),
  );
  useEffect(() => {
    pending = null;
  }, []);
  return [message, setMessage];
}
