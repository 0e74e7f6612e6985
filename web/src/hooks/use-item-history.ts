import useSWR from 'swr';
import { getItemHistory, getItemVersion, itemHistoryKey, itemVersionKey } from '../data/item-history.ts';

export function useItemHistory(slug: string, page: number) {
  return useSWR(itemHistoryKey(slug, page), () => getItemHistory(slug, page));
}

export function useItemVersion(slug: string, version: number) {
  return useSWR(itemVersionKey(slug, version), () => getItemVersion(slug, version));
}
