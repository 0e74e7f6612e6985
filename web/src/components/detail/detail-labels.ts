import { licenseClaimLabel, msg, ORGANIZATION_SIZE_LABELS, type OrganizationSize, t } from '@sciai/core';
import type { ItemOrganization } from '../../data/item-details.ts';
export { pricingLabel } from '../pricing-label.ts';

export function yesNo(value: boolean): string {
  return value ? t('Yes') : t('No');
}

const ORGANIZATION_TYPE_LABELS: Record<NonNullable<ItemOrganization['type']>, string> = {
  company: msg('Company'),
  academic: msg('Academic'),
  research_institute: msg('Research Institute'),
  nonprofit: msg('Nonprofit'),
  government: msg('Government'),
};

export function organizationTypeLabel(type: ItemOrganization['type'] | undefined): string | undefined {
  return type ? t(ORGANIZATION_TYPE_LABELS[type]) : undefined;
}

/** Size labels as headcounts (docs/product.md#organization-sizes): 'enterprise' → '1000+ employees'. */
export function organizationSizeLabel(size: OrganizationSize | null | undefined): string | undefined {
  return size ? t('{size} employees', { size: ORGANIZATION_SIZE_LABELS[size] }) : undefined;
}

const INTERACTION_MODE_LABELS: Record<string, string> = {
  chat: msg('Chat'),
  autonomous: msg('Autonomous'),
  api: msg('API'),
  notebook: msg('Notebook'),
  cli: msg('Command line'),
};

export function interactionModeLabel(mode: string | null): string | undefined {
  const label = mode ? INTERACTION_MODE_LABELS[mode] : undefined;
  return label ? t(label) : (mode ?? undefined);
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
  return claim ? `${license} · ${t(claim)}` : license;
}
