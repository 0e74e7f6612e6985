import { type Availability, AVAILABILITY_LABELS, t } from '@sciai/core';
import type { Fact } from './detail-cards.tsx';
import { licenseFact } from './detail-labels.ts';

/**
 * The licence rows of a tool or agent (docs/product.md#facts): the code's licence with what it
 * lets the page claim, and apart from it the weights' licence and how it can be had, each only
 * when known. With a weights licence beside it, the code's reads 'Code License'.
 */
export function licenseFacts(terms: {
  license?: string | null | undefined;
  weights_license?: string | null | undefined;
  availability?: Availability | null | undefined;
}): Fact[] {
  const facts: Fact[] = [];
  if (terms.license) facts.push([terms.weights_license ? t('Code License') : t('License'), licenseFact(terms.license)]);
  if (terms.weights_license) facts.push([t('Weights License'), terms.weights_license]);
  if (terms.availability) facts.push([t('Availability'), t(AVAILABILITY_LABELS[terms.availability])]);
  return facts;
}
