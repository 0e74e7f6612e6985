import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconClock } from '@tabler/icons-react';
import { profileStatusLabel } from '@sciai/core';
import type { UserProfile, UserProfileUpdate } from '../../data/profile.ts';
import { t, msg } from '../../i18n/index.ts';

interface ProfileStatusCardProps {
  /** null for an account without an address (one made by signing in with ORCID). */
  emailVerified: boolean | null;
  profile: UserProfile | null;
  saveProfile(changes: UserProfileUpdate): Promise<UserProfile>;
}

const STATUS_COLOR = { Verified: 'green', 'Under Review': 'yellow', Unverified: 'gray' } as const;
/** core names the status in English; shown in the page's language */
const STATUS_TEXT = { Verified: msg('Verified'), 'Under Review': msg('Under Review'), Unverified: msg('Unverified') };

/**
 * Account status (docs/product.md#profile-status): e-mail verified or pending, and the profile's verification status.
 * An unverified user may ask for verification (unverified -> pending); admins decide the rest.
 */
export function ProfileStatusCard({ emailVerified, profile, saveProfile }: ProfileStatusCardProps) {
  const [requesting, setRequesting] = useState(false);
  const status = profileStatusLabel(profile?.verification_status);

  const requestVerification = async () => {
    setRequesting(true);
    try {
      await saveProfile({ verification_status: 'pending' });
      notifications.show({
        color: 'green',
        title: t('Verification requested'),
        message: t('An administrator will review your profile.'),
      });
    } catch (error) {
      console.error('verification request failed', error);
      notifications.show({ color: 'red', title: t('Failed to update profile'), message: t('Please try again.') });
    } finally {
      setRequesting(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {t('Account status')}
      </Title>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm">{t('Email')}</Text>
          {emailVerified === null ? (
            <Badge color="gray" variant="light">
              {t('None')}
            </Badge>
          ) : emailVerified ? (
            <Badge color="green" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
              {t('Verified')}
            </Badge>
          ) : (
            <Badge color="yellow" variant="light" leftSection={<IconClock size={14} aria-hidden />}>
              {t('Pending')}
            </Badge>
          )}
        </Group>
        <Group justify="space-between">
          <Text size="sm">{t('Profile status')}</Text>
          <Badge color={STATUS_COLOR[status]} variant="light" data-testid="profile-status">
            {t(STATUS_TEXT[status])}
          </Badge>
        </Group>
        {status === 'Unverified' && profile?.verification_rejection_reason && (
          <Alert color="yellow" variant="light" title={t('Your last verification request was declined')}>
            {profile.verification_rejection_reason}
          </Alert>
        )}
        {status === 'Unverified' && profile && (
          <Button variant="light" mt="xs" loading={requesting} onClick={() => void requestVerification()}>
            {t('Request verification')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
