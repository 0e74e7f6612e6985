import { useEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Box } from '@mantine/core';
import { useLocation } from 'wouter';
import { SiteHeader } from './site-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { CompareTray } from '../compare/compare-tray.tsx';
import classes from './app-layout.module.css';

import { MAIN_CONTENT_ID } from './main-content.ts';

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
        Skip to content
      </a>
      <SiteHeader />
      <Box component="main" id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className={classes.main}>
        {children}
      </Box>
      <SiteFooter />
      <CompareTray />
    </>
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
