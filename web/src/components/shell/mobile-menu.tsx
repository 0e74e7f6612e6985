import { Box, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { Link } from 'wouter';
import { MAIN_LINKS, MOBILE_MENU_ID, VISITOR_LINKS, isCurrentPath, userMenuLinks } from './nav-links.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { useUserIdentity } from '../../auth/use-user-identity.ts';
import { useSignOut } from './user-menu.tsx';
import { NavSearch } from './nav-search.tsx';
import classes from './mobile-menu.module.css';
import { UserAvatar } from './user-avatar.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { useSaveLanguage } from '../../hooks/use-language-preference.ts';
import { t } from '../../i18n/index.ts';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  pathname: string;
  signedIn: boolean;
}

/** The signed-in part of the drawer: who is signed in, the account links and Sign Out. */
function MobileAccount({ pathname, onClose }: { pathname: string; onClose: () => void }) {
  const { isAdmin } = useAuth();
  const identity = useUserIdentity();
  const signOut = useSignOut();
  if (!identity) return null;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap">
        <UserAvatar aria-hidden>{identity.initials}</UserAvatar>
        <Box miw={0}>
          <Text fw={600} size="sm" truncate>
            {identity.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {identity.email}
          </Text>
        </Box>
      </Group>
      <DrawerLinks label={t('Account')} links={userMenuLinks(isAdmin)} pathname={pathname} onClose={onClose} />
      <Button
        variant="default"
        color="red"
        fullWidth
        onClick={() => {
          onClose();
          void signOut();
        }}
      >
        {t('Sign Out')}
      </Button>
    </Stack>
  );
}

/** A labelled list of links in the drawer; following one closes the drawer. */
function DrawerLinks({
  label,
  links,
  pathname,
  onClose,
}: {
  label: string;
  links: ReadonlyArray<{ href: string; label: string }>;
  pathname: string;
  onClose: () => void;
}) {
  return (
    <Stack component="nav" aria-label={label} gap={4}>
      {links.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          className={classes.link}
          aria-current={isCurrentPath(pathname, link.href) ? 'page' : undefined}
          onClick={onClose}
        >
          {t(link.label)}
        </Link>
      ))}
    </Stack>
  );
}

/** Under 768px the navigation moves into a drawer opened by the header's burger (docs/product.md#shell-nav). */
export function MobileMenu({ opened, onClose, pathname, signedIn }: MobileMenuProps) {
  // Closed on its first render (it loads when the burger is first pressed): Mantine's Drawer notes
  // the element to give focus back to (the burger) when it opens, which one mounted open never does.
  const mounted = useMounted();
  const saveLanguage = useSaveLanguage();
  return (
    <Drawer
      id={MOBILE_MENU_ID}
      opened={mounted && opened}
      onClose={onClose}
      title={t('Menu')}
      position="right"
      size="min(320px, 85vw)"
      closeButtonProps={{ 'aria-label': t('Close menu') }}
    >
      <Stack gap="lg">
        <NavSearch id="nav-search-mobile" placeholder={t('Search AI tools...')} onSearched={onClose} />
        <DrawerLinks label={t('Mobile')} links={MAIN_LINKS} pathname={pathname} onClose={onClose} />
        {signedIn ? (
          <MobileAccount pathname={pathname} onClose={onClose} />
        ) : (
          <Stack gap="xs">
            <Button component={Link} href={VISITOR_LINKS.signIn.href} variant="default" fullWidth onClick={onClose}>
              {t(VISITOR_LINKS.signIn.label)}
            </Button>
            <Button component={Link} href={VISITOR_LINKS.signUp.href} fullWidth onClick={onClose}>
              {t(VISITOR_LINKS.signUp.label)}
            </Button>
          </Stack>
        )}
        <LanguageSwitcher onChosen={saveLanguage} />
      </Stack>
    </Drawer>
  );
}
