import { useState } from 'react';
import { List, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { parseNotificationPreferences, type NotificationPreferences } from '@sciai/core';
import { useAuth } from '../../auth/use-auth.ts';
import { SettingsSection } from './settings-section.tsx';

/** How the saved-notice names each switch's e-mails. */
const SWITCH_NAMES: Record<keyof NotificationPreferences, string> = {
  contribution_reviews: 'Review e-mails',
  maintained_item_reviews: 'E-mails about new reviews of items you maintain',
};

/**
 * Settings → Notifications: only the e-mails SciAI sends today. Review decisions and new reviews
 * of maintained items can be turned off; security e-mails cannot, because they are how an
 * account is confirmed and recovered.
 */
export function NotificationSettings() {
  const { profile, saveProfile } = useAuth();
  const [saving, setSaving] = useState(false);
  const preferences = parseNotificationPreferences(profile?.notification_preferences);

  const toggle = async (key: keyof NotificationPreferences, checked: boolean) => {
    setSaving(true);
    try {
      await saveProfile({ notification_preferences: { ...preferences, [key]: checked } });
      notifications.show({
        color: 'green',
        title: 'Notification preferences saved',
        message: `${SWITCH_NAMES[key]} are ${checked ? 'on' : 'off'}.`,
      });
    } catch (error) {
      console.error('notification preferences save failed', error);
      notifications.show({
        color: 'red',
        title: 'Failed to save notification preferences',
        message: 'Please try again.',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection
      title="Notifications"
      description="SciAI sends e-mail only; there are no other notifications today."
    >
      <Stack gap="md">
        <Switch
          label="Review decisions on my contributions"
          description="An e-mail when a moderator approves, rejects or asks for changes to something you submitted."
          checked={preferences.contribution_reviews}
          disabled={saving || !profile}
          onChange={(event) => void toggle('contribution_reviews', event.currentTarget.checked)}
        />
        <Switch
          label="New reviews of items I maintain"
          description="An e-mail when a review of an item you maintain is published, with a link to reply."
          checked={preferences.maintained_item_reviews}
          disabled={saving || !profile}
          onChange={(event) => void toggle('maintained_item_reviews', event.currentTarget.checked)}
        />
        <Switch
          label="Security e-mails"
          description="Always on: they are how you confirm your address and reset your password."
          checked
          disabled
          readOnly
        />
        <div>
          <Text size="sm" fw={500}>
            Security e-mails we send
          </Text>
          <List size="sm" c="dimmed">
            <List.Item>Confirming your e-mail address when you sign up</List.Item>
            <List.Item>Password reset links you ask for</List.Item>
          </List>
        </div>
      </Stack>
    </SettingsSection>
  );
}
