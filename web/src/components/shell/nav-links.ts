import { msg } from '../../i18n/index.ts';

/** `label`: a message, translated where it is shown (`t(link.label)`). */
export interface NavLink {
  href: string;
  label: string;
}

/** docs/product.md#shell-nav: the navigation a visitor sees. Signed-in entries arrive with authentication. */
export const MAIN_LINKS: readonly NavLink[] = [
  { href: '/', label: msg('Home') },
  { href: '/browse', label: msg('Browse') },
  { href: '/contribute', label: msg('Contribute') },
];

export const VISITOR_LINKS = {
  signIn: { href: '/auth/signin', label: msg('Sign In') },
  signUp: { href: '/auth/signup', label: msg('Sign Up') },
} as const satisfies Record<string, NavLink>;

/** docs/product.md#shell-user-menu: the user dropdown's entries (Admin Dashboard only for admins), before Sign Out. */
export interface UserMenuLink extends NavLink {
  adminOnly?: boolean;
}

export const USER_MENU_LINKS: readonly UserMenuLink[] = [
  { href: '/profile', label: msg('Profile') },
  { href: '/library', label: msg('My Library') },
  { href: '/following', label: msg('Following') },
  { href: '/settings', label: msg('Settings') },
  { href: '/admin', label: msg('Admin Dashboard'), adminOnly: true },
];

export function userMenuLinks(isAdmin: boolean): UserMenuLink[] {
  return USER_MENU_LINKS.filter((link) => !link.adminOnly || isAdmin);
}

export function isCurrentPath(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The id of the mobile drawer, which the burger controls (the drawer loads when first opened). */
export const MOBILE_MENU_ID = 'mobile-menu';
