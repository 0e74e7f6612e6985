import { t } from '@sciai/core';
import type { SearchCard } from '../../data/search-items.ts';

/**
 * What the licence lets a card say (docs/product.md#facts): 'Open source' only for the flag the
 * database derives from the licence, 'Source available' for a licence on the SPDX list that is
 * not OSI-approved, and nothing for no licence or one the list does not know.
 */
export function licenseClaim(item: Pick<SearchCard, 'open_source' | 'license_status'>): string | undefined {
  if (item.open_source) return t('Open source');
  return item.license_status === 'source_available' ? t('Source available') : undefined;
}
