import { msg, t } from '@sciai/core';

const PRICING_LABELS: Record<string, string> = {
  free: msg('Free'),
  freemium: msg('Freemium'),
  subscription: msg('Subscription'),
  paid: msg('Paid'),
  enterprise: msg('Enterprise'),
};

/**
 * docs/product.md#pricing-models: the pricing models the catalog stores, translated; another value
 * with underscores shown as spaces ('pay_per_use' → 'Pay per use').
 */
export function pricingLabel(pricing: string | null | undefined): string | undefined {
  if (!pricing) return undefined;
  const known = PRICING_LABELS[pricing];
  if (known) return t(known);
  const spaced = pricing.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
