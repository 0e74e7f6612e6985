import type { Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';

/**
 * What Mantine's ScrollArea takes from @floating-ui/react (useMergeRefs, an array of refs merged
 * into one callback ref), done by Mantine's own useMergedRef. vite.config.ts points ScrollArea's
 * import here: @floating-ui/react is one module, so importing this one hook from it put the whole
 * floating layer (about 15 KB gzipped, which only Popover, Menu, Tooltip and Select use) in every
 * page with a scroll area or a drawer.
 */
export function useMergeRefs<Instance>(refs: Array<Ref<Instance> | undefined>) {
  return useMergedRef(...refs);
}
