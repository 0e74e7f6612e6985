import { IconLock } from '@tabler/icons-react';
import { StatusPage } from '../components/status-page.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { t } from '../i18n/index.ts';

/** docs/product.md#access-denied: where the route guard sends a signed-in user without the required role. */
export function UnauthorizedPage() {
  usePageTitle(t('Access Denied'));
  return (
    <StatusPage
      icon={<IconLock size={34} aria-hidden />}
      title={t('Access Denied')}
      action={{ href: '/', label: t('Go to Homepage') }}
    >
      {t('You don’t have permission to access this page. If you believe you should, please contact an administrator.')}
    </StatusPage>
  );
}
