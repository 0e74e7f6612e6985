export interface NavLink {
  href: string;
  label: string;
}

/** docs/product.md#shell-nav: the navigation a visitor sees. Signed-in entries arrive with authentication. */
export const MAIN_LINKS: readonly NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/browse', label: 'Browse' },
  { href: '/contribute', label: 'Contribute' },
];

export const VISITOR_LINKS = {
  signIn: { href: '/auth/signin', label: 'Sign In' },
  signUp: { href: '/auth/signup', label: 'Sign Up' },
} as const satisfies Record<string, NavLink>;

/** docs/product.md#shell-user-menu: the user dropdown's entries (Admin Dashboard only for admins), before Sign Out. */
export interface UserMenuLink extends NavLink {
  adminOnly?: boolean;
}

export const USER_MENU_LINKS: readonly UserMenuLink[] = [
  { href: '/profile', label: 'Profile' },
  { href: '/library', label: 'My Library' },
  { href: '/following', label: 'Following' },
  { href: '/settings', label: 'Settings' },
  { href: '/admin', label: 'Admin Dashboard', adminOnly: true },
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
