import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from 'wouter';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { requestPasswordReset } from '../../data/auth.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { t, msg } from '../../i18n/index.ts';

export const RESET_REQUESTED = msg(
  'If an account exists for that address, we have sent a link to reset your password. Check your email.',
);

/** Password recovery: the same answer for any address, so the page reveals no accounts. */
export function ForgotPasswordPage() {
  usePageTitle(t('Forgot Password'));
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: (value) => (value.trim() ? null : t('Email is required')) },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setSubmitting(true);
    setError(null);
    const failure = await requestPasswordReset(email);
    setSubmitting(false);
    // Only a refusal that says nothing about the address (rate limit, network) is shown.
    if (failure) setError(failure.message);
    else setSent(true);
  });

  return (
    <AuthCard
      title={t('Forgot password')}
      description={t('Enter your email and we will send you a link to reset your password.')}
      error={error}
      footer={
        <Anchor component={Link} href="/auth/signin">
          {t('Back to sign in')}
        </Anchor>
      }
    >
      {sent ? (
        <Alert color="green" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
          {t(RESET_REQUESTED)}
        </Alert>
      ) : (
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
            <Button type="submit" loading={submitting} fullWidth>
              {t('Send reset link')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
