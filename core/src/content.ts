import { msg } from './i18n/translate.ts';

export const CONTENT_TYPES = ['software', 'paper', 'company', 'agent'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_STATUSES = ['draft', 'pending', 'published', 'rejected', 'archived'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const ORGANIZATION_TYPES = ['company', 'academic', 'research_institute', 'nonprofit', 'government'] as const;
export const ORGANIZATION_SIZES = ['startup', 'small', 'medium', 'large', 'enterprise'] as const;
export type OrganizationSize = (typeof ORGANIZATION_SIZES)[number];

/** Organization size labels (docs/product.md#organization-sizes). */
export const ORGANIZATION_SIZE_LABELS: Record<OrganizationSize, string> = {
  startup: '1-10',
  small: '11-50',
  medium: '51-200',
  large: '201-1000',
  enterprise: '1000+',
};

/** The pricing models the catalog stores (the check constraints on software and agents allow exactly these). */
export const PRICING_MODELS = ['free', 'freemium', 'subscription', 'paid', 'enterprise'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];
export const FUNDING_STAGES = [
  'Pre-seed',
  'Seed',
  'Series A',
  'Series B',
  'Series C+',
  'Public',
  'Acquired',
  'Non-profit',
] as const;
export const EMPLOYEE_RANGES = ['1-10', '11-50', '51-200', '201-500', '500+'] as const;
export const INTERACTION_MODES = ['chat', 'autonomous', 'api', 'notebook', 'cli'] as const;

/**
 * How a tool or agent can be had, as a source states it (docs/product.md#facts): anyone may
 * download and run it, only through its maker's API or service, by waitlist or application, or
 * under a commercial licence. The check constraints on software and agents allow exactly these.
 */
export const AVAILABILITIES = ['open', 'api_only', 'waitlist', 'commercial'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
/** Messages, shown with `t(label)`. */
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  open: msg('Open'),
  api_only: msg('API only'),
  waitlist: msg('Waitlist'),
  commercial: msg('Commercial'),
};
