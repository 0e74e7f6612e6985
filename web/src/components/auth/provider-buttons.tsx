import { useState } from 'react';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGithub } from '@tabler/icons-react';
import { signInWithProvider, type SignInProvider } from '../../data/oauth.ts';
import { useEnabledProviders } from '../../hooks/use-oauth.ts';
import { OrcidIcon } from '../profile/orcid-icon.tsx';
import { t } from '../../i18n/index.ts';

const LABELS: Record<SignInProvider, string> = { orcid: 'ORCID', github: 'GitHub' };

/**
 * "Sign in with ORCID" and "Sign in with GitHub" (docs/product.md#sign-in-with-a-provider), for the
 * providers the auth service has switched on; nothing when none is. The browser leaves for the
 * provider and comes back to the sign-in page, which goes on to `redirectPath`.
 */
export function ProviderButtons({
  verb,
  redirectPath,
  onError,
}: {
  verb: 'Sign in' | 'Sign up';
  redirectPath: string;
  onError: (message: string) => void;
}) {
  const { data: enabled } = useEnabledProviders();
  const [leaving, setLeaving] = useState<SignInProvider | null>(null);
  const providers = (['orcid', 'github'] as const).filter((provider) => enabled?.[provider]);
  if (providers.length === 0) return null;

  const start = async (provider: SignInProvider) => {
    setLeaving(provider);
    const failure = await signInWithProvider(provider, redirectPath);
    // Success: the browser is on its way to the provider; the button stays busy until it leaves.
    if (failure) {
      setLeaving(null);
      onError(failure.message);
    }
  };

  return (
    <Stack
      gap="sm"
      role="group"
      aria-label={verb === 'Sign in' ? t('Sign in with another account') : t('Sign up with another account')}
    >
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="default"
          fullWidth
          leftSection={provider === 'orcid' ? <OrcidIcon size={18} /> : <IconBrandGithub size={18} aria-hidden />}
          loading={leaving === provider}
          disabled={leaving !== null && leaving !== provider}
          onClick={() => void start(provider)}
        >
          {verb === 'Sign in'
            ? t('Sign in with {provider}', { provider: LABELS[provider] })
            : t('Sign up with {provider}', { provider: LABELS[provider] })}
        </Button>
      ))}
      <Divider label={t('or with your email address')} labelPosition="center" />
    </Stack>
  );
}
