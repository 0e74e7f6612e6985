import { useState } from 'react';
import { List, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { parseNotificationPreferences } from '@sciai/core';
import { useAuth } from '../../auth/use-auth.ts';
import { SettingsSection } from './settings-section.tsx';

/**
 * Settings → Notifications: only the e-mails SciAI sends today. Review decisions can be turned
 * off; security e-mails cannot, because they are how an account is confirmed and recovered.
 */
export function NotificationSettings() {
  const { profile, saveProfile } = useAuth();
  const [saving, setSaving] = useState(false);
  const preferences = parseNotificationPreferences(profile?.notification_preferences);

  const toggleReviews = async (checked: boolean) => {
    setSaving(true);
    try {
      await saveProfile({ notification_preferences: { ...preferences, contribution_reviews: checked } });
      notifications.show({
        color: 'green',
        title: 'Notification preferences saved',
        message: checked ? 'Review e-mails are on.' : 'Review e-mails are off.',
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
          onChange={(event) => void toggleReviews(event.currentTarget.checked)}
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
