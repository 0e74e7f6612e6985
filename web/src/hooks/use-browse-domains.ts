import { useMemo } from 'react';
import { orderAsTree } from '@sciai/core';
import { useDomains } from './use-domains.ts';
import type { ScientificDomain } from '../data/domains.ts';

/**
 * The scientific domains for the browse page (names, icons, colours), in the order of their
 * tree (each field, then the fields under it, with its depth), with a lookup by slug. A slug the
 * list does not know reads as itself, readably.
 */
export function useBrowseDomains() {
  const { data } = useDomains();
  return useMemo(() => {
    const list = orderAsTree(data ?? []);
    const bySlug = new Map<string, ScientificDomain>();
    for (const domain of list) {
      bySlug.set(domain.slug, domain);
      bySlug.set(domain.id, domain);
    }
    return {
      list,
      get: (slug: string) => bySlug.get(slug),
      name: (slug: string) => bySlug.get(slug)?.name ?? slug.replace(/_/g, ' '),
    };
  }, [data]);
}
