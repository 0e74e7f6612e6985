import { displayName, initials } from '@sciai/core';
import { useAuth } from './use-auth.ts';

/** The avatar initials, name and e-mail of the signed-in user (docs/product.md#shell-user-menu), or null for a visitor. */
export function useUserIdentity(): { initials: string; name: string; email: string } | null {
  const { user, profile } = useAuth();
  if (!user) return null;
  const meta = (user.user_metadata ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const parts = {
    display_name: profile?.display_name ?? null,
    first_name: profile?.first_name ?? text(meta.first_name),
    last_name: profile?.last_name ?? text(meta.last_name),
    email: user.email ?? null,
  };
  return { initials: initials(parts), name: displayName(parts), email: user.email ?? '' };
}
