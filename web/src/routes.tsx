import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';
import { Route, Switch } from 'wouter';
import { matchRoute, ROUTES, type RouteName } from '@sciai/core';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { loadSupabaseWhenIdle } from './data/supabase-client.ts';
import { markPageShown } from './lib/page-shown.ts';
import { loadPageMessages } from './i18n/page-messages.ts';
import { t } from './i18n/index.ts';

/** A lazy page that can start its download before it first renders. */
type LazyPage = ComponentType & { preload?: () => Promise<unknown> };

/**
 * A page loaded only when its route is first visited, so each route ships only its own code,
 * with its own messages in the page's language (`key`: its module's path under web/src).
 */
function lazyPage<M>(key: string, load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loading: Promise<M> | undefined;
  const once = () =>
    (loading ??= Promise.all([load(), loadPageMessages(key)])
      .then(([module]) => module)
      .catch((error: unknown) => {
        // a failed download (network blip, new release) may succeed when the page is next asked for
        loading = undefined;
        throw error;
      }));
  return Object.assign(
    lazy(() => once().then((module) => ({ default: pick(module) }))),
    { preload: once },
  );
}

const detailPage = () => import('./pages/item-detail-page.tsx');

/**
 * The route guard loads with the first page that needs a session or a role: a public page (the
 * landing, browse, an item) renders without it, so it is not in their first download.
 */
const RequireAuth = lazy(() => import('./auth/require-auth.tsx').then((module) => ({ default: module.RequireAuth })));

/**
 * One page per entry of core's route table, which the gateway also uses to answer 404 for
 * anything else: a route added there without a page here fails to type-check. The 404 page is in
 * the first download; the rest load with their route (the gateway lists the landing's, browse's
 * and detail pages' modules with the entry's: server/src/gateway/seo/route-modules.ts).
 */
const PAGES: Record<RouteName, LazyPage> = {
  home: lazyPage(
    'pages/home-page',
    () => import('./pages/home-page.tsx'),
    (m) => m.HomePage,
  ),
  browse: lazyPage(
    'pages/browse-page',
    () => import('./pages/browse-page.tsx'),
    (m) => m.BrowsePage,
  ),
  about: lazyPage(
    'pages/about-page',
    () => import('./pages/about-page.tsx'),
    (m) => m.AboutPage,
  ),
  aboutData: lazyPage(
    'pages/about-data-page',
    () => import('./pages/about-data-page.tsx'),
    (m) => m.AboutDataPage,
  ),
  accessibility: lazyPage(
    'pages/accessibility-page',
    () => import('./pages/accessibility-page.tsx'),
    (m) => m.AccessibilityPage,
  ),
  data: lazyPage(
    'pages/open-data-page',
    () => import('./pages/open-data-page.tsx'),
    (m) => m.OpenDataPage,
  ),
  apiDocs: lazyPage(
    'pages/api-docs-page',
    () => import('./pages/api-docs-page.tsx'),
    (m) => m.ApiDocsPage,
  ),
  embedBuilder: lazyPage(
    'pages/embed-builder-page',
    () => import('./pages/embed-builder-page.tsx'),
    (m) => m.EmbedBuilderPage,
  ),
  unauthorized: lazyPage(
    'pages/unauthorized-page',
    () => import('./pages/unauthorized-page.tsx'),
    (m) => m.UnauthorizedPage,
  ),
  tool: lazyPage('pages/item-detail-page', detailPage, (m) => m.ToolDetailPage),
  paper: lazyPage('pages/item-detail-page', detailPage, (m) => m.PaperDetailPage),
  company: lazyPage('pages/item-detail-page', detailPage, (m) => m.CompanyDetailPage),
  agent: lazyPage('pages/item-detail-page', detailPage, (m) => m.AgentDetailPage),
  field: lazyPage(
    'pages/field-page',
    () => import('./pages/field-page.tsx'),
    (m) => m.FieldPage,
  ),
  organization: lazyPage(
    'pages/organization-page',
    () => import('./pages/organization-page.tsx'),
    (m) => m.OrganizationPage,
  ),
  following: lazyPage(
    'pages/following-page',
    () => import('./pages/following-page.tsx'),
    (m) => m.FollowingPage,
  ),
  compare: lazyPage(
    'pages/compare-page',
    () => import('./pages/compare-page.tsx'),
    (m) => m.ComparePage,
  ),
  signin: lazyPage(
    'pages/auth/sign-in-page',
    () => import('./pages/auth/sign-in-page.tsx'),
    (m) => m.SignInPage,
  ),
  signup: lazyPage(
    'pages/auth/sign-up-page',
    () => import('./pages/auth/sign-up-page.tsx'),
    (m) => m.SignUpPage,
  ),
  forgotPassword: lazyPage(
    'pages/auth/forgot-password-page',
    () => import('./pages/auth/forgot-password-page.tsx'),
    (m) => m.ForgotPasswordPage,
  ),
  resetPassword: lazyPage(
    'pages/auth/reset-password-page',
    () => import('./pages/auth/reset-password-page.tsx'),
    (m) => m.ResetPasswordPage,
  ),
  confirmCode: lazyPage(
    'pages/auth/confirm-code-page',
    () => import('./pages/auth/confirm-code-page.tsx'),
    (m) => m.ConfirmCodePage,
  ),
  profile: lazyPage(
    'pages/profile-page',
    () => import('./pages/profile-page.tsx'),
    (m) => m.ProfilePage,
  ),
  publicProfile: lazyPage(
    'pages/public-profile-page',
    () => import('./pages/public-profile-page.tsx'),
    (m) => m.PublicProfilePage,
  ),
  library: lazyPage(
    'pages/library-page',
    () => import('./pages/library-page.tsx'),
    (m) => m.LibraryPage,
  ),
  notifications: lazyPage(
    'pages/notifications-page',
    () => import('./pages/notifications-page.tsx'),
    (m) => m.NotificationsPage,
  ),
  settings: lazyPage(
    'pages/settings-page',
    () => import('./pages/settings-page.tsx'),
    (m) => m.SettingsPage,
  ),
  contribute: lazyPage(
    'pages/contribute-page',
    () => import('./pages/contribute-page.tsx'),
    (m) => m.ContributePage,
  ),
  adminContent: lazyPage(
    'pages/admin/admin-content-page',
    () => import('./pages/admin/admin-content-page.tsx'),
    (m) => m.AdminContentPage,
  ),
  admin: lazyPage(
    'pages/admin/admin-dashboard-page',
    () => import('./pages/admin/admin-dashboard-page.tsx'),
    (m) => m.AdminDashboardPage,
  ),
  adminUsers: lazyPage(
    'pages/admin/admin-users-page',
    () => import('./pages/admin/admin-users-page.tsx'),
    (m) => m.AdminUsersPage,
  ),
  adminVerifications: lazyPage(
    'pages/admin/admin-verifications-page',
    () => import('./pages/admin/admin-verifications-page.tsx'),
    (m) => m.AdminVerificationsPage,
  ),
  adminAnalytics: lazyPage(
    'pages/admin/admin-analytics-page',
    () => import('./pages/admin/admin-analytics-page.tsx'),
    (m) => m.AdminAnalyticsPage,
  ),
  adminSettings: lazyPage(
    'pages/admin/admin-settings-page',
    () => import('./pages/admin/admin-settings-page.tsx'),
    (m) => m.AdminSettingsPage,
  ),
  adminSecurity: lazyPage(
    'pages/admin/admin-security-page',
    () => import('./pages/admin/admin-security-page.tsx'),
    (m) => m.AdminSecurityPage,
  ),
  adminCsvImport: lazyPage(
    'pages/admin/admin-csv-import-page',
    () => import('./pages/admin/admin-csv-import-page.tsx'),
    (m) => m.AdminCsvImportPage,
  ),
  adminCatalogHealth: lazyPage(
    'pages/admin/admin-catalog-health-page',
    () => import('./pages/admin/admin-catalog-health-page.tsx'),
    (m) => m.AdminCatalogHealthPage,
  ),
};

const routeEntries = Object.entries(ROUTES) as Array<[RouteName, (typeof ROUTES)[RouteName]]>;

// The public page the visitor opened starts downloading now, while the entry renders its first
// frame, rather than once the router has rendered and suspended on it (one round trip and the
// whole first render later). Signed-in and staff pages wait for their access check. The
// requests go out in a task of their own, right after the entry's evaluation: one per module of
// the page, a millisecond or more of main-thread work each, they made that evaluation one long
// task on a slow phone.
const opened = routeEntries.find(([, route]) => route === matchRoute(window.location.pathname));
if (opened && opened[1].access === 'public') {
  const page = PAGES[opened[0]];
  // an error here shows when the page renders and asks again
  window.setTimeout(() => page.preload?.().catch(() => undefined), 0);
}

export function AppRoutes() {
  return (
    <Suspense
      fallback={
        // A viewport tall, so the footer starts below the fold: a shorter placeholder put it on
        // screen, and the page arriving pushed it down (Lighthouse's largest layout shift on /browse).
        <Center mih="100vh">
          <Loader role="status" aria-label={t('Loading page')} />
        </Center>
      }
    >
      <Switch>
        {routeEntries.map(([name, route]) => {
          const Page = PAGES[name];
          return (
            <Route key={name} path={route.pattern}>
              {route.access === 'public' ? (
                <Page />
              ) : (
                <RequireAuth access={route.access}>
                  <Page />
                </RequireAuth>
              )}
            </Route>
          );
        })}
        <Route component={NotFoundPage} />
      </Switch>
      <AfterPageShown />
    </Suspense>
  );
}

/**
 * Inside the page's Suspense boundary, so its effect runs once the page itself is committed (not
 * its loading placeholder): then, when the browser is idle, what no page needs to show and answer
 * loads (supabase-js for auth events and writes, the toasts' container), never ahead of the page.
 */
function AfterPageShown() {
  useEffect(() => {
    loadSupabaseWhenIdle();
    markPageShown();
  }, []);
  return null;
}
