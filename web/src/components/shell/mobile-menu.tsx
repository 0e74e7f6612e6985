import { Button, Drawer, Stack } from '@mantine/core';
import { Link } from 'wouter';
import { MAIN_LINKS, VISITOR_LINKS, isCurrentPath } from './nav-links.ts';
import { NavSearch } from './nav-search.tsx';
import classes from './mobile-menu.module.css';

export const MOBILE_MENU_ID = 'mobile-menu';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  pathname: string;
}

/** Under 768px the navigation moves into a drawer opened by the header's burger (spec 2.2). */
export function MobileMenu({ opened, onClose, pathname }: MobileMenuProps) {
  return (
    <Drawer
      id={MOBILE_MENU_ID}
      opened={opened}
      onClose={onClose}
      title="Menu"
      position="right"
      size="min(320px, 85vw)"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack gap="lg">
        <NavSearch id="nav-search-mobile" placeholder="Search AI tools..." onSearched={onClose} />
        <Stack component="nav" aria-label="Mobile" gap={4}>
          {MAIN_LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className={classes.link}
              aria-current={isCurrentPath(pathname, link.href) ? 'page' : undefined}
              onClick={onClose}
            >
              {link.label}
            </Link>
          ))}
        </Stack>
        <Stack gap="xs">
          <Button component={Link} href={VISITOR_LINKS.signIn.href} variant="default" fullWidth onClick={onClose}>
            {VISITOR_LINKS.signIn.label}
          </Button>
          <Button component={Link} href={VISITOR_LINKS.signUp.href} fullWidth onClick={onClose}>
            {VISITOR_LINKS.signUp.label}
          </Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}
