import { z } from 'zod';
import { AVAILABILITIES, CONTENT_TYPES } from '../content.ts';
import { t } from '../i18n/translate.ts';
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

/**
 * The messages shown next to each field of the wizard, in the page's language when read (the
 * schemas below ask for them as they validate).
 */
export const SUBMISSION_MESSAGES = {
  get title() {
    return t('Title is required');
  },
  get titleTooLong() {
    return t('Title must be {max} characters or less', { max: TITLE_MAX });
  },
  get domains() {
    return t('Select at least one scientific domain');
  },
  get shortDescription() {
    return t('Short description is required');
  },
  get shortDescriptionTooLong() {
    return t('Short description must be {max} characters or less', { max: SHORT_DESCRIPTION_MAX });
  },
  get description() {
    return t('Full description is required');
  },
  get descriptionTooLong() {
    return t('Full description must be {max} characters or less', { max: DESCRIPTION_MAX });
  },
  get url() {
    return t('Enter a valid URL starting with http:// or https://');
  },
  get githubUrl() {
    return t('Enter a valid GitHub URL starting with http:// or https://');
  },
  get keyFeatureTooLong() {
    return t('Each key feature must be {max} characters or less', { max: KEY_FEATURE_MAX_LENGTH });
  },
  get keyFeaturesTooMany() {
    return t('Add at most {max} key features', { max: KEY_FEATURES_MAX });
  },
  get relationship() {
    return t('Select your relationship to this content');
  },
  get pricingModel() {
    return t('Choose free, freemium, paid or enterprise');
  },
  get doi() {
    return t('Enter a valid DOI, e.g. 10.1038/s41586-021-03819-2');
  },
  get year() {
    return t('Enter a year between {min} and {max}', { min: YEAR_MIN, max: YEAR_MAX });
  },
  get firstRelease() {
    return t('Enter the first release as YYYY, YYYY-MM or YYYY-MM-DD, not in the future');
  },
  get fundingStage() {
    return t('Choose a funding stage from the list');
  },
  get employeeCount() {
    return t('Choose an employee count range from the list');
  },
  get interactionMode() {
    return t('Choose an interaction mode from the list');
  },
  get license() {
    return t('A licence is at most 200 characters');
  },
  get availability() {
    return t('Choose open, API only, waitlist or commercial');
  },
  get asOf() {
    return t('Enter the date this was true (YYYY-MM-DD), not in the future');
  },
  get asOfWithoutFact() {
    return t('Choose the fact this date and source are for');
  },
  get factSource() {
    return t('Enter the link where this was read, starting with http:// or https://');
  },
  get tooLong() {
    return t('Must be {max} characters or less', { max: TEXT_FIELD_MAX });
  },
  get listTooLong() {
    return t('Add at most {max} entries', { max: LIST_MAX });
  },
  get verificationTooLong() {
    return t('Verification details must be {max} characters or less', { max: VERIFICATION_DETAILS_MAX });
  },
};

type SubmissionMessage = keyof typeof SUBMISSION_MESSAGES;
/** A zod error that reads its message as it validates. */
const says = (key: SubmissionMessage) => ({ error: () => SUBMISSION_MESSAGES[key] });

const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
/** The same rule as the papers table's check constraint. */
export const DOI_PATTERN = /^10\.\d{4,9}\/\S+$/;

const optionalUrl = (message: ReturnType<typeof says>) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || HTTP_URL.test(value), message);
const optionalText = z.string().trim().max(TEXT_FIELD_MAX, says('tooLong'));
const optionalChoice = (options: readonly string[], message: ReturnType<typeof says>) =>
  z.string().refine((value) => value === '' || options.includes(value), message);
const nameList = z.array(z.string().trim().max(TEXT_FIELD_MAX, says('tooLong'))).max(LIST_MAX, says('listTooLong'));

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
  title: z.string().trim().min(1, says('title')).max(TITLE_MAX, says('titleTooLong')),
  domains: z.array(z.uuid()).min(1, says('domains')),
});

/** Step 2: detailed info shared by every type (key-feature rows may be empty; they are dropped). */
export const DetailsStepSchema = z.object({
  shortDescription: z
    .string()
    .trim()
    .min(1, says('shortDescription'))
    .max(SHORT_DESCRIPTION_MAX, says('shortDescriptionTooLong')),
  description: z.string().trim().min(1, says('description')).max(DESCRIPTION_MAX, says('descriptionTooLong')),
  url: optionalUrl(says('url')),
  organizationName: optionalText,
  keyFeatures: z
    .array(z.string().trim().max(KEY_FEATURE_MAX_LENGTH, says('keyFeatureTooLong')))
    .refine((rows) => rows.filter((row) => row !== '').length <= KEY_FEATURES_MAX, says('keyFeaturesTooMany')),
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
    .refine((value) => value === '' || isPastPartialDate(value), says('firstRelease'));
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
  pricingModel: optionalChoice(SUBMISSION_PRICING_MODELS, says('pricingModel')),
  /** An SPDX id (MIT, Apache-2.0): open source is derived from it (docs/product.md#facts). */
  license: z.string().trim().max(200, says('license')),
  githubUrl: optionalUrl(says('githubUrl')),
  apiAvailable: z.boolean(),
  firstRelease: firstReleaseDate(),
  /** Apart from the code's licence: an open code licence says nothing of the weights (docs/product.md#facts). */
  weightsLicense: z.string().trim().max(200, says('license')),
  availability: optionalChoice(AVAILABILITIES, says('availability')),
});

/** Step 2, research papers. */
export const PaperFieldsSchema = z.object({
  doi: z.string().refine((value) => value.trim() === '' || DOI_PATTERN.test(normalizeDoi(value)), says('doi')),
  journal: optionalText,
  year: z
    .string()
    .trim()
    .refine((value) => {
      if (value === '') return true;
      const year = Number(value);
      return Number.isInteger(year) && year >= YEAR_MIN && year <= YEAR_MAX;
    }, says('year')),
  authors: nameList,
});

/** Step 2, companies. */
const asOfDate = z
  .string()
  .trim()
  .refine((value) => value === '' || isPastDate(value), says('asOf'));

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
    fundingStage: optionalChoice(SUBMISSION_FUNDING_STAGES, says('fundingStage')),
    fundingStageAsOf: asOfDate,
    fundingStageSource: optionalUrl(says('factSource')).pipe(z.string().max(2000)),
    employeeCount: optionalChoice(SUBMISSION_EMPLOYEE_RANGES, says('employeeCount')),
    employeeCountAsOf: asOfDate,
    employeeCountSource: optionalUrl(says('factSource')).pipe(z.string().max(2000)),
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
  interactionMode: optionalChoice(SUBMISSION_INTERACTION_MODES, says('interactionMode')),
  firstRelease: firstReleaseDate(),
  availability: optionalChoice(AVAILABILITIES, says('availability')),
});

/** Step 3: verification and relationship. */
export const VerificationStepSchema = z.object({
  relationship: z.enum(RELATIONSHIPS, says('relationship')),
  verificationDetails: z.string().trim().max(VERIFICATION_DETAILS_MAX, says('verificationTooLong')),
});

export const TYPE_FIELD_SCHEMAS = {
  software: SoftwareFieldsSchema,
  paper: PaperFieldsSchema,
  company: CompanyFieldsSchema,
  agent: AgentFieldsSchema,
} as const;
