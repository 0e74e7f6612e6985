/** Who looks at a page: a visitor, a signed-in member, or an admin past two-factor sign-in. */
export type Viewer = 'visitor' | 'member' | 'admin';

export interface AuditedRoute {
  /** The path in English, with its query; `{org}` and `{handle}` are filled in by the test. */
  path: string;
  viewers: readonly Viewer[];
  /**
   * How the page picks its colours: the app follows the browser's colour scheme (Mantine's
   * 'auto'); the embed widget takes `theme=` in its address and is audited once per value.
   */
  themes?: 'color-scheme' | 'fixed';
}

/**
 * The interface's language prefixes ('' is English, at the root). Each route is audited under
 * every prefix: English, and Arabic, whose right-to-left layout differs most (Chinese and Spanish
 * share English's direction and their pages are checked in tests/e2e/languages-*.e2e.test.ts).
 */
export const LANGUAGE_PREFIXES: readonly string[] = ['', '/ar'];

/**
 * The address of `path` in the language whose prefix is `prefix`: '/ar' + '/browse', '/ar' for
 * '/'; the embed widget, served outside the app, takes its language as `lang=`.
 */
export function routeFor(path: string, prefix: string): string {
  if (!prefix) return path;
  if (path.startsWith('/embed?')) return `${path}&lang=${prefix.slice(1)}`;
  return path === '/' || path.startsWith('/?') ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}

const PUBLIC: readonly Viewer[] = ['visitor', 'member'];
const SIGNED_OUT: readonly Viewer[] = ['visitor'];
const MEMBER: readonly Viewer[] = ['member'];
const ADMIN: readonly Viewer[] = ['admin'];

/** Every page of web/src/routes.tsx (and core's ROUTES), the 404 page and the embed widget. */
export const AUDITED_ROUTES: readonly AuditedRoute[] = [
  { path: '/', viewers: PUBLIC },
  { path: '/browse', viewers: PUBLIC },
  // a short first page followed by items matching some of the words
  { path: '/browse?search=climate%20nlp&view=list', viewers: SIGNED_OUT },
  { path: '/about', viewers: PUBLIC },
  { path: '/about/data', viewers: PUBLIC },
  { path: '/data', viewers: PUBLIC },
  { path: '/api', viewers: PUBLIC },
  { path: '/embed/builder', viewers: PUBLIC },
  { path: '/embed?theme=light', viewers: SIGNED_OUT, themes: 'fixed' },
  { path: '/embed?theme=dark&domain=biology', viewers: SIGNED_OUT, themes: 'fixed' },
  { path: '/tool/alphafold', viewers: PUBLIC },
  { path: '/paper/alphafold-2-paper', viewers: PUBLIC },
  { path: '/company/isomorphic-labs', viewers: PUBLIC },
  { path: '/agent/chemcrow', viewers: PUBLIC },
  { path: '/field/astronomy', viewers: PUBLIC },
  { path: '/org/{org}', viewers: PUBLIC },
  { path: '/u/{handle}', viewers: PUBLIC },
  { path: '/compare?items=alphafold,rosettafold,esm-esmfold', viewers: PUBLIC },
  // one unknown item: the page warns about it
  { path: '/compare?items=alphafold,rosettafold,no-such-item', viewers: SIGNED_OUT },
  { path: '/no-such-page', viewers: PUBLIC },
  { path: '/unauthorized', viewers: PUBLIC },
  { path: '/auth/signin', viewers: SIGNED_OUT },
  { path: '/auth/signup', viewers: SIGNED_OUT },
  { path: '/auth/forgot-password', viewers: SIGNED_OUT },
  { path: '/auth/reset-password', viewers: SIGNED_OUT },
  { path: '/auth/confirm', viewers: SIGNED_OUT },
  { path: '/profile', viewers: MEMBER },
  { path: '/library', viewers: MEMBER },
  { path: '/following', viewers: MEMBER },
  { path: '/notifications', viewers: MEMBER },
  { path: '/contribute', viewers: MEMBER },
  ...['profile', 'appearance', 'notifications', 'privacy', 'security', 'claims', 'account'].map((tab) => ({
    path: `/settings?tab=${tab}`,
    viewers: MEMBER,
  })),
  { path: '/admin', viewers: ADMIN },
  { path: '/admin/content', viewers: ADMIN },
  { path: '/admin/users', viewers: ADMIN },
  { path: '/admin/verifications', viewers: ADMIN },
  { path: '/admin/analytics', viewers: ADMIN },
  { path: '/admin/settings', viewers: ADMIN },
  { path: '/admin/security', viewers: ADMIN },
  { path: '/admin/csv-import', viewers: ADMIN },
  { path: '/admin/catalog-health', viewers: ADMIN },
];
