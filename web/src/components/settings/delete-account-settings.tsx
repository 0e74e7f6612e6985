import { useState } from 'react';
import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useLocation } from 'wouter';
import { isDeletionConfirmed } from '@sciai/core';
import { useAuth } from '../../auth/use-auth.ts';
import { deleteMyAccount } from '../../data/account-settings.ts';
import { SettingsSection } from './settings-section.tsx';
import { t } from '../../i18n/index.ts';

/** Deleting the account, confirmed by typing the e-mail address or DELETE. */
export function DeleteAccountSettings() {
  const { user, signOut } = useAuth();
  const [, navigate] = useLocation();
  const [opened, modal] = useDisclosure(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const email = user?.email ?? '';
  const confirmed = isDeletionConfirmed(typed, email);

  const remove = async () => {
    setBusy(true);
    try {
      await deleteMyAccount(typed.trim());
    } catch (error) {
      setBusy(false);
      notifications.show({
        color: 'red',
        title: t('Failed to delete account'),
        message: error instanceof Error ? error.message : t('Please try again.'),
      });
      return;
    }
    // Leave the guarded page first, so signing out does not send us to the sign-in page.
    navigate('/', { replace: true });
    await signOut();
    notifications.show({
      color: 'green',
      title: t('Your account has been deleted'),
      message: t('Thank you for using SciAI.'),
    });
  };

  return (
    <SettingsSection title={t('Delete account')} description={t('This cannot be undone.')}>
      <Stack gap="sm">
        <Text size="sm">
          {t(
            'Deleting your account removes your sign-in, profile, roles, saved items, sessions and two-factor settings.',
          )}
        </Text>
        <Text size="sm">{t('Items you contributed stay in the catalog, no longer linked to you.')}</Text>
        <Group>
          <Button color="red" variant="outline" onClick={modal.open}>
            {t('Delete account')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={modal.close} title={t('Delete your account?')} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed) void remove();
          }}
        >
          <Stack gap="md">
            <List size="sm">
              <List.Item>{t('Your profile, saved items, sessions and two-factor settings are removed.')}</List.Item>
              <List.Item>{t('Your contributions are kept without your name.')}</List.Item>
            </List>
            <TextInput
              label={t('Type your e-mail address or DELETE to confirm')}
              description={email}
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={modal.close} disabled={busy}>
                {t('Cancel')}
              </Button>
              <Button type="submit" color="red" disabled={!confirmed} loading={busy}>
                {t('Delete my account')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </SettingsSection>
  );
}
