import { ROUTES, type RouteDefinition } from '@sciai/core';
import { readBuildManifest, staticClosure } from '../../web-bundle.ts';

/** The pages whose code the router loads lazily and a visitor most often opens first. */
const PAGE_SOURCES = new Map<RouteDefinition, string>([
  [ROUTES.home, 'src/pages/home-page.tsx'],
  [ROUTES.browse, 'src/pages/browse-page.tsx'],
  [ROUTES.tool, 'src/pages/item-detail-page.tsx'],
  [ROUTES.paper, 'src/pages/item-detail-page.tsx'],
  [ROUTES.company, 'src/pages/item-detail-page.tsx'],
  [ROUTES.agent, 'src/pages/item-detail-page.tsx'],
]);

/**
 * The modules of a route's page that the app's entry does not already import, from the build's
 * manifest, as addresses. The gateway adds them to the modules web/public/app-boot.js requests
 * after the first paint, so the page's code arrives with the entry's, in one go, instead of once
 * the entry has run and asked for it. No manifest (a build without one): nothing to add.
 */
export function readRouteModules(webDist: string): (route: RouteDefinition) => string[] {
  const manifest = readBuildManifest(webDist);
  if (!manifest) return () => [];
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) return () => [];
  const entryModules = staticClosure(manifest, entry);
  const byRoute = new Map<RouteDefinition, string[]>();
  for (const [route, source] of PAGE_SOURCES) {
    if (!manifest[source]) continue;
    const own = [...staticClosure(manifest, source)].filter((key) => !entryModules.has(key));
    // the page's chunk first: its imports are requested with it, a few per task
    byRoute.set(
      route,
      own.map((key) => `/${manifest[key]!.file}`),
    );
  }
  return (route) => byRoute.get(route) ?? [];
}

/** index.html with these modules added to the ones the app's boot script requests. */
export function withRouteModules(html: string, modules: string[]): string {
  if (!modules.length) return html;
  return html.replace(
    /(<meta name="sciai-app-entry"[^>]*\bdata-modules=")([^"]*)"/,
    (_, start: string, listed: string) => `${start}${[listed, ...modules].filter(Boolean).join(' ')}"`,
  );
}
