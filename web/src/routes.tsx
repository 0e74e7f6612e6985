import type { ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { ROUTES, type RouteName } from '@sciai/core';
import { HomePage } from './pages/home-page.tsx';
import { BrowsePage } from './pages/browse-page.tsx';
import { AboutPage } from './pages/about-page.tsx';
import { UnauthorizedPage } from './pages/unauthorized-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';

/**
 * One page per entry of core's route table, which the gateway also uses to answer 404 for
 * anything else: a route added there without a page here fails to type-check.
 */
const PAGES: Record<RouteName, ComponentType> = {
  home: HomePage,
  browse: BrowsePage,
  about: AboutPage,
  unauthorized: UnauthorizedPage,
};

const routeEntries = Object.entries(ROUTES) as Array<[RouteName, (typeof ROUTES)[RouteName]]>;

export function AppRoutes() {
  return (
    <Switch>
      {routeEntries.map(([name, route]) => (
        <Route key={name} path={route.pattern} component={PAGES[name]} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
