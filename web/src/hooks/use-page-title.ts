import { useEffect } from 'react';
import { PRODUCT_NAME } from '../site.ts';

/** Sets the tab title to 'SciAI — {page}'. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} — ${page}`;
  }, [page]);
}
