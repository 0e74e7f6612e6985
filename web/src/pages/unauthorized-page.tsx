import { IconLock } from '@tabler/icons-react';
import { StatusPage } from '../components/status-page.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

/** docs/product.md#access-denied: where the route guard sends a signed-in user without the required role. */
export function UnauthorizedPage() {
  usePageTitle('Access Denied');
  return (
    <StatusPage
      icon={<IconLock size={34} aria-hidden />}
      title="Access Denied"
      action={{ href: '/', label: 'Go to Homepage' }}
    >
      You don’t have permission to access this page. If you believe you should, please contact an administrator.
    </StatusPage>
  );
}
