import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';
import { AppLayout } from './components/shell/app-layout.tsx';
import { AppRoutes } from './routes.tsx';
import { AuthProvider } from './auth/auth-provider.tsx';
import { ConfirmationNotice } from './auth/confirmation-notice.tsx';
import toastClasses from './styles/toasts.module.css';

const swrConfig: SWRConfiguration = {
  // Catalog data changes rarely; refetching on every tab switch would only cost requests.
  revalidateOnFocus: false,
  // A failed read is retried soon (then with SWR's backoff) rather than after the default 5 s.
  errorRetryInterval: 1_500,
  errorRetryCount: 3,
};

export function App() {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Toasts />
      <SWRConfig value={swrConfig}>
        <AuthProvider>
          <ConfirmationNotice />
          <AppLayout>
            <AppRoutes />
          </AppLayout>
        </AuthProvider>
      </SWRConfig>
    </MantineProvider>
  );
}

/**
 * Toasts stay clear of the header (avatar, Sign In, theme toggle; docs/product.md#toasts): in the
 * bottom-right corner on desktop, along the bottom edge on phones, above the compare tray.
 */
function Toasts() {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Notifications position={isPhone ? 'bottom-center' : 'bottom-right'} classNames={{ root: toastClasses.root }} />
  );
}
