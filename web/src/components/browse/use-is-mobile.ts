import { useMediaQuery } from '@mantine/hooks';

/** docs/product.md#constants: under 768px (Mantine's `sm`, 48em) the browse page uses drawers and 6 skeletons. */
export function useIsMobile(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
}
