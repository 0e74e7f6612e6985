import { useEffect } from 'react';
import { pageTitle } from '@sciai/core';

/** Sets the tab title to '{page} — SciAI' (the gateway writes the same into the first HTML). */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
