import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useSWRConfig } from 'swr';
import { updatePassword } from '../../data/auth.ts';
import { SettingsSection } from './settings-section.tsx';

interface PasswordValues {
  password: string;
  confirm: string;
}

/** Change password: this session stays signed in, the auth service ends every other one. */
export function PasswordSettings() {
  const { mutate } = useSWRConfig();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) => (value.length < 8 ? 'Password must be at least 8 characters long' : null),
      confirm: (value, values) => (value !== values.password ? 'Passwords do not match' : null),
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    const failure = await updatePassword(password);
    if (failure) {
      notifications.show({ color: 'red', title: 'Failed to update password', message: failure.message });
      return;
    }
    form.reset();
    // The other sessions have ended: the list below should say so.
    await mutate((key) => Array.isArray(key) && key[0] === 'account-sessions');
    notifications.show({ color: 'green', title: 'Password updated', message: 'Your other devices have been signed out.' });
  });

  return (
    <SettingsSection title="Change password" description="You stay signed in here; every other device is signed out.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput label="New password" autoComplete="new-password" key={form.key('password')} {...form.getInputProps('password')} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" key={form.key('confirm')} {...form.getInputProps('confirm')} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Update password
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
