import { z } from 'zod';
import { THEME_PREFERENCES } from './theme-preference.ts';

/** The theme a user picks in Settings → Appearance, stored on the profile (theme_preference). */
export const ThemePreferenceSchema = z.enum(THEME_PREFERENCES);

/**
 * Switches for the e-mails that can be turned off: the review decisions on a user's
 * contributions and the new reviews of the items they maintain. Security e-mails
 * (confirmation, password reset) always go out.
 */
export const NotificationPreferencesSchema = z.object({
  contribution_reviews: z.boolean(),
  maintained_item_reviews: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  contribution_reviews: true,
  maintained_item_reviews: true,
};

/** Reads the stored jsonb leniently, switch by switch: a missing or malformed one is its default. */
export function parseNotificationPreferences(stored: unknown): NotificationPreferences {
  const fields = new Map<string, unknown>(typeof stored === 'object' && stored !== null ? Object.entries(stored) : []);
  const choose = (key: keyof NotificationPreferences) => {
    const value = fields.get(key);
    return typeof value === 'boolean' ? value : DEFAULT_NOTIFICATION_PREFERENCES[key];
  };
  return NotificationPreferencesSchema.parse({
    contribution_reviews: choose('contribution_reviews'),
    maintained_item_reviews: choose('maintained_item_reviews'),
  });
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
