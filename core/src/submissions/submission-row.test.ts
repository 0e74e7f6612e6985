import { describe, expect, it } from 'vitest';
import { createEmptyDraft, parseStoredDraft, type SubmissionDraft } from './submission-draft.ts';
import { draftFromSubmission, firstInvalidStep, toSubmissionRow, validateStep } from './submission-row.ts';
import { SUBMISSION_PRICING_MODELS } from './submission-options.ts';
import { SUBMISSION_MESSAGES as M } from './submission-schemas.ts';

const DOMAIN = '4f1c2a9e-3b7d-4c1e-9a2b-1c2d3e4f5a6b';

function validDraft(changes: Partial<SubmissionDraft> = {}): SubmissionDraft {
  return {
    ...createEmptyDraft(),
    title: 'AlphaFold',
    domains: [DOMAIN],
    shortDescription: 'Protein structure prediction',
    description: 'Predicts 3D protein structures from sequences.',
    ...changes,
  };
}

describe('step 1: type and basic info', () => {
  it('needs a title and at least one domain', () => {
    expect(validateStep(createEmptyDraft(), 0)).toEqual({ title: M.title, domains: M.domains });
    expect(validateStep(validDraft({ title: '   ' }), 0)).toEqual({ title: M.title });
    expect(validateStep(validDraft(), 0)).toEqual({});
  });

  it('refuses domain values that are not ids', () => {
    expect(Object.keys(validateStep(validDraft({ domains: ['biology'] }), 0))).toEqual(['domains.0']);
  });
});

describe('step 2: detailed info', () => {
  it('needs the short and full description, short at most 150 characters', () => {
    expect(validateStep(validDraft({ shortDescription: '', description: ' ' }), 1)).toEqual({
      shortDescription: M.shortDescription,
      description: M.description,
    });
    expect(validateStep(validDraft({ shortDescription: 'x'.repeat(150) }), 1)).toEqual({});
    expect(validateStep(validDraft({ shortDescription: 'x'.repeat(151) }), 1)).toEqual({
      shortDescription: M.shortDescriptionTooLong,
    });
  });

  it('takes only http and https URLs, and an empty one', () => {
    expect(validateStep(validDraft({ url: 'ftp://example.org' }), 1)).toEqual({ url: M.url });
    expect(validateStep(validDraft({ url: 'javascript:alert(1)' }), 1)).toEqual({ url: M.url });
    expect(validateStep(validDraft({ url: 'https://example.org/a' }), 1)).toEqual({});
    expect(validateStep(validDraft({ url: '' }), 1)).toEqual({});
  });

  it('offers every pricing model of the catalog but subscription, in the catalog order', () => {
    expect(SUBMISSION_PRICING_MODELS).toEqual(['free', 'freemium', 'paid', 'enterprise']);
  });

  it('checks the software fields', () => {
    const draft = validDraft();
    draft.software = {
      pricingModel: 'subscription',
      license: 'M'.repeat(201),
      githubUrl: 'github.com/x',
      apiAvailable: true,
      firstRelease: '2021-13',
      weightsLicense: 'W'.repeat(201),
      availability: 'free',
    };
    expect(validateStep(draft, 1)).toEqual({
      'software.pricingModel': M.pricingModel,
      'software.license': M.license,
      'software.githubUrl': M.githubUrl,
      'software.firstRelease': M.firstRelease,
      'software.weightsLicense': M.license,
      'software.availability': M.availability,
    });
    draft.software = { ...draft.software, weightsLicense: '', availability: '' };
    for (const firstRelease of ['2021', '2021-07', '2021-07-15', '']) {
      draft.software = { ...draft.software, pricingModel: '', license: '', githubUrl: '', firstRelease };
      expect(validateStep(draft, 1), firstRelease).toEqual({});
    }
    for (const firstRelease of ['1799', '21', '2021-02-30', '3000', 'July 2021']) {
      draft.software = { ...draft.software, firstRelease };
      expect(validateStep(draft, 1), firstRelease).toEqual({ 'software.firstRelease': M.firstRelease });
    }
  });

  it('checks the paper fields: DOI 10.x/…, year', () => {
    const draft = validDraft({ contentType: 'paper' });
    draft.paper = { doi: '11.1234/abc', journal: 'Nature', year: '20x1', authors: ['A. Author'] };
    expect(validateStep(draft, 1)).toEqual({ 'paper.doi': M.doi, 'paper.year': M.year });
    draft.paper = { doi: 'https://doi.org/10.1038/s41586-021-03819-2', journal: '', year: '2021', authors: [] };
    expect(validateStep(draft, 1)).toEqual({});
    draft.paper.year = '1799';
    expect(validateStep(draft, 1)).toEqual({ 'paper.year': M.year });
  });

  it('checks the company and agent choices', () => {
    const company = validDraft({ contentType: 'company' });
    const undated = {
      fundingStageAsOf: '',
      fundingStageSource: '',
      employeeCountAsOf: '',
      employeeCountSource: '',
    };
    company.company = { ...undated, fundingStage: 'Series D', employeeCount: '5000' };
    expect(validateStep(company, 1)).toEqual({
      'company.fundingStage': M.fundingStage,
      'company.employeeCount': M.employeeCount,
    });
    company.company = { ...undated, fundingStage: 'Series C+', employeeCount: '500+' };
    expect(validateStep(company, 1)).toEqual({});
    // facts that change: a past date and a link, and only with the fact they date
    company.company = {
      fundingStage: 'Seed',
      fundingStageAsOf: '2999-01-01',
      fundingStageSource: 'javascript:alert(1)',
      employeeCount: '',
      employeeCountAsOf: '2025-02-30',
      employeeCountSource: 'https://example.org',
    };
    expect(validateStep(company, 1)).toEqual({
      'company.fundingStageAsOf': M.asOf,
      'company.fundingStageSource': M.factSource,
      'company.employeeCountAsOf': M.asOf,
      'company.employeeCount': M.asOfWithoutFact,
    });

    const agent = validDraft({ contentType: 'agent' });
    agent.agent = {
      modelType: 'LLM',
      capabilities: ['planning'],
      interactionMode: 'telepathy',
      firstRelease: '',
      availability: 'open-ish',
    };
    expect(validateStep(agent, 1)).toEqual({
      'agent.interactionMode': M.interactionMode,
      'agent.availability': M.availability,
    });
  });

  it('checks only the chosen type', () => {
    const draft = validDraft({ contentType: 'agent' });
    draft.paper.doi = 'not a doi';
    expect(validateStep(draft, 1)).toEqual({});
  });
});

describe('step 3 and 4', () => {
  it('needs a known relationship; review is always valid', () => {
    const draft = { ...validDraft(), relationship: 'owner' } as unknown as SubmissionDraft;
    expect(validateStep(draft, 2)).toEqual({ relationship: M.relationship });
    expect(validateStep(validDraft(), 2)).toEqual({});
    expect(validateStep(createEmptyDraft(), 3)).toEqual({});
  });
});

describe('the row for content_submissions', () => {
  it('names the first invalid step of an incomplete draft', () => {
    expect(firstInvalidStep(createEmptyDraft())).toBe(0);
    expect(toSubmissionRow(validDraft({ description: '' }))).toMatchObject({ ok: false, step: 1 });
  });

  it('drops empty key-feature rows and keeps only the chosen type in metadata', () => {
    const draft = validDraft({
      contentType: 'paper',
      keyFeatures: [' Fast ', '', '  ', 'Accurate'],
      url: ' https://x.org ',
    });
    draft.paper = {
      doi: 'doi:10.1038/abc',
      journal: ' Nature ',
      year: '2021',
      authors: ['Jumper J', ' ', 'Hassabis D'],
    };
    draft.software.pricingModel = 'free';
    draft.verificationDetails = 'I am an author';
    const result = toSubmissionRow(draft);
    expect(result).toEqual({
      ok: true,
      row: {
        title: 'AlphaFold',
        description: 'Predicts 3D protein structures from sequences.',
        short_description: 'Protein structure prediction',
        content_type: 'paper',
        url: 'https://x.org',
        domains: [DOMAIN],
        key_features: ['Fast', 'Accurate'],
        relationship_to_content: 'user',
        metadata: {
          verification_details: 'I am an author',
          doi: '10.1038/abc',
          journal: 'Nature',
          year: 2021,
          authors: ['Jumper J', 'Hassabis D'],
        },
      },
    });
  });

  it.each([
    [
      'software',
      {
        pricing_model: 'freemium',
        license: 'MIT',
        github_url: 'https://github.com/a/b',
        api_available: false,
        first_release: '2023-05',
        weights_license: 'CC-BY-NC-4.0',
        availability: 'open',
      },
    ],
    [
      'company',
      {
        funding_stage: 'Seed',
        funding_stage_as_of: '2025-03-01',
        funding_stage_source: 'https://example.org/seed',
        employee_count: '11-50',
      },
    ],
    [
      'agent',
      {
        model_type: 'LLM',
        capabilities: ['search'],
        interaction_mode: 'chat',
        first_release: '2024',
        availability: 'waitlist',
      },
    ],
  ] as const)('puts the %s fields in metadata and reads them back', (type, metadata) => {
    const draft = validDraft({ contentType: type, organizationName: 'DeepMind' });
    draft.software = {
      pricingModel: 'freemium',
      license: 'MIT',
      githubUrl: 'https://github.com/a/b',
      apiAvailable: false,
      firstRelease: '2023-05',
      weightsLicense: 'CC-BY-NC-4.0',
      availability: 'open',
    };
    draft.company = {
      fundingStage: 'Seed',
      fundingStageAsOf: '2025-03-01',
      fundingStageSource: 'https://example.org/seed',
      employeeCount: '11-50',
      employeeCountAsOf: '',
      employeeCountSource: '',
    };
    draft.agent = {
      modelType: 'LLM',
      capabilities: ['search'],
      interactionMode: 'chat',
      firstRelease: '2024',
      availability: 'waitlist',
    };
    const result = toSubmissionRow(draft);
    if (!result.ok) throw new Error('expected a valid draft');
    expect(result.row.metadata).toEqual({ organization_name: 'DeepMind', ...metadata });
    expect(toSubmissionRow(draftFromSubmission(result.row))).toEqual(result);
  });
});

describe('stored drafts', () => {
  it('restores what was stored and falls back field by field', () => {
    const draft = validDraft({ contentType: 'company' });
    expect(parseStoredDraft(JSON.stringify(draft))).toEqual(draft);
    expect(parseStoredDraft('{"title": 3, "contentType": "book"}')).toEqual(createEmptyDraft());
    expect(parseStoredDraft('not json')).toEqual(createEmptyDraft());
    expect(parseStoredDraft(null)).toEqual(createEmptyDraft());
  });
});
