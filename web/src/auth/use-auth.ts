import { useContext } from 'react';
import { AuthContext, type AuthState } from './auth-context.ts';

/** The session, user, profile and roles (docs/product.md#auth-session). Must be under <AuthProvider>. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used under <AuthProvider>');
  return state;
}
