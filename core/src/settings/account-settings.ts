import { z } from 'zod';
import {
  DEFAULT_EMAIL_DELIVERY,
  EMAIL_DELIVERIES,
  NOTIFICATION_EMAIL_CATEGORIES,
  type EmailDelivery,
  type NotificationEmailCategory,
} from '../notifications/notification-kinds.ts';
import type { Json } from '../database.types.ts';
import { THEME_PREFERENCES } from './theme-preference.ts';
import { msg } from '../i18n/translate.ts';

/** The theme a user picks in Settings → Appearance, stored on the profile (theme_preference). */
export const ThemePreferenceSchema = z.enum(THEME_PREFERENCES);

/** One e-mail category's delivery; notification-kinds.ts lists them without zod, which pages load later. */
export const EmailDeliverySchema = z.enum(EMAIL_DELIVERIES);

/**
 * The e-mail choices of Settings → Notifications (docs/product.md#notification-preferences),
 * stored in user_profiles.notification_preferences:
 * `{ "email": { "<category>": "instant" | "daily" | "weekly" | "off" }, ...legacy switches }`.
 * A category without a choice gets DEFAULT_EMAIL_DELIVERY. The two switches of before stay
 * readable: `contribution_reviews: false` means decisions "off" and `maintained_item_reviews:
 * false` reviews "off", unless that category has a choice of its own. Security e-mails and the
 * decisions on claims always go out.
 */
export type EmailPreferences = Record<NotificationEmailCategory, EmailDelivery>;

export const NotificationPreferencesSchema = z.object({
  contribution_reviews: z.boolean(),
  maintained_item_reviews: z.boolean(),
  email: z.object(
    Object.fromEntries(NOTIFICATION_EMAIL_CATEGORIES.map((category) => [category, EmailDeliverySchema])) as Record<
      NotificationEmailCategory,
      typeof EmailDeliverySchema
    >,
  ),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** The legacy switch each category answers to, when it has no choice of its own. */
const LEGACY_SWITCH_OF: Partial<Record<NotificationEmailCategory, 'contribution_reviews' | 'maintained_item_reviews'>> =
  {
    decisions: 'contribution_reviews',
    reviews: 'maintained_item_reviews',
  };

function storedFields(stored: unknown): Map<string, unknown> {
  return new Map<string, unknown>(
    typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? Object.entries(stored) : [],
  );
}

/** Reads the stored jsonb leniently, choice by choice: a missing or malformed one is its default. */
export function parseNotificationPreferences(stored: unknown): NotificationPreferences {
  const fields = storedFields(stored);
  const flag = (key: 'contribution_reviews' | 'maintained_item_reviews') => {
    const value = fields.get(key);
    return typeof value === 'boolean' ? value : true;
  };
  const chosen = storedFields(fields.get('email'));
  const delivery = (category: NotificationEmailCategory): EmailDelivery => {
    const parsed = EmailDeliverySchema.safeParse(chosen.get(category));
    if (parsed.success) return parsed.data;
    const legacy = LEGACY_SWITCH_OF[category];
    return legacy && !flag(legacy) ? 'off' : DEFAULT_EMAIL_DELIVERY[category];
  };
  return NotificationPreferencesSchema.parse({
    contribution_reviews: flag('contribution_reviews'),
    maintained_item_reviews: flag('maintained_item_reviews'),
    email: Object.fromEntries(NOTIFICATION_EMAIL_CATEGORIES.map((category) => [category, delivery(category)])),
  });
}

/**
 * The jsonb to store when a user chooses `delivery` for `category`: every other key kept as it
 * was, every category's effective choice written out, and the legacy switch of the category kept
 * in step (off is false, anything else true), so that whatever still reads the switch agrees.
 */
export function notificationPreferencesWith(
  stored: Json | undefined,
  category: NotificationEmailCategory,
  delivery: EmailDelivery,
): { [key: string]: Json | undefined } {
  const current = parseNotificationPreferences(stored);
  const email: EmailPreferences = { ...current.email, [category]: delivery };
  const legacy = LEGACY_SWITCH_OF[category];
  const kept = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  return { ...kept, ...(legacy ? { [legacy]: delivery !== 'off' } : {}), email };
}

/** How Settings → Notifications names each e-mail category (docs/product.md#notification-preferences); messages, shown with `t(label)`. */
export const EMAIL_CATEGORY_LABELS: Record<NotificationEmailCategory, string> = {
  new_items: msg('New items from what I follow'),
  item_updates: msg('Changes to items I follow'),
  reviews: msg('Reviews of items I follow or maintain'),
  replies: msg('Replies to my reviews'),
  decisions: msg('Decisions on my contributions and claims'),
};

export const EMAIL_DELIVERY_LABELS: Record<EmailDelivery, string> = {
  instant: msg('Instant'),
  daily: msg('Daily digest'),
  weekly: msg('Weekly digest'),
  off: msg('Off'),
};

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
