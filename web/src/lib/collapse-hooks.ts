import { useCollapse, useReducedMotion } from '@mantine/hooks';

export { useCollapse, useReducedMotion };

/**
 * What Mantine's Collapse takes from @mantine/hooks, less the horizontal collapse, which the app
 * does not use (no `<Collapse orientation="horizontal">`; vite.config.ts fails the build if one
 * appears). vite.config.ts points Collapse's import here: the horizontal hook (1.6 KB) was in
 * every page with an accordion, the browse page's filters among them.
 */
export function useHorizontalCollapse(): never {
  throw new Error('Collapse orientation="horizontal" is left out of this build (vite.config.ts)');
}
