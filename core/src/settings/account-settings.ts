import { z } from 'zod';
import { THEME_PREFERENCES } from './theme-preference.ts';

/** The theme a user picks in Settings → Appearance, stored on the profile (theme_preference). */
export const ThemePreferenceSchema = z.enum(THEME_PREFERENCES);

/**
 * Switches for the e-mails that can be turned off. Only the review decisions on a user's
 * contributions qualify today; security e-mails (confirmation, password reset) always go out.
 */
export const NotificationPreferencesSchema = z.object({
  contribution_reviews: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { contribution_reviews: true };

/** Reads the stored jsonb leniently: unknown or missing keys fall back to the defaults. */
export function parseNotificationPreferences(stored: unknown): NotificationPreferences {
  const merged = {
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    ...(typeof stored === 'object' && stored !== null ? stored : {}),
  };
  const parsed = NotificationPreferencesSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFERENCES;
}

/** Account deletion is confirmed by typing the account's e-mail (any case) or DELETE. */
export function isDeletionConfirmed(typed: string, email: string): boolean {
  const value = typed.trim();
  return value === 'DELETE' || (email !== '' && value.toLowerCase() === email.trim().toLowerCase());
}

/** The tabs of /settings, in order; the chosen one is kept in the URL as ?tab=. */
export const SETTINGS_TABS = [
  'profile',
  'appearance',
  'notifications',
  'privacy',
  'security',
  'claims',
  'account',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function parseSettingsTab(value: string | null | undefined): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab === value) ?? 'profile';
}
