import { useState } from 'react';
import { Anchor, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAuth } from '../../auth/use-auth.ts';
import type { UserProfile } from '../../data/profile.ts';
import { SettingsSection } from './settings-section.tsx';
import { localeBase, t, Trans } from '../../i18n/index.ts';

/** The profile's handle, when the profiles migration has given it one (the column is optional). */
function handleOf(profile: UserProfile | null): string | null {
  if (!profile || !('handle' in profile)) return null;
  const handle: unknown = profile.handle;
  return typeof handle === 'string' && handle !== '' ? handle : null;
}

/** Settings → Privacy: whether /u/{handle} shows the profile to everyone or is a 404. */
export function PrivacySettings() {
  const { profile, saveProfile } = useAuth();
  const [saving, setSaving] = useState(false);
  const isPublic = profile?.is_public ?? false;
  const handle = handleOf(profile);
  const publicPath = handle ? `/u/${encodeURIComponent(handle)}` : null;

  const toggle = async (checked: boolean) => {
    setSaving(true);
    try {
      await saveProfile({ is_public: checked });
      notifications.show({
        color: 'green',
        title: t('Privacy settings saved'),
        message: checked ? t('Your profile is public.') : t('Your profile is private.'),
      });
    } catch (error) {
      console.error('privacy save failed', error);
      notifications.show({
        color: 'red',
        title: t('Failed to save privacy settings'),
        message: t('Please try again.'),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection title={t('Privacy')} description={t('Your e-mail address is never shown on your public profile.')}>
      <Stack gap="sm">
        <Switch
          label={t('Public profile')}
          description={t(
            "When on, anyone can see your name, institution, bio and research interests at your profile's address.",
          )}
          checked={isPublic}
          disabled={saving || !profile}
          onChange={(event) => void toggle(event.currentTarget.checked)}
        />
        {publicPath && isPublic && (
          <Text size="sm">
            <Trans
              id="Your public profile: <0>{address}</0>"
              values={{ address: `${window.location.origin}${publicPath}` }}
              components={{ 0: <Anchor href={`${localeBase}${publicPath}`} /> }}
            />
          </Text>
        )}
        {publicPath && !isPublic && (
          <Text size="sm" c="dimmed">
            {t('{address} shows nothing while your profile is private.', {
              address: `${window.location.origin}${publicPath}`,
            })}
          </Text>
        )}
        {!publicPath && (
          <Text size="sm" c="dimmed">
            {t('Your profile has no handle yet, so it has no public address.')}
          </Text>
        )}
      </Stack>
    </SettingsSection>
  );
}
