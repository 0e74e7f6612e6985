/**
 * Whether this page load is the landing of a sign-up confirmation link: the auth service sends
 * the browser to the redirect with the new session in the fragment, `type=signup` among its
 * fields (GoTrue's form). supabase-js takes the session from the fragment and clears it, so this
 * is read when the app's first module runs (main.tsx imports it first), before supabase-js
 * has loaded. docs/product.md#sign-up: the app then says 'E-mail confirmed — you are signed in'.
 */
const fragment = new URLSearchParams(window.location.hash.slice(1));
let pending = fragment.get('type') === 'signup' && fragment.has('access_token');

/**
 * Whether this page load signed the user in: a sign-up confirmation, a sign-in link or a
 * provider's consent brings the session in the fragment (a password-reset link is left out: its
 * page must not be reloaded under the user). Read for the same reason, at the same time.
 */
export const landedSignedIn = fragment.has('access_token') && fragment.get('type') !== 'recovery';

/** True once, for the page load that landed from a confirmation link. */
export function takeSignupConfirmation(): boolean {
  const landed = pending;
  pending = false;
  return landed;
}
