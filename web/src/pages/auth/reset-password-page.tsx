import { useState } from 'react';
import { Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useLocation, useSearch } from 'wouter';
import { newPasswordProblem } from '@sciai/core';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { NewPasswordFields } from '../../components/auth/new-password-fields.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { updatePassword } from '../../data/auth.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { t, msg } from '../../i18n/index.ts';

/** The page's words: a reset, or the first password of someone who accepted an invitation. */
const WORDS = {
  reset: {
    pageTitle: msg('Reset Password'),
    title: msg('Reset password'),
    description: msg('Choose a new password for your account.'),
    invalid: msg('This password reset link is invalid or has expired.'),
    done: msg('Your new password is set.'),
  },
  invited: {
    pageTitle: msg('Choose Your Password'),
    title: msg('Welcome to SciAI'),
    description: msg('Choose a password for your account.'),
    invalid: msg('This invitation link is invalid or has expired.'),
    done: msg('Your password is set.'),
  },
};

/**
 * Where the recovery mail's link lands, and an accepted invitation (`?invited=1`): supabase-js
 * takes the session from the URL fragment (detectSessionInUrl), then the user sets a new
 * password and goes to /.
 */
export function ResetPasswordPage() {
  const invited = new URLSearchParams(useSearch()).get('invited') === '1';
  const words = invited ? WORDS.invited : WORDS.reset;
  usePageTitle(t(words.pageTitle));
  const auth = useAuth();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { password: '', confirmPassword: '' } });

  const submit = form.onSubmit(async ({ password, confirmPassword }) => {
    setError(null);
    const problem = newPasswordProblem(password, confirmPassword);
    if (problem) {
      setError(problem);
      return;
    }
    setSubmitting(true);
    const failure = await updatePassword(password);
    setSubmitting(false);
    if (failure) {
      setError(failure.message);
      return;
    }
    notifications.show({ color: 'green', title: t('Password updated'), message: t(words.done) });
    navigate('/', { replace: true });
  });

  if (auth.loading) {
    return (
      <Center mih="50vh">
        <Loader role="status" aria-label={t('Checking your reset link')} />
      </Center>
    );
  }

  if (!auth.user) {
    return (
      <AuthCard title={t(words.title)} error={t(words.invalid)}>
        <Text>
          {invited ? (
            t('Ask whoever invited you to send a new invitation.')
          ) : (
            <Anchor component={Link} href="/auth/forgot-password">
              {t('Request a new link')}
            </Anchor>
          )}
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t(words.title)} description={t(words.description)} error={error}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields
            labels={{ password: t('New password'), confirmPassword: t('Confirm new password') }}
            field={(name) => ({ key: form.key(name), inputProps: form.getInputProps(name) })}
          />
          <Button type="submit" loading={submitting} fullWidth>
            {t('Update password')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
