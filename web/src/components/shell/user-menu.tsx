import { Menu, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBellRinging, IconBooks, IconDashboard, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../auth/use-auth.ts';
import { useUserIdentity } from '../../auth/use-user-identity.ts';
import { userMenuLinks } from './nav-links.ts';
import { UserAvatar } from './user-avatar.tsx';
import { t } from '../../i18n/index.ts';

const ICONS: Record<string, typeof IconUser> = {
  '/profile': IconUser,
  '/library': IconBooks,
  '/following': IconBellRinging,
  '/settings': IconSettings,
  '/admin': IconDashboard,
};

/** Signs out and returns to /; the provider's message on failure (docs/product.md#shell-user-menu). */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const [, navigate] = useLocation();
  return async () => {
    const error = await signOut();
    if (error) {
      notifications.show({ color: 'red', title: t('Sign out failed'), message: error });
      return;
    }
    navigate('/');
  };
}

/** The header's user dropdown: avatar with initials, name, e-mail and the account entries. */
export function UserMenu() {
  const { isAdmin } = useAuth();
  const identity = useUserIdentity();
  const signOut = useSignOut();
  if (!identity) return null;
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        {/* The name starts with the visible initials (WCAG 2.5.3, label in name). */}
        <UnstyledButton
          aria-label={t('{initials}: account menu for {name}', { initials: identity.initials, name: identity.name })}
          style={{ borderRadius: '50%' }}
        >
          <UserAvatar size={36}>{identity.initials}</UserAvatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {identity.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {identity.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {userMenuLinks(isAdmin).map((link) => {
          const Icon = ICONS[link.href] ?? IconUser;
          return (
            <Menu.Item key={link.href} component={Link} href={link.href} leftSection={<Icon size={16} aria-hidden />}>
              {t(link.label)}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          {t('Sign Out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
