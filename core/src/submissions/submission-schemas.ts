import { z } from 'zod';
import { AVAILABILITIES, CONTENT_TYPES } from '../content.ts';
import {
  DESCRIPTION_MAX,
  KEY_FEATURE_MAX_LENGTH,
  KEY_FEATURES_MAX,
  LIST_MAX,
  RELATIONSHIPS,
  SHORT_DESCRIPTION_MAX,
  SUBMISSION_EMPLOYEE_RANGES,
  SUBMISSION_FUNDING_STAGES,
  SUBMISSION_INTERACTION_MODES,
  SUBMISSION_PRICING_MODELS,
  TEXT_FIELD_MAX,
  TITLE_MAX,
  VERIFICATION_DETAILS_MAX,
  YEAR_MAX,
  YEAR_MIN,
} from './submission-options.ts';

/** The messages shown next to each field of the wizard. */
export const SUBMISSION_MESSAGES = {
  title: 'Title is required',
  titleTooLong: `Title must be ${TITLE_MAX} characters or less`,
  domains: 'Select at least one scientific domain',
  shortDescription: 'Short description is required',
  shortDescriptionTooLong: `Short description must be ${SHORT_DESCRIPTION_MAX} characters or less`,
  description: 'Full description is required',
  descriptionTooLong: `Full description must be ${DESCRIPTION_MAX} characters or less`,
  url: 'Enter a valid URL starting with http:// or https://',
  githubUrl: 'Enter a valid GitHub URL starting with http:// or https://',
  keyFeatureTooLong: `Each key feature must be ${KEY_FEATURE_MAX_LENGTH} characters or less`,
  keyFeaturesTooMany: `Add at most ${KEY_FEATURES_MAX} key features`,
  relationship: 'Select your relationship to this content',
  pricingModel: 'Choose free, freemium, paid or enterprise',
  doi: 'Enter a valid DOI, e.g. 10.1038/s41586-021-03819-2',
  year: `Enter a year between ${YEAR_MIN} and ${YEAR_MAX}`,
  firstRelease: 'Enter the first release as YYYY, YYYY-MM or YYYY-MM-DD, not in the future',
  fundingStage: 'Choose a funding stage from the list',
  employeeCount: 'Choose an employee count range from the list',
  interactionMode: 'Choose an interaction mode from the list',
  license: 'A licence is at most 200 characters',
  availability: 'Choose open, API only, waitlist or commercial',
  asOf: 'Enter the date this was true (YYYY-MM-DD), not in the future',
  asOfWithoutFact: 'Choose the fact this date and source are for',
  factSource: 'Enter the link where this was read, starting with http:// or https://',
  tooLong: `Must be ${TEXT_FIELD_MAX} characters or less`,
  listTooLong: `Add at most ${LIST_MAX} entries`,
  verificationTooLong: `Verification details must be ${VERIFICATION_DETAILS_MAX} characters or less`,
} as const;

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
/** The same rule as the papers table's check constraint. */
export const DOI_PATTERN = /^10\.\d{4,9}\/\S+$/;

const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || HTTP_URL.test(value), message);
const optionalText = z.string().trim().max(TEXT_FIELD_MAX, SUBMISSION_MESSAGES.tooLong);
const optionalChoice = (options: readonly string[], message: string) =>
  z.string().refine((value) => value === '' || options.includes(value), message);
const nameList = z
  .array(z.string().trim().max(TEXT_FIELD_MAX, SUBMISSION_MESSAGES.tooLong))
  .max(LIST_MAX, SUBMISSION_MESSAGES.listTooLong);

/** "https://doi.org/10.1/x", "doi:10.1/x" and "10.1/x" all name the same DOI. */
export function normalizeDoi(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '');
}

/** Step 1: type and basic info. */
export const BasicInfoStepSchema = z.object({
  contentType: z.enum(CONTENT_TYPES),
  title: z.string().trim().min(1, SUBMISSION_MESSAGES.title).max(TITLE_MAX, SUBMISSION_MESSAGES.titleTooLong),
  domains: z.array(z.uuid()).min(1, SUBMISSION_MESSAGES.domains),
});

/** Step 2: detailed info shared by every type (key-feature rows may be empty; they are dropped). */
export const DetailsStepSchema = z.object({
  shortDescription: z
    .string()
    .trim()
    .min(1, SUBMISSION_MESSAGES.shortDescription)
    .max(SHORT_DESCRIPTION_MAX, SUBMISSION_MESSAGES.shortDescriptionTooLong),
  description: z
    .string()
    .trim()
    .min(1, SUBMISSION_MESSAGES.description)
    .max(DESCRIPTION_MAX, SUBMISSION_MESSAGES.descriptionTooLong),
  url: optionalUrl(SUBMISSION_MESSAGES.url),
  organizationName: optionalText,
  keyFeatures: z
    .array(z.string().trim().max(KEY_FEATURE_MAX_LENGTH, SUBMISSION_MESSAGES.keyFeatureTooLong))
    .refine(
      (rows) => rows.filter((row) => row !== '').length <= KEY_FEATURES_MAX,
      SUBMISSION_MESSAGES.keyFeaturesTooMany,
    ),
});

/**
 * When a tool or agent was first released, as precisely as the contributor knows it (YYYY,
 * YYYY-MM or YYYY-MM-DD), from 1800 on and not in the future: without it an item has no release
 * year, never the year it was submitted (docs/product.md#contribute).
 */
function firstReleaseDate() {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || isPastPartialDate(value), SUBMISSION_MESSAGES.firstRelease);
}

function isPastPartialDate(value: string): boolean {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (!match) return false;
  const [year, month = 1, day = 1] = [Number(match[1]), match[2] && Number(match[2]), match[3] && Number(match[3])];
  const date = new Date(Date.UTC(year, Number(month) - 1, Number(day)));
  return (
    year >= 1800 &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    value <= new Date().toISOString().slice(0, value.length)
  );
}

/** Step 2, software tools. */
export const SoftwareFieldsSchema = z.object({
  pricingModel: optionalChoice(SUBMISSION_PRICING_MODELS, SUBMISSION_MESSAGES.pricingModel),
  /** An SPDX id (MIT, Apache-2.0): open source is derived from it (docs/product.md#facts). */
  license: z.string().trim().max(200, SUBMISSION_MESSAGES.license),
  githubUrl: optionalUrl(SUBMISSION_MESSAGES.githubUrl),
  apiAvailable: z.boolean(),
  firstRelease: firstReleaseDate(),
  /** Apart from the code's licence: an open code licence says nothing of the weights (docs/product.md#facts). */
  weightsLicense: z.string().trim().max(200, SUBMISSION_MESSAGES.license),
  availability: optionalChoice(AVAILABILITIES, SUBMISSION_MESSAGES.availability),
});

/** Step 2, research papers. */
export const PaperFieldsSchema = z.object({
  doi: z
    .string()
    .refine((value) => value.trim() === '' || DOI_PATTERN.test(normalizeDoi(value)), SUBMISSION_MESSAGES.doi),
  journal: optionalText,
  year: z
    .string()
    .trim()
    .refine((value) => {
      if (value === '') return true;
      const year = Number(value);
      return Number.isInteger(year) && year >= YEAR_MIN && year <= YEAR_MAX;
    }, SUBMISSION_MESSAGES.year),
  authors: nameList,
});

/** Step 2, companies. */
const asOfDate = z
  .string()
  .trim()
  .refine((value) => value === '' || isPastDate(value), SUBMISSION_MESSAGES.asOf);

/** A real YYYY-MM-DD date from 1800 on, not after today (UTC). */
function isPastDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1800 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    value <= new Date().toISOString().slice(0, 10)
  );
}

/** Step 2, companies: facts that change carry when they were true and where they were read. */
export const CompanyFieldsSchema = z
  .object({
    fundingStage: optionalChoice(SUBMISSION_FUNDING_STAGES, SUBMISSION_MESSAGES.fundingStage),
    fundingStageAsOf: asOfDate,
    fundingStageSource: optionalUrl(SUBMISSION_MESSAGES.factSource).pipe(z.string().max(2000)),
    employeeCount: optionalChoice(SUBMISSION_EMPLOYEE_RANGES, SUBMISSION_MESSAGES.employeeCount),
    employeeCountAsOf: asOfDate,
    employeeCountSource: optionalUrl(SUBMISSION_MESSAGES.factSource).pipe(z.string().max(2000)),
  })
  .superRefine((company, context) => {
    for (const fact of ['fundingStage', 'employeeCount'] as const) {
      const dated = company[`${fact}AsOf`].trim() !== '' || company[`${fact}Source`].trim() !== '';
      if (dated && company[fact] === '') {
        context.addIssue({ code: 'custom', path: [fact], message: SUBMISSION_MESSAGES.asOfWithoutFact });
      }
    }
  });

/** Step 2, AI agents. */
export const AgentFieldsSchema = z.object({
  modelType: optionalText,
  capabilities: nameList,
  interactionMode: optionalChoice(SUBMISSION_INTERACTION_MODES, SUBMISSION_MESSAGES.interactionMode),
  firstRelease: firstReleaseDate(),
  availability: optionalChoice(AVAILABILITIES, SUBMISSION_MESSAGES.availability),
});

/** Step 3: verification and relationship. */
export const VerificationStepSchema = z.object({
  relationship: z.enum(RELATIONSHIPS, { error: SUBMISSION_MESSAGES.relationship }),
  verificationDetails: z.string().trim().max(VERIFICATION_DETAILS_MAX, SUBMISSION_MESSAGES.verificationTooLong),
});

export const TYPE_FIELD_SCHEMAS = {
  software: SoftwareFieldsSchema,
  paper: PaperFieldsSchema,
  company: CompanyFieldsSchema,
  agent: AgentFieldsSchema,
} as const;
