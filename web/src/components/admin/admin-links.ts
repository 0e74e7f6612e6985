export interface AdminLink {
  href: string;
  label: string;
  /** Moderators see only the pages marked for staff; admins see all. */
  staff?: boolean;
}

/** The admin area's pages (docs/product.md#admin), in the order the navigation shows them. */
export const ADMIN_LINKS: readonly AdminLink[] = [
  { href: '/admin', label: 'Dashboard' },
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/verifications', label: 'Verifications' },
  { href: '/admin/content', label: 'Content', staff: true },
  { href: '/admin/analytics', label: 'Analytics' },
  { href: '/admin/csv-import', label: 'CSV Import' },
  { href: '/admin/settings', label: 'Settings' },
  { href: '/admin/security', label: 'Security' },
  { href: '/admin/catalog-health', label: 'Catalog health', staff: true },
];

export function adminLinksFor(isAdmin: boolean): AdminLink[] {
  return ADMIN_LINKS.filter((link) => isAdmin || link.staff);
}
