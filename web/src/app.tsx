import { lazy, Suspense, useEffect, useState } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Router } from 'wouter';
import { localeBase, pageDirection } from './i18n/page-messages.ts';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';
import { AppLayout } from './components/shell/app-layout.tsx';
import { AppRoutes } from './routes.tsx';
import { AuthProvider } from './auth/auth-provider.tsx';
import { ConfirmationNotice } from './auth/confirmation-notice.tsx';
import { afterPageShown } from './lib/page-shown.ts';

const Toasts = lazy(() => import('./components/shell/toasts.tsx').then((module) => ({ default: module.Toasts })));

const swrConfig: SWRConfiguration = {
  // Catalog data changes rarely; refetching on every tab switch would only cost requests.
  revalidateOnFocus: false,
  // A failed read is retried soon (then with SWR's backoff) rather than after the default 5 s.
  errorRetryInterval: 1_500,
  errorRetryCount: 3,
};

export function App() {
  // The page's language is fixed for its life: the switcher loads the page in another one.
  return (
    <DirectionProvider initialDirection={pageDirection} detectDirection={false}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
      >
        <DeferredToasts />
        <SWRConfig value={swrConfig}>
          <Router base={localeBase}>
            <AuthProvider>
              <ConfirmationNotice />
              <AppLayout>
                <AppRoutes />
              </AppLayout>
            </AuthProvider>
          </Router>
        </SWRConfig>
      </MantineProvider>
    </DirectionProvider>
  );
}

/**
 * The toasts' container (with its transitions) loads once the first page is on screen: no page
 * needs it to show or answer. A toast shown before then waits in Mantine's store and appears
 * when the container mounts.
 */
function DeferredToasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterPageShown(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
