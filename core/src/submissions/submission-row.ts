import { z } from 'zod';
import { AVAILABILITIES, CONTENT_TYPES, type ContentType } from '../content.ts';
import { createEmptyDraft, type SubmissionDraft } from './submission-draft.ts';
import { RELATIONSHIPS, SUBMISSION_STATUSES, type WizardStep } from './submission-options.ts';
import {
  BasicInfoStepSchema,
  DetailsStepSchema,
  normalizeDoi,
  TYPE_FIELD_SCHEMAS,
  VerificationStepSchema,
} from './submission-schemas.ts';

/** Field path (as the form names it, e.g. 'paper.doi' or 'keyFeatures.2') to its message. */
export type FieldErrors = Record<string, string>;

function collectErrors(result: z.ZodSafeParseResult<unknown>, prefix: string, into: FieldErrors): void {
  if (result.success) return;
  for (const issue of result.error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.');
    into[path] ??= issue.message;
  }
}

/**
 * docs/product.md#contribute-validation: the messages of one wizard step (empty when the step is
 * valid; step 4 always is).
 */
export function validateStep(draft: SubmissionDraft, step: WizardStep): FieldErrors {
  const errors: FieldErrors = {};
  if (step === 0) collectErrors(BasicInfoStepSchema.safeParse(draft), '', errors);
  if (step === 1) {
    collectErrors(DetailsStepSchema.safeParse(draft), '', errors);
    const type = draft.contentType;
    collectErrors(TYPE_FIELD_SCHEMAS[type].safeParse(draft[type]), type, errors);
  }
  if (step === 2) collectErrors(VerificationStepSchema.safeParse(draft), '', errors);
  return errors;
}

/** The first step with a problem, or undefined when the whole draft can be submitted. */
export function firstInvalidStep(draft: SubmissionDraft): WizardStep | undefined {
  const steps: WizardStep[] = [0, 1, 2];
  return steps.find((step) => Object.keys(validateStep(draft, step)).length > 0);
}

const nonBlank = z.string().trim().min(1);

/** metadata of content_submissions per type (the database checks the same keys and rules). */
export const SubmissionMetadataSchema = z.object({
  organization_name: nonBlank.optional(),
  verification_details: nonBlank.optional(),
  pricing_model: z.enum(['free', 'freemium', 'paid', 'enterprise']).optional(),
  /** An SPDX licence; open source is derived from it (docs/product.md#facts). */
  license: nonBlank.optional(),
  github_url: z.string().optional(),
  api_available: z.boolean().optional(),
  doi: z.string().optional(),
  journal: nonBlank.optional(),
  year: z.number().int().optional(),
  authors: z.array(z.string()).optional(),
  funding_stage: z.string().optional(),
  employee_count: z.string().optional(),
  funding_stage_as_of: z.string().optional(),
  funding_stage_source: z.string().optional(),
  employee_count_as_of: z.string().optional(),
  employee_count_source: z.string().optional(),
  model_type: nonBlank.optional(),
  capabilities: z.array(z.string()).optional(),
  interaction_mode: z.string().optional(),
  /** a tool's or an agent's first release: YYYY, YYYY-MM or YYYY-MM-DD */
  first_release: z.string().optional(),
  /** a tool's weights licence, and a tool's or agent's availability (docs/product.md#facts) */
  weights_license: nonBlank.optional(),
  availability: z.enum(AVAILABILITIES).optional(),
});
export type SubmissionMetadata = z.infer<typeof SubmissionMetadataSchema>;

/** The columns a contributor writes into content_submissions. */
export const SubmissionRowSchema = z.object({
  title: z.string(),
  description: z.string(),
  short_description: z.string(),
  content_type: z.enum(CONTENT_TYPES),
  url: z.string().nullable(),
  domains: z.array(z.string()),
  key_features: z.array(z.string()),
  relationship_to_content: z.enum(RELATIONSHIPS),
  metadata: SubmissionMetadataSchema,
});
export type SubmissionRow = z.infer<typeof SubmissionRowSchema>;

/** A stored submission as its contributor and the moderators read it. */
export const StoredSubmissionSchema = SubmissionRowSchema.extend({
  id: z.string(),
  submitter_id: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  review_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  content_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StoredSubmission = z.infer<typeof StoredSubmissionSchema>;

const present = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
const availabilityOf = (value: string) => {
  const parsed = SubmissionMetadataSchema.shape.availability.safeParse(present(value));
  return parsed.success ? parsed.data : undefined;
};
const names = (values: string[]): string[] => values.map((value) => value.trim()).filter((value) => value !== '');

function typeMetadata(draft: SubmissionDraft): SubmissionMetadata {
  switch (draft.contentType) {
    case 'software': {
      const s = draft.software;
      const pricing = SubmissionMetadataSchema.shape.pricing_model.safeParse(present(s.pricingModel));
      return {
        pricing_model: pricing.success ? pricing.data : undefined,
        license: present(s.license),
        github_url: present(s.githubUrl),
        api_available: s.apiAvailable,
        first_release: present(s.firstRelease),
        weights_license: present(s.weightsLicense),
        availability: availabilityOf(s.availability),
      };
    }
    case 'paper': {
      const p = draft.paper;
      const year = present(p.year);
      return {
        doi: present(normalizeDoi(p.doi)),
        journal: present(p.journal),
        year: year === undefined ? undefined : Number(year),
        authors: names(p.authors),
      };
    }
    case 'company':
      return {
        funding_stage: present(draft.company.fundingStage),
        funding_stage_as_of: present(draft.company.fundingStageAsOf),
        funding_stage_source: present(draft.company.fundingStageSource),
        employee_count: present(draft.company.employeeCount),
        employee_count_as_of: present(draft.company.employeeCountAsOf),
        employee_count_source: present(draft.company.employeeCountSource),
      };
    case 'agent': {
      const a = draft.agent;
      return {
        model_type: present(a.modelType),
        capabilities: names(a.capabilities),
        interaction_mode: present(a.interactionMode),
        first_release: present(a.firstRelease),
        availability: availabilityOf(a.availability),
      };
    }
  }
}

/** Drops the keys whose value is undefined, so the stored JSON holds only what was given. */
function compact(metadata: SubmissionMetadata): SubmissionMetadata {
  return Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined));
}

export type SubmissionRowResult =
  { ok: true; row: SubmissionRow } | { ok: false; step: WizardStep; errors: FieldErrors };

/**
 * A valid draft as the row for content_submissions: text trimmed, empty key-feature rows
 * dropped (docs/product.md#contribute), the type's own fields in metadata and nothing of the other types.
 */
export function toSubmissionRow(draft: SubmissionDraft): SubmissionRowResult {
  const step = firstInvalidStep(draft);
  if (step !== undefined) return { ok: false, step, errors: validateStep(draft, step) };
  return {
    ok: true,
    row: {
      title: draft.title.trim(),
      description: draft.description.trim(),
      short_description: draft.shortDescription.trim(),
      content_type: draft.contentType,
      url: present(draft.url) ?? null,
      domains: [...new Set(draft.domains)],
      key_features: names(draft.keyFeatures),
      relationship_to_content: draft.relationship,
      metadata: compact({
        organization_name: present(draft.organizationName),
        verification_details: present(draft.verificationDetails),
        ...typeMetadata(draft),
      }),
    },
  };
}

/** A stored submission back as a draft, for the contributor to edit after changes were requested. */
export function draftFromSubmission(row: SubmissionRow): SubmissionDraft {
  const empty = createEmptyDraft();
  const m = row.metadata;
  const type: ContentType = row.content_type;
  return {
    ...empty,
    contentType: type,
    title: row.title,
    domains: row.domains,
    shortDescription: row.short_description,
    description: row.description,
    url: row.url ?? '',
    organizationName: m.organization_name ?? '',
    keyFeatures: row.key_features.length > 0 ? row.key_features : [''],
    relationship: row.relationship_to_content,
    verificationDetails: m.verification_details ?? '',
    software: {
      pricingModel: m.pricing_model ?? '',
      license: m.license ?? '',
      githubUrl: m.github_url ?? '',
      apiAvailable: m.api_available ?? false,
      firstRelease: m.first_release ?? '',
      weightsLicense: m.weights_license ?? '',
      availability: m.availability ?? '',
    },
    paper: {
      doi: m.doi ?? '',
      journal: m.journal ?? '',
      year: m.year === undefined ? '' : String(m.year),
      authors: m.authors ?? [],
    },
    company: {
      fundingStage: m.funding_stage ?? '',
      fundingStageAsOf: m.funding_stage_as_of ?? '',
      fundingStageSource: m.funding_stage_source ?? '',
      employeeCount: m.employee_count ?? '',
      employeeCountAsOf: m.employee_count_as_of ?? '',
      employeeCountSource: m.employee_count_source ?? '',
    },
    agent: {
      modelType: m.model_type ?? '',
      capabilities: m.capabilities ?? [],
      interactionMode: m.interaction_mode ?? '',
      firstRelease: m.first_release ?? '',
      availability: m.availability ?? '',
    },
  };
}
