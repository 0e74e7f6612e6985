import { lazy, Suspense, useEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Box } from '@mantine/core';
import { useLocation } from 'wouter';
import { ROUTES } from '@sciai/core';
import { SiteHeader } from './site-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { useCompare } from '../../hooks/use-compare.ts';
import classes from './app-layout.module.css';

// The tray loads once there is a pick to show: most visits have none (0058).
const CompareTray = lazy(() =>
  import('../compare/compare-tray.tsx').then((module) => ({ default: module.CompareTray })),
);

import { MAIN_CONTENT_ID } from './main-content.ts';
import { t } from '../../i18n/index.ts';

/** The shell on every screen (docs/product.md#shell): skip link, navigation, the page, footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigation(mainRef);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView();
  };

  return (
    <>
      <a className={classes.skipLink} href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
        {t('Skip to main content')}
      </a>
      <SiteHeader />
      <Box component="main" id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className={classes.main}>
        {children}
      </Box>
      <SiteFooter />
      <CompareTrayWhenPicked />
    </>
  );
}

/** The compare tray (fixed at the bottom of the viewport) once something is picked, except on the compare page. */
function CompareTrayWhenPicked() {
  const { items } = useCompare();
  const [pathname] = useLocation();
  if (items.length === 0 || pathname === ROUTES.compare.pattern) return null;
  return (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  );
}

/**
 * A client-side page change scrolls nothing and announces nothing by itself: start the new
 * page at the top and move focus to it, as a full page load would.
 */
function useFocusOnNavigation(mainRef: RefObject<HTMLElement | null>) {
  const [pathname] = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo({ top: 0 });
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}
