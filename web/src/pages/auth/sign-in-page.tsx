import { useEffect, useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useLocation, useSearch } from 'wouter';
import { safeRedirectPath, signUpPathFor, totpCode } from '@sciai/core';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { ProviderButtons } from '../../components/auth/provider-buttons.tsx';
import { useOAuthLandingError } from '../../auth/oauth-landing.ts';
import { useAuth } from '../../auth/use-auth.ts';
import {
  emailSignInLink,
  EMAIL_NOT_CONFIRMED,
  resendConfirmation,
  signIn,
  verifySecondFactor,
} from '../../data/auth.ts';
import { backupCodesAvailable } from '../../data/backend-features.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { t, Trans } from '../../i18n/index.ts';

/**
 * docs/product.md#sign-in: e-mail and password, or GitHub or ORCID, then (with an authenticator
 * app) a six-digit code. It is also where a sign-in with a provider comes back: supabase-js takes
 * the session from the address, and a refusal is shown here.
 */
export function SignInPage() {
  usePageTitle(t('Sign In'));
  const auth = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const target = safeRedirectPath(new URLSearchParams(search).get('redirect'));

  const [error, setError] = useState<{ message: string; unconfirmed: boolean } | null>(null);
  const [landingError, setLandingError] = useOAuthLandingError();
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const [mailingLink, setMailingLink] = useState(false);
  const [code, setCode] = useState('');

  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : t('Email is required')),
      password: (value) => (value ? null : t('Password is required')),
    },
  });

  // A signed-in visitor (before or after submitting) goes on at once, unless a code is owed.
  const signedIn = auth.user !== null && !auth.userDataLoading;
  const codeStep = signedIn && auth.needsSecondFactor;
  useEffect(() => {
    if (signedIn && !auth.needsSecondFactor) navigate(target, { replace: true });
  }, [signedIn, auth.needsSecondFactor, navigate, target]);

  const submit = form.onSubmit(async ({ email, password }) => {
    setSubmitting(true);
    setError(null);
    setLandingError(null);
    const failure = await signIn(email, password);
    setSubmitting(false);
    if (failure) setError({ message: failure.message, unconfirmed: failure.code === EMAIL_NOT_CONFIRMED });
  });

  const resend = async () => {
    setResending(true);
    const failure = await resendConfirmation(form.getValues().email, target);
    setResending(false);
    if (failure) {
      setError({ message: failure.message, unconfirmed: true });
      return;
    }
    notifications.show({
      color: 'green',
      title: t('Confirmation sent'),
      message: t('Check your email for a new confirmation link.'),
    });
  };

  // Needs the address only: the password field's own check does not apply.
  const mailLink = async () => {
    const email = form.getValues().email;
    if (!email.trim()) {
      form.setFieldError('email', t('Email is required'));
      return;
    }
    setMailingLink(true);
    setError(null);
    const failure = await emailSignInLink(email, target);
    setMailingLink(false);
    if (failure) {
      setError({ message: failure.message, unconfirmed: false });
      return;
    }
    notifications.show({
      color: 'green',
      title: t('Sign-in link sent'),
      message: t('If this address has an account, we sent it a link and a code to sign in.'),
    });
  };

  const verify = async () => {
    // Six digits from the app, or one of the account's single-use backup codes where the auth
    // service has them (the embedded one; a hosted project's does not).
    const digits = totpCode(code) ?? (backupCodesAvailable() && code.trim().length > 6 ? code.trim() : null);
    if (!digits) {
      setError({ message: t('Enter the 6-digit code from your authenticator app.'), unconfirmed: false });
      return;
    }
    setSubmitting(true);
    setError(null);
    const failure = await verifySecondFactor(digits);
    setSubmitting(false);
    if (failure) {
      setError({ message: failure.message, unconfirmed: false });
      setCode('');
    }
    // Success: MFA_CHALLENGE_VERIFIED raises the session to aal2 and the effect above moves on.
  };

  if (codeStep) {
    return (
      <AuthCard
        title={t('Two-factor authentication')}
        description={t('Enter the 6-digit code from your authenticator app.')}
        error={error?.message}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void verify();
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t('Two-factor code')}
              autoComplete="one-time-code"
              description={
                backupCodesAvailable()
                  ? t('The 6-digit code from your authenticator app, or a backup code.')
                  : t('The 6-digit code from your authenticator app.')
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder="123456"
              maxLength={32}
              autoFocus
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
            <Button type="submit" loading={submitting} fullWidth>
              {t('Verify')}
            </Button>
            <Button variant="subtle" onClick={() => void auth.signOut()}>
              {t('Use another account')}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('Sign In')}
      description={t('Welcome back to SciAI.')}
      error={error?.message ?? landingError}
      errorAction={
        error?.unconfirmed ? (
          <Button size="xs" variant="outline" color="red" loading={resending} onClick={() => void resend()}>
            {t('Resend confirmation')}
          </Button>
        ) : undefined
      }
      footer={
        <Trans
          id="Don’t have an account? <0>Sign up</0>"
          components={{ 0: <Anchor component={Link} href={signUpPathFor(target)} /> }}
        />
      }
    >
      <ProviderButtons
        verb="Sign in"
        redirectPath={target}
        onError={(message) => {
          setLandingError(null);
          setError({ message, unconfirmed: false });
        }}
      />
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
          <Stack gap={4}>
            <PasswordInput
              label={t('Password')}
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} href="/auth/forgot-password" size="sm">
                {t('Forgot password?')}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" loading={submitting || (auth.user !== null && !codeStep)} fullWidth>
            {t('Sign In')}
          </Button>
          <Button variant="subtle" loading={mailingLink} onClick={() => void mailLink()} fullWidth>
            {t('Email me a sign-in link')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
