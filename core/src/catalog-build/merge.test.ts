import { describe, expect, it } from 'vitest';
import { ambiguousRepositoryKeys, identityKeys, mergeRecords, repositoryRenames } from './merge.ts';
import { make, titlesOf } from './merge-test-records.ts';

describe('mergeRecords', () => {
  it('merges papers that share a DOI or an arXiv id, across sources and case', () => {
    const groups = mergeRecords([
      make({ recordId: 'hep', arxivId: '1903.10563', doi: '10.1103/RevModPhys.91.045002'.toLowerCase() }),
      make({ source: 'ml-in-cosmology', recordId: 'cosmo', arxivId: '1903.10563' }),
      make({ source: 'ai-for-math', recordId: 'math', doi: '10.1103/revmodphys.91.045002' }),
      make({ recordId: 'other', arxivId: '2001.00001' }),
    ]);
    expect(titlesOf(groups)).toEqual([['hep', 'cosmo', 'math'], ['other']]);
  });

  it('joins chains: A shares a DOI with B, B an arXiv id with C', () => {
    const groups = mergeRecords([
      make({ recordId: 'a', doi: '10.1/a' }),
      make({ recordId: 'c', arxivId: '2101.00001' }),
      make({ recordId: 'b', doi: '10.1/a', arxivId: '2101.00001' }),
    ]);
    expect(titlesOf(groups)).toEqual([['a', 'c', 'b']]);
  });

  it('never merges a paper with the tool that cites it, nor a tool with a company', () => {
    const groups = mergeRecords([
      make({ recordId: 'paper', arxivId: '2401.07950' }),
      make({ source: 'scientific-lms', type: 'software', recordId: 'model', relatedArxivIds: ['2401.07950'] }),
      make({ source: 'fda-aiml-devices', type: 'company', recordId: 'co', companyKey: 'aidoc medical' }),
      make({ source: 'biotools', type: 'software', recordId: 'tool', title: 'Aidoc Medical' }),
    ]);
    expect(groups).toHaveLength(4);
  });

  it('merges tools by bio.tools id and by repository, case-insensitively; software and agents are one kind', () => {
    const groups = mergeRecords([
      make({
        source: 'biotools',
        type: 'software',
        recordId: 'deepchem',
        biotoolsId: 'deepchem',
        githubRepo: 'deepchem/deepchem',
      }),
      make({
        source: 'best-of-atomistic-ml',
        type: 'software',
        recordId: 'DeepChem',
        githubRepo: 'DeepChem/DeepChem'.toLowerCase(),
      }),
      make({
        source: 'ai-for-science',
        type: 'agent',
        recordId: 'dc',
        title: 'DeepChem',
        githubRepo: 'deepchem/deepchem',
      }),
    ]);
    expect(groups).toHaveLength(1);
    expect(identityKeys(make({ type: 'software', githubRepo: 'Owner/Name' }))).toEqual(['github:owner/name']);
  });

  it('keeps projects in folders of one repository apart', () => {
    const groups = mergeRecords([
      make({ type: 'software', recordId: 'enformer', githubRepo: 'google-deepmind/deepmind-research/enformer' }),
      make({
        type: 'software',
        recordId: 'dm21',
        source: 'best-of-atomistic-ml',
        githubRepo: 'google-deepmind/deepmind-research/density_functional_approximation_dm21',
      }),
    ]);
    expect(groups).toHaveLength(2);
  });

  it('does not merge by a repository one source gives to differently named things', () => {
    const records = [
      make({
        source: 'scientific-lms',
        type: 'software',
        recordId: 'esm1b',
        title: 'ESM-1b',
        githubRepo: 'facebookresearch/esm',
      }),
      make({
        source: 'scientific-lms',
        type: 'software',
        recordId: 'esm2',
        title: 'ESM-2',
        githubRepo: 'facebookresearch/esm',
      }),
      make({
        source: 'ai-for-science',
        type: 'software',
        recordId: 'esm',
        title: 'ESM',
        githubRepo: 'facebookresearch/esm',
      }),
    ];
    expect([...ambiguousRepositoryKeys(records)]).toEqual(['scientific-lms\u0000facebookresearch/esm']);
    expect(titlesOf(mergeRecords(records))).toEqual([['esm1b'], ['esm2'], ['esm']]);
    // The same name listed twice by one source is one thing listed twice.
    const twice = mergeRecords([
      make({
        source: 'ai-for-science',
        type: 'software',
        recordId: 'a',
        title: 'Boltz',
        githubRepo: 'jwohlwend/boltz',
      }),
      make({
        source: 'ai-for-science',
        type: 'software',
        recordId: 'b',
        title: 'boltz',
        githubRepo: 'jwohlwend/boltz',
      }),
    ]);
    expect(twice).toHaveLength(1);
  });

  it('follows known repository renames', () => {
    const renames = new Map([['old-owner/tool', 'new-owner/tool']]);
    const groups = mergeRecords(
      [
        make({ type: 'software', recordId: 'old', githubRepo: 'old-owner/tool' }),
        make({ type: 'software', recordId: 'new', source: 'biotools', githubRepo: 'new-owner/tool' }),
      ],
      renames,
    );
    expect(groups).toHaveLength(1);
  });

  it('follows a rename a source states: the old and the new repository are one', () => {
    // best-of-atomistic-ml lists MatGL at materialyzeai/matgl, first recorded as materialsvirtuallab/matgl
    const groups = mergeRecords([
      make({
        source: 'best-of-atomistic-ml',
        type: 'software',
        recordId: 'matgl',
        title: 'MatGL (Materials Graph Library)',
        githubRepo: 'materialyzeai/matgl',
        formerGithubRepos: ['materialsvirtuallab/matgl'],
      }),
      make({
        source: 'ai-for-science',
        type: 'software',
        recordId: 'old',
        title: 'MatGL',
        githubRepo: 'materialsvirtuallab/matgl',
      }),
      make({
        source: 'best-of-atomistic-ml',
        type: 'software',
        recordId: 'm3gnet',
        title: 'M3GNet',
        githubRepo: 'materialyzeai/m3gnet',
        formerGithubRepos: ['materialsvirtuallab/m3gnet'],
      }),
    ]);
    expect(titlesOf(groups)).toEqual([['matgl', 'old'], ['m3gnet']]);
    expect(repositoryRenames(groups.flat()).get('materialsvirtuallab/matgl')).toBe('materialyzeai/matgl');
  });
});
