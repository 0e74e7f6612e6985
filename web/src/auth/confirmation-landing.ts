/**
 * Whether this page load is the landing of a sign-up confirmation link: the auth service sends
 * the browser to the redirect with the new session in the fragment, `type=signup` among its
 * fields (GoTrue's form). supabase-js takes the session from the fragment and clears it, so this
 * is read when the app's first module runs (main.tsx imports it first), before supabase-js
 * has loaded. docs/product.md#sign-up: the app then says 'E-mail confirmed — you are signed in'.
 */
const fragment = new URLSearchParams(window.location.hash.slice(1));
let pending = fragment.get('type') === 'signup' && fragment.has('access_token');

/** True once, for the page load that landed from a confirmation link. */
export function takeSignupConfirmation(): boolean {
  const landed = pending;
  pending = false;
  return landed;
}
