import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs, type SignedInUser } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { domainIds, rowOf, submit, validDraft } from '../support/submissions.ts';

/**
 * Contributions of facts (docs/product.md#facts): software gives its licence, never an
 * open_source flag (derived on approval); a company's funding stage and employee count may carry
 * the date they were true and the link they were read from, which the approved item keeps.
 */
describe('contributed licences and dated facts', () => {
  let contributor: SignedInUser;
  let moderator: SignedInUser;
  let domains: string[];

  beforeAll(async () => {
    [contributor, moderator] = await Promise.all([signedInAs('user', 'facts-contributor'), signedInAs('moderator')]);
    domains = await domainIds(contributor.client);
  });

  async function approved(row: ReturnType<typeof rowOf>) {
    const id = await submit(contributor.client, contributor.userId, row);
    const { data, error } = await moderator.client.rpc('approve_submission', { submission_id: id });
    expect(error).toBeNull();
    const { data: details } = await anonClient().rpc('item_details', { slugs: [(data as { slug: string }).slug] });
    return (details as Array<Record<string, Record<string, unknown>>>)[0]!;
  }

  it('derives open source from a contributed licence', async () => {
    const draft = validDraft([domains[0]!], { title: `Facts tool ${randomUUID().slice(0, 8)}` });
    draft.software = {
      pricingModel: 'free',
      license: 'Apache-2.0',
      githubUrl: '',
      apiAvailable: false,
      firstRelease: '',
      weightsLicense: '',
      availability: '',
    };
    const item = await approved(rowOf(draft));
    expect(item.software).toMatchObject({
      license: 'Apache-2.0',
      open_source: true,
      // an open code licence says nothing of the weights or of access
      weights_license: null,
      availability: null,
    });
  });

  it('keeps a contributed weights licence and availability apart from the code licence', async () => {
    const model = validDraft([domains[0]!], { title: `Weights tool ${randomUUID().slice(0, 8)}` });
    model.software = { ...model.software, license: 'Apache-2.0', weightsLicense: 'CC-BY-NC-4.0', availability: 'open' };
    expect((await approved(rowOf(model))).software).toMatchObject({
      license: 'Apache-2.0',
      open_source: true,
      weights_license: 'CC-BY-NC-4.0',
      availability: 'open',
    });
    const agent = validDraft([domains[0]!], {
      contentType: 'agent',
      title: `Waitlist agent ${randomUUID().slice(0, 8)}`,
    });
    agent.agent = {
      ...agent.agent,
      modelType: 'LLM',
      capabilities: ['search'],
      interactionMode: 'chat',
      availability: 'waitlist',
    };
    expect((await approved(rowOf(agent))).agent).toMatchObject({ availability: 'waitlist' });
  });

  it('keeps a tool’s and an agent’s first release, and its year; none when not given', async () => {
    const tool = validDraft([domains[0]!], { title: `Release tool ${randomUUID().slice(0, 8)}` });
    tool.software = { ...tool.software, pricingModel: 'free', license: '', githubUrl: '', firstRelease: '2021-07' };
    expect(await approved(rowOf(tool))).toMatchObject({ year: 2021, software: { first_release: '2021-07' } });

    const agent = validDraft([domains[0]!], {
      contentType: 'agent',
      title: `Release agent ${randomUUID().slice(0, 8)}`,
    });
    agent.agent = {
      ...agent.agent,
      modelType: 'LLM',
      capabilities: ['search'],
      interactionMode: 'chat',
      firstRelease: '2024',
    };
    expect(await approved(rowOf(agent))).toMatchObject({ year: 2024, agent: { first_release: '2024' } });

    // not the year it was submitted: no release year at all
    const undated = validDraft([domains[0]!], { title: `Undated tool ${randomUUID().slice(0, 8)}` });
    expect(await approved(rowOf(undated))).toMatchObject({ year: null, software: { first_release: null } });
  });

  it('keeps a company’s dated, sourced facts', async () => {
    const draft = validDraft([domains[0]!], {
      contentType: 'company',
      title: `Facts company ${randomUUID().slice(0, 8)}`,
    });
    draft.company = {
      fundingStage: 'Seed',
      fundingStageAsOf: '2025-03-01',
      fundingStageSource: 'https://example.org/seed',
      employeeCount: '11-50',
      employeeCountAsOf: '',
      employeeCountSource: '',
    };
    const item = await approved(rowOf(draft));
    // a size given without its date and source is kept but not shown (docs/product.md#facts)
    expect(item.company).toMatchObject({
      funding_stage: 'Seed',
      funding_stage_as_of: '2025-03-01',
      funding_stage_source: 'https://example.org/seed',
      employee_count: null,
      employee_count_as_of: null,
    });
  });

  it.each([
    ['an open_source flag', { open_source: true }, 'software'],
    ['a licence over 200 characters', { license: 'M'.repeat(201) }, 'software'],
    ['an as-of date in the future', { funding_stage: 'Seed', funding_stage_as_of: '2999-01-01' }, 'company'],
    ['an as-of date that is no date', { funding_stage: 'Seed', funding_stage_as_of: 'March' }, 'company'],
    ['a source that is no link', { employee_count: '1-10', employee_count_source: 'javascript:alert(1)' }, 'company'],
    ['a first release that is no date', { first_release: 'July 2021' }, 'software'],
    ['a first release in the future', { first_release: '2999' }, 'agent'],
    ['an availability the catalog does not know', { availability: 'free-ish' }, 'software'],
    ['an availability that is no text', { availability: ['open'] }, 'agent'],
    ['a weights licence over 200 characters', { weights_license: 'W'.repeat(201) }, 'software'],
    ['a blank weights licence', { weights_license: '   ' }, 'software'],
    ['a weights licence on an agent', { weights_license: 'MIT' }, 'agent'],
  ] as const)('refuses %s posted directly', async (_rule, metadata, type) => {
    const row = { ...rowOf(validDraft([domains[0]!])), content_type: type, metadata, submitter_id: contributor.userId };
    const { error } = await contributor.client.from('content_submissions').insert(row);
    expect(error?.code).toBe('23514');
  });
});
