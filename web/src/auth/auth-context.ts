import { createContext } from 'react';
import type { Session, User } from '@supabase/supabase-js';
import type { AdminAssurance } from '../data/admin-assurance.ts';
import type { UserProfile, UserProfileUpdate } from '../data/profile.ts';

export interface AuthState {
  session: Session | null;
  user: User | null;
  /** null while loading, when there is no user, or when the user has no profile row. */
  profile: UserProfile | null;
  /** Empty for a visitor; ['user'] when the roles could not be read. */
  roles: string[];
  /** True until the first session check has finished. */
  loading: boolean;
  /** True while a user's profile, roles and second-factor need are loading. */
  userDataLoading: boolean;
  /** Signed in with a password, and a verified TOTP factor still asks for its code. */
  needsSecondFactor: boolean;
  isAdmin: boolean;
  /**
   * For a user with the admin role: whether the site requires aal2 for the admin area and the
   * session's level (the database refuses admin rights below it). null for everyone else.
   */
  adminAssurance: AdminAssurance | null;
  hasRole(role: string): boolean;
  /** Saves the profile and shows the stored row at once; throws on failure. */
  saveProfile(changes: UserProfileUpdate): Promise<UserProfile>;
  signOut(): Promise<string | null>;
}

export const AuthContext = createContext<AuthState | null>(null);
