import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from '@sciai/core';
import { useChangePassword } from '../../hooks/use-account-sessions.ts';
import { NewPasswordFields } from '../auth/new-password-fields.tsx';
import { SettingsSection } from './settings-section.tsx';

interface PasswordValues {
  password: string;
  confirmPassword: string;
}

/** Change password: this session stays signed in, the auth service ends every other one. */
export function PasswordSettings() {
  const changePassword = useChangePassword();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => (value.length < PASSWORD_MIN_LENGTH ? PASSWORD_TOO_SHORT_MESSAGE : null),
      confirmPassword: (value, values) => (value !== values.password ? PASSWORD_MISMATCH_MESSAGE : null),
    },
  });

  const submit = form.onSubmit(async ({ password }) => {
    // The other sessions end with the change: the list below is read again before this resolves.
    const failure = await changePassword(password);
    if (failure) {
      notifications.show({ color: 'red', title: 'Failed to update password', message: failure.message });
      return;
    }
    form.reset();
    notifications.show({
      color: 'green',
      title: 'Password updated',
      message: 'Your other devices have been signed out.',
    });
  });

  return (
    <SettingsSection title="Change password" description="You stay signed in here; every other device is signed out.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields
            labels={{ password: 'New password', confirmPassword: 'Confirm new password' }}
            field={(name) => ({ key: form.key(name), inputProps: form.getInputProps(name) })}
          />
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
