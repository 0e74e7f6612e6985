import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE, totpCode } from '@sciai/core';
import {
  REAUTHENTICATION_NEEDED,
  REAUTHENTICATION_NOT_VALID,
  requestReauthentication,
  WEAK_PASSWORD,
} from '../../data/auth.ts';
import { apiTokensAvailable } from '../../data/api-tokens.ts';
import { useChangePassword } from '../../hooks/use-account-sessions.ts';
import { NewPasswordFields } from '../auth/new-password-fields.tsx';
import { SettingsSection } from './settings-section.tsx';
import { t, msg } from '../../i18n/index.ts';

interface PasswordValues {
  password: string;
  confirmPassword: string;
  code: string;
}

/** docs/product.md#settings-security: the messages of the confirmation-code step. */
const CODE_SENT_MESSAGE = msg(
  'For your security, confirm that it is you: we sent a 6-digit code to your e-mail address. Enter it below and update the password again.',
);
const CODE_FORMAT_MESSAGE = msg('Enter the 6-digit code from the e-mail');
const CODE_REFUSED_MESSAGE = msg('That code is wrong or has expired. Send a new code and try again.');

/**
 * Change password: this session stays signed in, the auth service ends every other one. A session
 * that signed in more than a few minutes ago is asked for a code mailed to the account first.
 */
export function PasswordSettings() {
  const changePassword = useChangePassword();
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '', code: '' },
    validate: {
      password: (value) =>
        value.length < PASSWORD_MIN_LENGTH ? t(PASSWORD_TOO_SHORT_MESSAGE, { min: PASSWORD_MIN_LENGTH }) : null,
      confirmPassword: (value, values) => (value !== values.password ? t(PASSWORD_MISMATCH_MESSAGE) : null),
      code: (value) => (codeSent && !totpCode(value) ? t(CODE_FORMAT_MESSAGE) : null),
    },
  });

  const sendCode = async () => {
    setSending(true);
    const failure = await requestReauthentication();
    setSending(false);
    if (failure) {
      notifications.show({ color: 'red', title: t('Could not send a code'), message: failure.message });
      return;
    }
    form.setFieldValue('code', '');
    setCodeSent(true);
  };

  const submit = form.onSubmit(async ({ password, code }) => {
    // The other sessions end with the change: the list below is read again before this resolves.
    const failure = await changePassword(password, codeSent ? (totpCode(code) ?? undefined) : undefined);
    if (failure?.code === REAUTHENTICATION_NEEDED) {
      await sendCode();
      return;
    }
    if (failure?.code === REAUTHENTICATION_NOT_VALID) {
      form.setFieldError('code', t(CODE_REFUSED_MESSAGE));
      return;
    }
    if (failure?.code === WEAK_PASSWORD) {
      form.setFieldError('password', failure.message);
      return;
    }
    if (failure) {
      notifications.show({ color: 'red', title: t('Failed to update password'), message: failure.message });
      return;
    }
    form.reset();
    setCodeSent(false);
    notifications.show({
      color: 'green',
      title: t('Password updated'),
      message: apiTokensAvailable()
        ? t('Your other devices have been signed out and your API tokens revoked.')
        : t('Your other devices have been signed out.'),
    });
  });

  return (
    <SettingsSection
      title={t('Change password')}
      description={
        apiTokensAvailable()
          ? t('You stay signed in here; every other device is signed out and all your API tokens are revoked.')
          : t('You stay signed in here; every other device is signed out.')
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields
            labels={{ password: t('New password'), confirmPassword: t('Confirm new password') }}
            field={(name) => ({ key: form.key(name), inputProps: form.getInputProps(name) })}
          />
          {codeSent && (
            <>
              <Alert color="blue" variant="light" role="status">
                {t(CODE_SENT_MESSAGE)}
              </Alert>
              <TextInput
                label={t('Confirmation code')}
                description={t('The 6-digit code from the e-mail; it works for 10 minutes.')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                required
                key={form.key('code')}
                {...form.getInputProps('code')}
              />
            </>
          )}
          <Group justify="flex-end">
            {codeSent && (
              <Button variant="default" onClick={() => void sendCode()} loading={sending}>
                {t('Send a new code')}
              </Button>
            )}
            <Button type="submit" loading={form.submitting}>
              {t('Update password')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
