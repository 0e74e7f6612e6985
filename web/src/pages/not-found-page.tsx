import { useEffect } from 'react';
import { IconMapQuestion } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import { StatusPage } from '../components/status-page.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';
import { t } from '../i18n/index.ts';

/** docs/product.md#not-found: any path outside the route table. The gateway sends it with HTTP 404. */
export function NotFoundPage() {
  const [pathname] = useLocation();
  usePageTitle(t('Page not found'));

  useEffect(() => {
    // A link that leads nowhere is worth a warning, not an error: nothing failed on this page.
    console.warn('404: no page at', pathname);
  }, [pathname]);

  return (
    <StatusPage
      icon={<IconMapQuestion size={34} aria-hidden />}
      code="404"
      title={t('Oops! Page not found')}
      action={{ href: '/', label: t('Return to Home') }}
    >
      {t('The page you are looking for does not exist or has moved.')}
    </StatusPage>
  );
}
