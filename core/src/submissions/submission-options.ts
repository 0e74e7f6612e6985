import { PRICING_MODELS, type ContentType, type PricingModel } from '../content.ts';
import { msg } from '../i18n/translate.ts';

/** The contribution wizard's choices (docs/product.md#contribute); their labels are messages, shown with `t(label)`. */
export const RELATIONSHIPS = ['creator', 'user', 'researcher', 'other'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const RELATIONSHIP_LABELS: Record<Relationship, string> = {
  creator: msg('I created it'),
  user: msg('I use it'),
  researcher: msg('I research it'),
  other: msg('Other'),
};

/**
 * docs/product.md#contribute: the contribution form offers every pricing model but subscription, in the catalog's
 * order; the submissions trigger (supabase/schemas/08_contributions_and_moderation.sql) accepts the same.
 */
export const SUBMISSION_PRICING_MODELS: readonly SubmissionPricingModel[] = PRICING_MODELS.filter(
  (model) => model !== 'subscription',
);
export type SubmissionPricingModel = Exclude<PricingModel, 'subscription'>;

export const SUBMISSION_FUNDING_STAGES = ['Pre-seed', 'Seed', 'Series A', 'Series B', 'Series C+', 'Public'] as const;
export const SUBMISSION_EMPLOYEE_RANGES = ['1-10', '11-50', '51-200', '201-500', '500+'] as const;

/** The interaction modes the catalog stores for agents (supabase/schemas/01_catalog.sql, agents table). */
export const SUBMISSION_INTERACTION_MODES = ['chat', 'autonomous', 'api', 'notebook', 'cli'] as const;

export const INTERACTION_MODE_LABELS: Record<(typeof SUBMISSION_INTERACTION_MODES)[number], string> = {
  chat: msg('Chat'),
  autonomous: msg('Autonomous'),
  api: msg('API'),
  notebook: msg('Notebook'),
  cli: msg('Command line'),
};

export const SUBMISSION_TYPE_LABELS: Record<ContentType, string> = {
  software: msg('Software Tool'),
  paper: msg('Research Paper'),
  company: msg('Company'),
  agent: msg('AI Agent'),
};

/** The wizard's four steps (docs/product.md#contribute). */
export const WIZARD_STEPS = [
  msg('Type and basic info'),
  msg('Detailed info'),
  msg('Verification and relationship'),
  msg('Review and submit'),
] as const;
export type WizardStep = 0 | 1 | 2 | 3;

/** Limits of docs/product.md#contribute-validation. */
export const SHORT_DESCRIPTION_MAX = 150;
export const TITLE_MAX = 300;
export const DESCRIPTION_MAX = 20000;
export const KEY_FEATURES_MAX = 20;
export const KEY_FEATURE_MAX_LENGTH = 200;
export const TEXT_FIELD_MAX = 300;
export const VERIFICATION_DETAILS_MAX = 2000;
export const LIST_MAX = 50;
export const YEAR_MIN = 1800;
export const YEAR_MAX = 2100;

export const SUBMISSION_STATUSES = ['pending', 'changes_requested', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: msg('Pending review'),
  changes_requested: msg('Changes requested'),
  approved: msg('Approved'),
  rejected: msg('Rejected'),
};
