import { describe, expect, it } from 'vitest';
import { isDeletionConfirmed, parseNotificationPreferences, parseSettingsTab } from './account-settings.ts';
import { isThemePreference, toColorScheme, toThemePreference } from './theme-preference.ts';

describe('account settings rules', () => {
  it('translates between stored theme preferences and Mantine color schemes', () => {
    expect(toColorScheme('system')).toBe('auto');
    expect(toColorScheme('dark')).toBe('dark');
    expect(toThemePreference('auto')).toBe('system');
    expect(toThemePreference('light')).toBe('light');
    expect(isThemePreference('dark')).toBe(true);
    expect(isThemePreference('auto')).toBe(false);
    expect(isThemePreference(null)).toBe(false);
  });

  it('reads stored notification preferences with defaults for what is missing or malformed', () => {
    const both = { contribution_reviews: true, maintained_item_reviews: true };
    expect(parseNotificationPreferences({ contribution_reviews: false })).toEqual({
      ...both,
      contribution_reviews: false,
    });
    expect(parseNotificationPreferences({})).toEqual(both);
    expect(parseNotificationPreferences(null)).toEqual(both);
    expect(parseNotificationPreferences({ contribution_reviews: 'no', maintained_item_reviews: false })).toEqual({
      ...both,
      maintained_item_reviews: false,
    });
  });

  it('confirms deletion only with the e-mail (any case) or DELETE', () => {
    expect(isDeletionConfirmed('DELETE', 'a@b.org')).toBe(true);
    expect(isDeletionConfirmed(' A@B.org ', 'a@b.org')).toBe(true);
    expect(isDeletionConfirmed('delete', 'a@b.org')).toBe(false);
    expect(isDeletionConfirmed('', '')).toBe(false);
    expect(isDeletionConfirmed('other@b.org', 'a@b.org')).toBe(false);
  });

  it('falls back to the profile tab for unknown tab names', () => {
    expect(parseSettingsTab('security')).toBe('security');
    expect(parseSettingsTab('nope')).toBe('profile');
    expect(parseSettingsTab(null)).toBe('profile');
  });
});
