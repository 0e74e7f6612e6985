import { useEffect, useState } from 'react';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useLocation, useSearch } from 'wouter';
import { confirmCodeType, INVITED_PASSWORD_PATH, safeRedirectPath, type ConfirmCodeType } from '@sciai/core';
import { SIGNUP_CONFIRMED } from '../../auth/confirmation-notice.tsx';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { verifyEmailCode } from '../../data/auth.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { t, msg, Trans } from '../../i18n/index.ts';

/** The page's words and where a proven code leads, by what the code proves. */
const KINDS: Record<ConfirmCodeType, { title: string; description: string; next: (redirect: string) => string }> = {
  signup: {
    title: msg('Confirm your email'),
    description: msg('Enter the six-digit code from the confirmation email we sent you.'),
    next: (redirect) => redirect,
  },
  recovery: {
    title: msg('Enter your reset code'),
    description: msg('Enter the six-digit code from the password reset email, then choose a new password.'),
    next: () => '/auth/reset-password',
  },
  email_change: {
    title: msg('Confirm your new email'),
    description: msg('Enter the six-digit code we sent to your new address.'),
    next: () => '/settings',
  },
  magiclink: {
    title: msg('Enter your sign-in code'),
    description: msg('Enter the six-digit code from the sign-in email we sent you.'),
    next: (redirect) => redirect,
  },
  invite: {
    title: msg('Accept your invitation'),
    description: msg('Enter the six-digit code from the invitation email, then choose a password.'),
    next: () => INVITED_PASSWORD_PATH,
  },
};

const CODE_LENGTH = 6;
const CODE_PATTERN = /^\d{6}$/;

/**
 * docs/product.md#confirm-code: the code of a confirmation, reset or change-of-address mail,
 * for someone who reads the mail on another device than the one they signed up on. The address
 * comes from the mail's link to this page (or is typed); a right code signs the user in, as the
 * mail's link does, and leads on.
 */
export function ConfirmCodePage() {
  const params = new URLSearchParams(useSearch());
  const type = confirmCodeType(params.get('type'));
  const kind = KINDS[type];
  usePageTitle(t(kind.title));
  const [, navigate] = useLocation();
  const redirect = safeRedirectPath(params.get('redirect'));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  const form = useForm({
    mode: 'controlled',
    initialValues: { email: params.get('email') ?? '', code: '' },
    validate: {
      email: (value) => (value.trim() ? null : t('Email is required')),
      code: (value) => (CODE_PATTERN.test(value.trim()) ? null : t('Enter the 6 digits of the code')),
    },
  });

  useEffect(() => {
    if (done) navigate(kind.next(redirect), { replace: true });
  }, [done, kind, navigate, redirect]);

  const submit = form.onSubmit(async ({ email, code }) => {
    setError(null);
    setSubmitting(true);
    const failure = await verifyEmailCode(email, code.trim(), type);
    setSubmitting(false);
    if (failure) {
      setError(failure.message);
      form.setFieldValue('code', '');
      return;
    }
    // the same word a confirmation link's landing gives
    if (type === 'signup') notifications.show({ message: t(SIGNUP_CONFIRMED), color: 'teal' });
    setDone(true);
  });

  return (
    <AuthCard
      title={t(kind.title)}
      description={t(kind.description)}
      error={error}
      footer={
        type === 'invite' ? (
          t('No code? Ask whoever invited you to send a new invitation.')
        ) : type === 'recovery' ? (
          <Trans
            id="No code? <0>Request a new one</0>"
            components={{ 0: <Anchor component={Link} href="/auth/forgot-password" /> }}
          />
        ) : (
          <Trans
            id="No code? <0>Sign in to have a new one sent</0>"
            components={{ 0: <Anchor component={Link} href="/auth/signin" /> }}
          />
        )
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('Email')}
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('Code')}
            description={t('The 6-digit code from the email.')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="one-time-code"
            inputMode="numeric"
            placeholder="123456"
            maxLength={CODE_LENGTH}
            required
            autoFocus={Boolean(params.get('email'))}
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            {t('Confirm')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
