import { msg } from '../../i18n/index.ts';

export interface AdminLink {
  href: string;
  /** A message, translated where it is shown (`t(link.label)`). */
  label: string;
  /** Moderators see only the pages marked for staff; admins see all. */
  staff?: boolean;
}

/** The admin area's pages (docs/product.md#admin), in the order the navigation shows them. */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { href: '/admin', label: msg('Dashboard') },
  { href: '/admin/users', label: msg('Users') },
  { href: '/admin/verifications', label: msg('Verifications') },
  { href: '/admin/content', label: msg('Content'), staff: true },
  { href: '/admin/analytics', label: msg('Analytics') },
  { href: '/admin/csv-import', label: msg('CSV Import') },
  { href: '/admin/settings', label: msg('Settings') },
  { href: '/admin/security', label: msg('Security') },
  { href: '/admin/catalog-health', label: msg('Catalog health'), staff: true },
];

export function adminLinksFor(isAdmin: boolean): AdminLink[] {
  return ADMIN_LINKS.filter((link) => isAdmin || link.staff);
}
