import { useCallback, useEffect, useRef } from 'react';
import { isLocale, localizedPath, splitLocalePath, type Locale } from '@sciai/core';
import { useAuth } from '../auth/use-auth.ts';
import { pageLocale } from '../i18n/index.ts';
import type { UserProfile } from '../data/profile.ts';

/** A year: the choice outlives the session (docs/product.md#languages). */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Loads the same address in `locale` and remembers it in the cookie the gateway reads on English
 * addresses. The language is fixed for a page's life, so this is a new page load.
 */
export function openPageIn(locale: Locale): void {
  document.cookie = `sciai_lang=${locale}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
  const { path } = splitLocalePath(window.location.pathname);
  window.location.assign(`${localizedPath(locale, path)}${window.location.search}${window.location.hash}`);
}

/** The language saved on the profile, or null when none was chosen (or the value is not one). */
export function savedLanguage(profile: UserProfile | null): Locale | null {
  return isLocale(profile?.preferred_language) ? profile.preferred_language : null;
}

/**
 * Saves a language chosen while signed in on the profile, so the next sign-in (any device)
 * opens in it. A visitor's choice stays in the cookie only. Throws when the save fails.
 */
export function useSaveLanguage(): (locale: Locale) => Promise<void> {
  const { user, profile, saveProfile } = useAuth();
  const stored = savedLanguage(profile);
  return useCallback(
    async (locale: Locale) => {
      if (!user || stored === locale) return;
      await saveProfile({ preferred_language: locale });
    },
    [user, stored, saveProfile],
  );
}

/**
 * After a sign-in (`signedInUserId`: the user who just signed in, else null), once their profile
 * has loaded and no second factor is owed, loads the page in the profile's language when it is
 * not the page's. Only once per sign-in: a later choice on this page is the user's to make.
 */
export function useOpenSignInLanguage(
  signedInUserId: string | null,
  profile: UserProfile | null,
  ready: boolean,
): void {
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!signedInUserId || !ready || handled.current === signedInUserId) return;
    if (profile?.id !== signedInUserId) return;
    handled.current = signedInUserId;
    const language = savedLanguage(profile);
    if (language && language !== pageLocale) openPageIn(language);
  }, [signedInUserId, profile, ready]);
}
