import { useMemo } from 'react';
import { useDomains } from './use-domains.ts';
import type { ScientificDomain } from '../data/domains.ts';

/**
 * The scientific domains for the browse page (names, icons, colours), in the database's
 * order, with a lookup by slug. A slug the list does not know reads as itself, readably.
 */
export function useBrowseDomains() {
  const { data } = useDomains();
  return useMemo(() => {
    const list = [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
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
