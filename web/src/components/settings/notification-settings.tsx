import { useState } from 'react';
import { NativeSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  EMAIL_CATEGORY_LABELS,
  EMAIL_DELIVERIES,
  EMAIL_DELIVERY_LABELS,
  EmailDeliverySchema,
  NOTIFICATION_EMAIL_CATEGORIES,
  notificationPreferencesWith,
  parseNotificationPreferences,
  type EmailDelivery,
  type NotificationEmailCategory,
} from '@sciai/core';
import { useAuth } from '../../auth/use-auth.ts';
import { feedsAvailable } from '../../data/backend-features.ts';
import { NotificationFeedSettings } from './notification-feed-settings.tsx';
import { SettingsSection } from './settings-section.tsx';
import { t, msg } from '../../i18n/index.ts';

/** What each category's e-mails are about, under its choice. */
const CATEGORY_DESCRIPTIONS: Record<NotificationEmailCategory, string> = {
  new_items: msg('New items in the fields, organizations, people and searches you follow.'),
  item_updates: msg('Releases, dead links, archived repositories, linked papers and edits of items you follow.'),
  reviews: msg('New reviews of items you follow or maintain.'),
  replies: msg('A maintainer’s reply to your review.'),
  decisions: msg('A moderator’s decision on something you submitted. Decisions on your claims are always e-mailed.'),
};

// Built as they render: their labels are in the page's language, which loads after this module.
const deliveryOptions = () =>
  EMAIL_DELIVERIES.map((delivery) => ({
    value: delivery,
    label: t(EMAIL_DELIVERY_LABELS[delivery]),
  }));

/**
 * Settings → Notifications (docs/product.md#notification-preferences): every notification shows
 * in the app; per category the user chooses whether it is also e-mailed at once, in a daily or
 * weekly digest, or not at all. Security e-mails cannot be turned off: they are how an account is
 * confirmed and recovered.
 */
export function NotificationSettings() {
  const { profile, saveProfile } = useAuth();
  const [saving, setSaving] = useState<NotificationEmailCategory | null>(null);
  const { email } = parseNotificationPreferences(profile?.notification_preferences);

  const choose = async (category: NotificationEmailCategory, delivery: EmailDelivery) => {
    setSaving(category);
    try {
      await saveProfile({
        notification_preferences: notificationPreferencesWith(profile?.notification_preferences, category, delivery),
      });
      notifications.show({
        color: 'green',
        title: t('Notification preferences saved'),
        message: t('{category}: {delivery}.', {
          category: t(EMAIL_CATEGORY_LABELS[category]),
          delivery: t(EMAIL_DELIVERY_LABELS[delivery]),
        }),
      });
    } catch (error) {
      console.error('notification preferences save failed', error);
      notifications.show({
        color: 'red',
        title: t('Failed to save notification preferences'),
        message: t('Please try again.'),
      });
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack gap="lg">
      <SettingsSection
        title={t('Notifications')}
        description={t(
          'Everything shows under the bell and on your notifications page. Choose what is also e-mailed to you: at once, in a daily or weekly digest, or not at all.',
        )}
      >
        <Stack gap="md">
          {NOTIFICATION_EMAIL_CATEGORIES.map((category) => (
            <NativeSelect
              key={category}
              label={t(EMAIL_CATEGORY_LABELS[category])}
              description={t(CATEGORY_DESCRIPTIONS[category])}
              data={deliveryOptions()}
              value={email[category]}
              disabled={saving !== null || !profile}
              onChange={(event) => {
                const parsed = EmailDeliverySchema.safeParse(event.currentTarget.value);
                if (parsed.success) void choose(category, parsed.data);
              }}
            />
          ))}
          <Text size="sm" c="dimmed">
            {t(
              'Security e-mails are always sent: confirming your address, password resets, sign-in links and codes, and notices that your address is being changed or that an API token was created.',
            )}
          </Text>
        </Stack>
      </SettingsSection>
      {feedsAvailable() && <NotificationFeedSettings />}
    </Stack>
  );
}
