import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFlask } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '../../site.ts';
import { MAIN_LINKS, MOBILE_MENU_ID, VISITOR_LINKS, isCurrentPath } from './nav-links.ts';
import { NavSearch } from './nav-search.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { useSaveLanguage } from '../../hooks/use-language-preference.ts';
import { t } from '../../i18n/index.ts';
import classes from './site-header.module.css';

/*
 * Neither is needed for the first paint, so they stay out of every page's first download: the
 * drawer (Drawer, focus trap, scroll lock) loads when the burger is first pressed, the user menu
 * and the notification bell once a signed-in session has been restored, which itself waits for
 * supabase-js.
 */
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })));
const UserMenu = lazy(() => import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })));
const NotificationBell = lazy(() =>
  import('./notification-bell.tsx').then((module) => ({ default: module.NotificationBell })),
);

export function SiteHeader() {
  const [pathname] = useLocation();
  const saveLanguage = useSaveLanguage();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  if (menuOpened && !menuWanted) setMenuWanted(true);
  const { user, needsSecondFactor } = useAuth();
  const signedIn = user !== null && !needsSecondFactor;
  const isDesktop = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });

  // The mobile menu belongs to one page and one layout: close it when either changes.
  const closeMenu = menu.close;
  useEffect(() => {
    closeMenu();
  }, [pathname, isDesktop, closeMenu]);

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.inner}>
        <Link href="/" className={classes.logo} aria-label={t('{product} home', { product: PRODUCT_NAME })}>
          <IconFlask size={26} stroke={2} aria-hidden className={classes.logoIcon} />
          <span>{PRODUCT_NAME}</span>
        </Link>

        <Group component="nav" aria-label={t('Main')} gap={4} visibleFrom="sm" wrap="nowrap">
          {MAIN_LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className={classes.link}
              aria-current={isCurrentPath(pathname, link.href) ? 'page' : undefined}
            >
              {t(link.label)}
            </Link>
          ))}
        </Group>

        <NavSearch
          id="nav-search-desktop"
          placeholder={t('Search AI tools, papers, researchers...')}
          visibleFrom="sm"
          className={classes.search}
        />

        <Group gap="xs" wrap="nowrap" className={classes.actions}>
          <LanguageSwitcher className={classes.language} onChosen={saveLanguage} />
          <ThemeToggle />
          {signedIn ? (
            <Suspense fallback={<Box w={36 + 34 + 10} h={36} />}>
              <Group gap="xs" wrap="nowrap">
                <NotificationBell />
                <UserMenu />
              </Group>
            </Suspense>
          ) : (
            <Group gap="xs" visibleFrom="sm" wrap="nowrap">
              <Button component={Link} href={VISITOR_LINKS.signIn.href} variant="subtle">
                {t(VISITOR_LINKS.signIn.label)}
              </Button>
              <Button component={Link} href={VISITOR_LINKS.signUp.href}>
                {t(VISITOR_LINKS.signUp.label)}
              </Button>
            </Group>
          )}
          <Burger
            opened={menuOpened}
            onClick={menu.toggle}
            hiddenFrom="sm"
            aria-label={menuOpened ? t('Close menu') : t('Open menu')}
            aria-expanded={menuOpened}
            aria-controls={MOBILE_MENU_ID}
          />
        </Group>
      </Container>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={menu.close} pathname={pathname} signedIn={signedIn} />
        </Suspense>
      )}
    </Box>
  );
}
