import { useCallback, useEffect, useRef } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { isThemePreference, toColorScheme, toThemePreference, type ThemePreference } from '@sciai/core';
import { useAuth } from '../auth/use-auth.ts';

/**
 * The theme as the account stores it. Choosing one applies it at once (Mantine also keeps it in
 * localStorage for the next first paint) and, for a signed-in user, saves it to the profile.
 */
export function useThemePreference() {
  const { user, profile, saveProfile } = useAuth();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = toThemePreference(colorScheme);

  const choose = useCallback(
    async (preference: ThemePreference) => {
      setColorScheme(toColorScheme(preference));
      if (user && profile?.theme_preference !== preference) await saveProfile({ theme_preference: preference });
    },
    [user, profile?.theme_preference, setColorScheme, saveProfile],
  );

  return { preference: current, choose };
}

/**
 * Applies the account's saved theme whenever a profile loads (a new device, another sign-in),
 * so the choice follows the user. Only a change of stored value is applied: a local choice that
 * has not been saved yet is not overwritten by each re-render.
 */
export function useApplySavedTheme(): void {
  const { profile } = useAuth();
  const { setColorScheme } = useMantineColorScheme();
  const applied = useRef<string | null>(null);
  const stored = isThemePreference(profile?.theme_preference) ? profile.theme_preference : null;
  const key = profile && stored ? `${profile.id}:${stored}` : null;

  useEffect(() => {
    if (!key || !stored || key === applied.current) return;
    applied.current = key;
    setColorScheme(toColorScheme(stored));
  }, [key, stored, setColorScheme]);
}
