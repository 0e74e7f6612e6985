/**
 * The theme a user picks in Settings → Appearance, stored on the profile (theme_preference).
 * Kept apart from account-settings.ts and free of zod: the header's theme toggle needs these on
 * every page, and importing that module would pull zod's schemas into the web app's entry.
 */
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** Mantine calls "system" `auto`; these two translate between the stored and the UI value. */
export function toColorScheme(preference: ThemePreference): 'light' | 'dark' | 'auto' {
  return preference === 'system' ? 'auto' : preference;
}

export function toThemePreference(scheme: 'light' | 'dark' | 'auto'): ThemePreference {
  return scheme === 'auto' ? 'system' : scheme;
}
