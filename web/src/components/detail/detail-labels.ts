import { licenseClaimLabel, ORGANIZATION_SIZE_LABELS, type OrganizationSize } from '@sciai/core';
import type { ItemOrganization } from '../../data/item-details.ts';

/** docs/product.md#pricing-models: pricing with underscores shown as spaces ('pay_per_use' → 'Pay per use'). */
export function pricingLabel(pricing: string | null | undefined): string | undefined {
  if (!pricing) return undefined;
  const spaced = pricing.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

const ORGANIZATION_TYPE_LABELS: Record<NonNullable<ItemOrganization['type']>, string> = {
  company: 'Company',
  academic: 'Academic',
  research_institute: 'Research Institute',
  nonprofit: 'Nonprofit',
  government: 'Government',
};

export function organizationTypeLabel(type: ItemOrganization['type'] | undefined): string | undefined {
  return type ? ORGANIZATION_TYPE_LABELS[type] : undefined;
}

/** Size labels as headcounts (docs/product.md#organization-sizes): 'enterprise' → '1000+ employees'. */
export function organizationSizeLabel(size: OrganizationSize | null | undefined): string | undefined {
  return size ? `${ORGANIZATION_SIZE_LABELS[size]} employees` : undefined;
}

const INTERACTION_MODE_LABELS: Record<string, string> = {
  chat: 'Chat',
  autonomous: 'Autonomous',
  api: 'API',
  notebook: 'Notebook',
  cli: 'Command line',
};

export function interactionModeLabel(mode: string | null): string | undefined {
  return mode ? (INTERACTION_MODE_LABELS[mode] ?? mode) : undefined;
}

/** What a card shows for a value the catalog does not have. */
export const NOT_LISTED = '—';

/**
 * The licence with what it lets the page claim (docs/product.md#facts): 'MIT · Open source',
 * 'CC-BY-NC-4.0 · Source available', or the licence alone when it is no SPDX licence.
 */
export function licenseFact(license: string | null | undefined): string | undefined {
  if (!license) return undefined;
  const claim = licenseClaimLabel(license);
  return claim ? `${license} · ${claim}` : license;
}
