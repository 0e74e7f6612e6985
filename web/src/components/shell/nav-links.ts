export interface NavLink {
  href: string;
  label: string;
}

/** Spec 2.2: the navigation a visitor sees. Signed-in entries arrive with authentication. */
export const MAIN_LINKS: readonly NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/browse', label: 'Browse' },
  { href: '/contribute', label: 'Contribute' },
];

export const VISITOR_LINKS = {
  signIn: { href: '/auth/signin', label: 'Sign In' },
  signUp: { href: '/auth/signup', label: 'Sign Up' },
} as const satisfies Record<string, NavLink>;

export function isCurrentPath(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
