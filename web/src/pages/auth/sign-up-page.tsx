import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, useLocation, useSearch } from 'wouter';
import { confirmCodePath, newPasswordProblem, safeRedirectPath, signInPathFor } from '@sciai/core';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { ProviderButtons } from '../../components/auth/provider-buttons.tsx';
import { NewPasswordFields } from '../../components/auth/new-password-fields.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { signUp } from '../../data/auth.ts';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { t, Trans, msg } from '../../i18n/index.ts';

export const SIGN_UP_SUCCESS = msg('Check your email for a confirmation link to complete your registration.');

/**
 * docs/product.md#sign-up: names optional; matching passwords of at least 8 characters. A
 * `redirect` (from the sign-in page, where a guard sent the user) is kept: the confirmation link
 * leads there, and so does the 'Sign in' link.
 */
export function SignUpPage() {
  usePageTitle(t('Sign Up'));
  const auth = useAuth();
  const [, navigate] = useLocation();
  const target = safeRedirectPath(new URLSearchParams(useSearch()).get('redirect'));
  const [error, setError] = useState<string | null>(null);
  /** The address the confirmation went to, once sent: the code page is offered for it. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (auth.user) navigate('/', { replace: true });
  }, [auth.user, navigate]);

  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    validate: {
      email: (value) => (value.trim() ? null : t('Email is required')),
      password: (value) => (value ? null : t('Password is required')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const problem = newPasswordProblem(values.password, values.confirmPassword);
    if (problem) {
      setError(problem);
      return;
    }
    setSubmitting(true);
    const failure = await signUp(values, target);
    setSubmitting(false);
    if (failure) {
      setError(failure.message);
      return;
    }
    setSentTo(values.email.trim());
    form.reset();
  });

  return (
    <AuthCard
      title={t('Sign Up')}
      description={t('Join SciAI to save tools, contribute and review.')}
      error={error}
      footer={
        <Trans
          id="Already have an account? <0>Sign in</0>"
          components={{ 0: <Anchor component={Link} href={signInPathFor(target)} /> }}
        />
      }
    >
      {sentTo !== null ? (
        <Stack gap="sm">
          <Alert color="green" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
            {t(SIGN_UP_SUCCESS)}
          </Alert>
          <Text size="sm">
            <Trans
              id="Reading the email on another device? <0>Enter the code from the email</0>"
              components={{
                0: <Anchor component={Link} href={confirmCodePath({ email: sentTo, redirect: target })} />,
              }}
            />
          </Text>
        </Stack>
      ) : (
        <>
          <ProviderButtons verb="Sign up" redirectPath={target} onError={setError} />
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <TextInput
                  label={t('First name')}
                  description={t('Optional')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  autoComplete="given-name"
                  key={form.key('firstName')}
                  {...form.getInputProps('firstName')}
                />
                <TextInput
                  label={t('Last name')}
                  description={t('Optional')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  autoComplete="family-name"
                  key={form.key('lastName')}
                  {...form.getInputProps('lastName')}
                />
              </SimpleGrid>
              <TextInput
                label={t('Email')}
                type="email"
                autoComplete="email"
                required
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <NewPasswordFields
                labels={{ password: t('Password'), confirmPassword: t('Confirm password') }}
                field={(name) => ({ key: form.key(name), inputProps: form.getInputProps(name) })}
              />
              <Button type="submit" loading={submitting} fullWidth>
                {t('Create account')}
              </Button>
            </Stack>
          </form>
        </>
      )}
    </AuthCard>
  );
}
