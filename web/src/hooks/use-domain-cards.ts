import { useEffect, useMemo } from 'react';
import { FALLBACK_DOMAINS, orderAsTree } from '@sciai/core';
import { useDomainCounts, useDomains } from './use-domains.ts';

export interface DomainCardData {
  slug: string;
  name: string;
  /** published items, children included; absent on the embedded list, which states no counts */
  count?: number;
  icon?: string;
  color?: string;
  description?: string;
  /** the field this one is under, for a field of the tree's second level */
  parentName?: string;
}

export type DomainCardsState = { status: 'loading' } | { status: 'ready'; cards: DomainCardData[]; fallback: boolean };

const FALLBACK_CARDS: DomainCardData[] = FALLBACK_DOMAINS.map(({ slug, name }) => ({ slug, name }));

/**
 * The landing page's field cards: the domains from the database with live counts. If either
 * query fails the embedded list of names stands in (docs/product.md#landing-domains), and the failure is logged.
 */
export function useDomainCards(): DomainCardsState {
  const domains = useDomains();
  const counts = useDomainCounts();
  const error: unknown = domains.error ?? counts.error;

  useEffect(() => {
    if (error) console.error('Failed to load scientific domain counts; showing the built-in list instead.', error);
  }, [error]);

  // One object per change of the data, so a component given it can skip renders in between.
  return useMemo<DomainCardsState>(() => {
    if (error) return { status: 'ready', cards: FALLBACK_CARDS, fallback: true };
    if (!domains.data || !counts.data) return { status: 'loading' };
    const countById = counts.data;
    const fields = domains.data;
    return {
      status: 'ready',
      fallback: false,
      // each field, then the fields under it (docs/product.md#landing-domains)
      cards: orderAsTree(fields).map((domain) => ({
        slug: domain.slug,
        name: domain.name,
        count: countById.get(domain.id) ?? 0,
        icon: domain.icon,
        color: domain.color,
        description: domain.description ?? undefined,
        parentName: domain.depth > 0 ? fields.find((parent) => parent.id === domain.parent_id)?.name : undefined,
      })),
    };
  }, [error, domains.data, counts.data]);
}
