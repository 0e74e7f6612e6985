/**
 * The route table of the web app. The gateway answers HTTP 404 for any path that matches
 * none of these, and the SPA router is built from the same list, so the two cannot drift.
 */
export type RouteAccess = 'public' | 'signed-in' | 'admin' | 'moderator';

export interface RouteDefinition {
  /** wouter-style pattern: `:name` is one segment, a trailing `*` any rest. */
  readonly pattern: string;
  readonly access: RouteAccess;
}

export const ROUTES = {
  home: { pattern: '/', access: 'public' },
  browse: { pattern: '/browse', access: 'public' },
  about: { pattern: '/about', access: 'public' },
  aboutData: { pattern: '/about/data', access: 'public' },
  accessibility: { pattern: '/accessibility', access: 'public' },
  data: { pattern: '/data', access: 'public' },
  apiDocs: { pattern: '/api', access: 'public' },
  embedBuilder: { pattern: '/embed/builder', access: 'public' },
  unauthorized: { pattern: '/unauthorized', access: 'public' },
  tool: { pattern: '/tool/:slug', access: 'public' },
  paper: { pattern: '/paper/:slug', access: 'public' },
  company: { pattern: '/company/:slug', access: 'public' },
  agent: { pattern: '/agent/:slug', access: 'public' },
  field: { pattern: '/field/:slug', access: 'public' },
  organization: { pattern: '/org/:id', access: 'public' },
  compare: { pattern: '/compare', access: 'public' },
  signin: { pattern: '/auth/signin', access: 'public' },
  signup: { pattern: '/auth/signup', access: 'public' },
  forgotPassword: { pattern: '/auth/forgot-password', access: 'public' },
  resetPassword: { pattern: '/auth/reset-password', access: 'public' },
  confirmCode: { pattern: '/auth/confirm', access: 'public' },
  profile: { pattern: '/profile', access: 'signed-in' },
  library: { pattern: '/library', access: 'signed-in' },
  following: { pattern: '/following', access: 'signed-in' },
  notifications: { pattern: '/notifications', access: 'signed-in' },
  publicProfile: { pattern: '/u/:handle', access: 'public' },
  settings: { pattern: '/settings', access: 'signed-in' },
  contribute: { pattern: '/contribute', access: 'signed-in' },
  adminContent: { pattern: '/admin/content', access: 'moderator' },
  admin: { pattern: '/admin', access: 'admin' },
  adminUsers: { pattern: '/admin/users', access: 'admin' },
  adminVerifications: { pattern: '/admin/verifications', access: 'admin' },
  adminAnalytics: { pattern: '/admin/analytics', access: 'admin' },
  adminSettings: { pattern: '/admin/settings', access: 'admin' },
  adminSecurity: { pattern: '/admin/security', access: 'admin' },
  adminCsvImport: { pattern: '/admin/csv-import', access: 'admin' },
  adminCatalogHealth: { pattern: '/admin/catalog-health', access: 'moderator' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof ROUTES;

const compiled = Object.values(ROUTES).map((route) => ({ route, regex: patternToRegex(route.pattern) }));

function patternToRegex(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/** The route a pathname belongs to, or undefined when the app has no such page. */
export function matchRoute(pathname: string): RouteDefinition | undefined {
  return compiled.find(({ regex }) => regex.test(pathname))?.route;
}

/** Where the sign-in page sends a visitor back to when no (safe) redirect is given. */
export const DEFAULT_REDIRECT = '/';

const SAFE_BASE = 'https://sciai.invalid';

/** One decoding step, or undefined when the text is not valid percent-encoding. */
function decodeOnce(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** A path that, as written, stays on the current origin (a browser reads `\\` as `/`). */
function looksSameOrigin(value: string): boolean {
  if (!value.startsWith('/')) return false;
  if (value[1] === '/' || value[1] === '\\') return false;
  if (value.includes('\\')) return false;
  // Browsers drop tabs and newlines from URLs ("/\t/evil" is "//evil"); no control characters.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  return true;
}

/**
 * The `redirect` of /auth/signin as a same-origin path (with query and fragment), else '/'.
 * Rejects protocol-relative (`//host`), absolute (`https://host`), backslash (`/\\host`) and
 * percent-encoded forms of these (any depth of encoding), and text that is not valid encoding.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value) return DEFAULT_REDIRECT;
  let current = value;
  for (let depth = 0; depth < 5; depth += 1) {
    if (!looksSameOrigin(current)) return DEFAULT_REDIRECT;
    const decoded = decodeOnce(current);
    // Undecodable as written: refuse. Undecodable after a step ("100%25" is "100%"): the
    // decoded text passed the checks, and a lone '%' cannot hide a slash.
    if (decoded === undefined) {
      if (depth === 0) return DEFAULT_REDIRECT;
      break;
    }
    if (decoded === current) break;
    current = decoded;
  }
  if (!looksSameOrigin(current)) return DEFAULT_REDIRECT;
  const url = new URL(value, SAFE_BASE);
  if (url.origin !== SAFE_BASE) return DEFAULT_REDIRECT;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address that returns to `path` afterwards (docs/product.md#route-guard). */
export function signInPathFor(path: string): string {
  return withRedirect(ROUTES.signin.pattern, path);
}

/**
 * The sign-up page's address that keeps `path` (the sign-in page's redirect) through sign-up and
 * the confirmation link (docs/product.md#sign-up).
 */
export function signUpPathFor(path: string): string {
  return withRedirect(ROUTES.signup.pattern, path);
}

function withRedirect(page: string, path: string): string {
  const target = safeRedirectPath(path);
  return target === DEFAULT_REDIRECT ? page : `${page}?redirect=${encodeURIComponent(target)}`;
}

/**
 * Where an accepted invitation leads: the password page, worded for a new member
 * (docs/product.md#invitations).
 */
export const INVITED_PASSWORD_PATH = `${ROUTES.resetPassword.pattern}?invited=1`;

/** What a mailed six-digit code proves, as the code page takes it (`type=`). */
export const CONFIRM_CODE_TYPES = ['signup', 'recovery', 'email_change', 'magiclink', 'invite'] as const;
export type ConfirmCodeType = (typeof CONFIRM_CODE_TYPES)[number];

/**
 * The page where the six-digit code of a mail is entered (docs/product.md#confirm-code): the
 * address it was sent to, what it proves, and for a sign-up where to go afterwards.
 */
export function confirmCodePath(options: { email?: string; type?: ConfirmCodeType; redirect?: string }): string {
  const query = new URLSearchParams();
  if (options.type && options.type !== 'signup') query.set('type', options.type);
  if (options.email) query.set('email', options.email);
  const target = options.redirect === undefined ? DEFAULT_REDIRECT : safeRedirectPath(options.redirect);
  if (target !== DEFAULT_REDIRECT) query.set('redirect', target);
  const search = query.toString();
  return search ? `${ROUTES.confirmCode.pattern}?${search}` : ROUTES.confirmCode.pattern;
}

/** The `type` of the code page's address; anything else is a sign-up's code. */
export function confirmCodeType(value: string | null | undefined): ConfirmCodeType {
  return CONFIRM_CODE_TYPES.find((type) => type === value) ?? 'signup';
}
