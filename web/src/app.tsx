import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';
import { AppLayout } from './components/shell/app-layout.tsx';
import { AppRoutes } from './routes.tsx';
import { AuthProvider } from './auth/auth-provider.tsx';

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
      <Notifications position="top-right" />
      <SWRConfig value={swrConfig}>
        <AuthProvider>
          <AppLayout>
            <AppRoutes />
          </AppLayout>
        </AuthProvider>
      </SWRConfig>
    </MantineProvider>
  );
}
