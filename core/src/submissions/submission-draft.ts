import { z } from 'zod';
import { CONTENT_TYPES, type ContentType } from '../content.ts';
import { RELATIONSHIPS, type Relationship } from './submission-options.ts';

/**
 * What the contribution wizard edits: plain form values (strings, booleans, lists), so a
 * half-filled draft can be kept in localStorage and restored. The step schemas decide validity.
 */
export interface SubmissionDraft {
  contentType: ContentType;
  title: string;
  domains: string[];
  shortDescription: string;
  description: string;
  url: string;
  organizationName: string;
  keyFeatures: string[];
  relationship: Relationship;
  verificationDetails: string;
  software: {
    pricingModel: string;
    license: string;
    githubUrl: string;
    apiAvailable: boolean;
    firstRelease: string;
    /** A model's weights licence and how it can be had, apart from the code's licence (optional). */
    weightsLicense: string;
    availability: string;
  };
  paper: { doi: string; journal: string; year: string; authors: string[] };
  company: {
    fundingStage: string;
    fundingStageAsOf: string;
    fundingStageSource: string;
    employeeCount: string;
    employeeCountAsOf: string;
    employeeCountSource: string;
  };
  agent: {
    modelType: string;
    capabilities: string[];
    interactionMode: string;
    firstRelease: string;
    availability: string;
  };
}

/** docs/product.md#contribute-outcome: after a successful submit the form resets to type software, relationship user. */
export function createEmptyDraft(): SubmissionDraft {
  return {
    contentType: 'software',
    title: '',
    domains: [],
    shortDescription: '',
    description: '',
    url: '',
    organizationName: '',
    keyFeatures: [''],
    relationship: 'user',
    verificationDetails: '',
    software: {
      pricingModel: '',
      license: '',
      githubUrl: '',
      apiAvailable: false,
      firstRelease: '',
      weightsLicense: '',
      availability: '',
    },
    paper: { doi: '', journal: '', year: '', authors: [] },
    company: {
      fundingStage: '',
      fundingStageAsOf: '',
      fundingStageSource: '',
      employeeCount: '',
      employeeCountAsOf: '',
      employeeCountSource: '',
    },
    agent: { modelType: '', capabilities: [], interactionMode: '', firstRelease: '', availability: '' },
  };
}

const text = z.string().catch('');
const flag = z.boolean().catch(false);
const list = z.array(z.string()).catch([]);

/** Reads a stored draft back; anything unreadable falls back to the empty draft's value. */
const StoredDraftSchema = z.object({
  contentType: z.enum(CONTENT_TYPES).catch('software'),
  title: text,
  domains: list,
  shortDescription: text,
  description: text,
  url: text,
  organizationName: text,
  keyFeatures: list,
  relationship: z.enum(RELATIONSHIPS).catch('user'),
  verificationDetails: text,
  software: z
    .object({
      pricingModel: text,
      license: text,
      githubUrl: text,
      apiAvailable: flag,
      firstRelease: text,
      weightsLicense: text,
      availability: text,
    })
    .catch(() => createEmptyDraft().software),
  paper: z.object({ doi: text, journal: text, year: text, authors: list }).catch(() => createEmptyDraft().paper),
  company: z
    .object({
      fundingStage: text,
      fundingStageAsOf: text,
      fundingStageSource: text,
      employeeCount: text,
      employeeCountAsOf: text,
      employeeCountSource: text,
    })
    .catch(() => createEmptyDraft().company),
  agent: z
    .object({ modelType: text, capabilities: list, interactionMode: text, firstRelease: text, availability: text })
    .catch(() => createEmptyDraft().agent),
});

/** A draft from storage (JSON text), or the empty draft when there is none or it is unreadable. */
export function parseStoredDraft(json: string | null): SubmissionDraft {
  if (!json) return createEmptyDraft();
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return createEmptyDraft();
  }
  const parsed = StoredDraftSchema.safeParse(value);
  if (!parsed.success) return createEmptyDraft();
  const draft = parsed.data;
  return { ...draft, keyFeatures: draft.keyFeatures.length > 0 ? draft.keyFeatures : [''] };
}
