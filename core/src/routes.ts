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
  unauthorized: { pattern: '/unauthorized', access: 'public' },
  tool: { pattern: '/tool/:slug', access: 'public' },
  paper: { pattern: '/paper/:slug', access: 'public' },
  company: { pattern: '/company/:slug', access: 'public' },
  agent: { pattern: '/agent/:slug', access: 'public' },
  compare: { pattern: '/compare', access: 'public' },
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
