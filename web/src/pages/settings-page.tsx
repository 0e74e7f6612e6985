import { Center, Container, Loader, Stack, Tabs, Title } from '@mantine/core';
import {
  IconBell,
  IconLock,
  IconPalette,
  IconRosetteDiscountCheck,
  IconShieldLock,
  IconUser,
  IconUserX,
} from '@tabler/icons-react';
import { useLocation, useSearch } from 'wouter';
import { parseSettingsTab, type SettingsTab } from '@sciai/core';
import { useAuth } from '../auth/use-auth.ts';
import { ApiTokensSettings } from '../components/settings/api-tokens-settings.tsx';
import { AppearanceSettings } from '../components/settings/appearance-settings.tsx';
import { ClaimsSettings } from '../components/settings/claims-settings.tsx';
import { DeleteAccountSettings } from '../components/settings/delete-account-settings.tsx';
import { LanguageSettings } from '../components/settings/language-settings.tsx';
import { NotificationSettings } from '../components/settings/notification-settings.tsx';
import { PasswordSettings } from '../components/settings/password-settings.tsx';
import { PrivacySettings } from '../components/settings/privacy-settings.tsx';
import { ProfileSettings } from '../components/settings/profile-settings.tsx';
import { SessionsSettings } from '../components/settings/sessions-settings.tsx';
import { TwoFactorSettings } from '../components/settings/two-factor-settings.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { t, msg } from '../i18n/index.ts';

const TABS: ReadonlyArray<{ value: SettingsTab; label: string; icon: typeof IconUser }> = [
  { value: 'profile', label: msg('Profile'), icon: IconUser },
  { value: 'appearance', label: msg('Appearance'), icon: IconPalette },
  { value: 'notifications', label: msg('Notifications'), icon: IconBell },
  { value: 'privacy', label: msg('Privacy'), icon: IconLock },
  { value: 'security', label: msg('Security'), icon: IconShieldLock },
  { value: 'claims', label: msg('Claims'), icon: IconRosetteDiscountCheck },
  { value: 'account', label: msg('Account'), icon: IconUserX },
];

/** docs/product.md#settings: the account's settings, one tab each; the tab is in the URL (?tab=). */
export function SettingsPage() {
  usePageTitle(t('Settings'));
  const { user, profile, userDataLoading } = useAuth();
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = parseSettingsTab(new URLSearchParams(search).get('tab'));

  if (!user || (userDataLoading && !profile)) {
    return (
      <Center mih="50vh">
        <Loader role="status" aria-label={t('Loading settings')} />
      </Center>
    );
  }

  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {t('Settings')}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => navigate(`/settings?tab=${parseSettingsTab(value)}`, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg" style={{ flexWrap: 'wrap' }}>
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
              {t(label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileSettings />
        </Tabs.Panel>
        <Tabs.Panel value="appearance">
          <Stack gap="lg">
            <AppearanceSettings />
            <LanguageSettings />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationSettings />
        </Tabs.Panel>
        <Tabs.Panel value="privacy">
          <PrivacySettings />
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <Stack gap="lg">
            <PasswordSettings />
            <TwoFactorSettings />
            <SessionsSettings />
            <ApiTokensSettings />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="claims">
          <ClaimsSettings />
        </Tabs.Panel>
        <Tabs.Panel value="account">
          <DeleteAccountSettings />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
