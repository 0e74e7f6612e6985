import { describe, expect, it } from 'vitest';
import {
  isDeletionConfirmed,
  notificationPreferencesWith,
  parseNotificationPreferences,
  parseSettingsTab,
} from './account-settings.ts';
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
    const defaults = {
      new_items: 'daily',
      item_updates: 'weekly',
      reviews: 'instant',
      replies: 'instant',
      decisions: 'instant',
    };
    const both = { contribution_reviews: true, maintained_item_reviews: true, email: defaults };
    expect(parseNotificationPreferences({})).toEqual(both);
    expect(parseNotificationPreferences(null)).toEqual(both);
    expect(parseNotificationPreferences(['instant'])).toEqual(both);
    // the switches of before: off means the category is off, unless it has a choice of its own
    expect(parseNotificationPreferences({ contribution_reviews: false })).toEqual({
      ...both,
      contribution_reviews: false,
      email: { ...defaults, decisions: 'off' },
    });
    expect(
      parseNotificationPreferences({ maintained_item_reviews: false, email: { reviews: 'weekly', replies: 'never' } }),
    ).toEqual({ ...both, maintained_item_reviews: false, email: { ...defaults, reviews: 'weekly' } });
    expect(parseNotificationPreferences({ contribution_reviews: 'no', email: 'daily' })).toEqual(both);
  });

  it('stores a choice with the other keys kept and the old switch in step', () => {
    const stored = { contribution_reviews: false, digest_hour: 7 };
    const reviewsOff = notificationPreferencesWith(stored, 'reviews', 'off');
    expect(reviewsOff).toEqual({
      contribution_reviews: false,
      maintained_item_reviews: false,
      digest_hour: 7,
      email: { new_items: 'daily', item_updates: 'weekly', reviews: 'off', replies: 'instant', decisions: 'off' },
    });
    const decisionsDaily = notificationPreferencesWith(reviewsOff, 'decisions', 'daily');
    expect(decisionsDaily).toMatchObject({ contribution_reviews: true, email: { decisions: 'daily', reviews: 'off' } });
    expect(parseNotificationPreferences(decisionsDaily).email.decisions).toBe('daily');
    expect(notificationPreferencesWith(null, 'new_items', 'instant')).toEqual({
      email: {
        new_items: 'instant',
        item_updates: 'weekly',
        reviews: 'instant',
        replies: 'instant',
        decisions: 'instant',
      },
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
