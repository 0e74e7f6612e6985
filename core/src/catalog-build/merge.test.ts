import { describe, expect, it } from 'vitest';
import { titlesDiffer } from './build.ts';
import {
  ambiguousRepositoryKeys,
  companyKey,
  identityKeys,
  mergeRecords,
  repositoryRenames,
  sameNameKey,
} from './merge.ts';
import { record, type RecordDraft, type SourceRecord } from './record.ts';

const base: RecordDraft = {
  source: 'hepml',
  recordId: 'x',
  recordUrl: 'https://example.org/r',
  type: 'paper',
  title: 'A paper',
};
const make = (draft: Partial<RecordDraft>): SourceRecord => record({ ...base, ...draft });
const titlesOf = (groups: SourceRecord[][]) => groups.map((group) => group.map((r) => r.recordId));

describe('companyKey', () => {
  it('folds the spellings the FDA list uses for one company', () => {
    // All four appear in the FDA AI-enabled devices list.
    expect(companyKey('Siemens Medical Solutions USA, Inc.')).toBe('siemens medical solutions usa');
    expect(companyKey('Siemens Medical Solutions USA, Inc')).toBe('siemens medical solutions usa');
    expect(companyKey('SIEMENS MEDICAL SOLUTIONS USA INC')).toBe('siemens medical solutions usa');
    expect(companyKey('Philips Medical Systems Technologies , Ltd.')).toBe(
      companyKey('Philips Medical Systems Technologies Ltd'),
    );
    expect(companyKey('Aidoc Medical, Ltd.')).toBe(companyKey('AIDOC MEDICAL LTD.'));
    expect(companyKey('Nanox AI Ltd.')).toBe(companyKey('Nanox AI Ltd'));
    expect(companyKey('GE Healthcare Japan Corporation')).toBe('ge healthcare japan');
    expect(companyKey('MRIGuidance B V')).toBe(companyKey('MRIGuidance B.V.'));
    expect(companyKey('MRIGuidance B V')).toBe('mriguidance');
    expect(companyKey('Nano X AI Ltd')).toBe('nano x ai');
  });

  it('keeps differently named subsidiaries apart and does not strip a name to nothing', () => {
    expect(companyKey('Philips Medical Systems Nederland B.V.')).not.toBe(companyKey('Philips Healthcare'));
    expect(companyKey('GE Medical Systems, LLC')).not.toBe(companyKey('GE Healthcare'));
    expect(companyKey('Company')).toBe('company');
    expect(companyKey('Zebra Medical Vision Ltd.')).not.toBe(companyKey('Zebra Medical'));
  });

  it('ignores accents, ampersands and "the"', () => {
    expect(companyKey('Société Générale Médicale SA')).toBe('societe generale medicale');
    expect(companyKey('The Johns Hopkins & Co')).toBe('johns hopkins and');
  });
});

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

  it('merges records of one kind and one name that no identifier tells apart', () => {
    const groups = mergeRecords([
      // one model, listed by its model page and by its repository
      make({
        source: 'ai-for-science',
        type: 'software',
        recordId: 'hf',
        title: 'Prithvi WxC',
        url: 'https://huggingface.co/ibm/prithvi-wxc',
      }),
      make({
        source: 'scientific-lms',
        type: 'software',
        recordId: 'gh',
        title: 'Prithvi-WxC',
        githubRepo: 'nasa-impact/prithvi-wxc',
      }),
      // one paper, listed by its DOI and by its arXiv id
      make({ recordId: 'doi', title: 'A convolutional-neural-network estimator of CMB constraints', doi: '10.1088/x' }),
      make({
        source: 'ml-in-cosmology',
        recordId: 'arxiv',
        title: 'A convolutional neural network estimator of CMB constraints',
        arxivId: '2101.10360',
      }),
    ]);
    expect(titlesOf(groups)).toEqual([
      ['hf', 'gh'],
      ['doi', 'arxiv'],
    ]);
  });

  it('keeps one name apart when identifiers differ, and "++" is part of a name', () => {
    const groups = mergeRecords([
      make({
        source: 'ai-for-science',
        type: 'software',
        recordId: 'fh',
        title: 'Aviary',
        githubRepo: 'future-house/aviary',
      }),
      make({
        source: 'best-of-atomistic-ml',
        type: 'software',
        recordId: 'cr',
        title: 'aviary',
        githubRepo: 'comprhys/aviary',
      }),
      // a third Aviary without identifiers could be either: it joins neither
      make({
        source: 'scientific-lms',
        type: 'software',
        recordId: 'bare',
        title: 'Aviary',
        url: 'https://example.org/aviary',
      }),
      make({
        source: 'best-of-atomistic-ml',
        type: 'software',
        recordId: 'sisso',
        title: 'SISSO',
        githubRepo: 'rouyang2017/sisso',
      }),
      make({
        source: 'best-of-atomistic-ml',
        type: 'software',
        recordId: 'sisso++',
        title: 'SISSO++',
        url: 'https://gitlab.com/sissopp_developers/sissopp',
      }),
      make({
        source: 'ai-for-science',
        type: 'software',
        recordId: 'sisso-gitlab',
        title: 'SISSO',
        url: 'https://gitlab.com/other/sisso',
      }),
      // two papers of one title with two arXiv ids (proceedings and article) are two papers
      make({ recordId: 'p1', title: 'Learning Trivializing Flows for lattice theories', arxivId: '2302.08408' }),
      make({ recordId: 'p2', title: 'Learning Trivializing Flows for lattice theories', arxivId: '2211.12806' }),
    ]);
    expect(titlesOf(groups)).toEqual([
      ['fh'],
      ['cr'],
      ['bare'],
      ['sisso'],
      ['sisso++'],
      ['sisso-gitlab'],
      ['p1'],
      ['p2'],
    ]);
    expect(sameNameKey(make({ type: 'software', title: 'SISSO++' }))).toBe('tool:sisso++');
    // a short paper title says too little to merge by
    expect(sameNameKey(make({ title: 'Jet tagging' }))).toBeUndefined();
  });

  it('merges companies by their folded name only', () => {
    const groups = mergeRecords([
      make({
        source: 'fda-aiml-devices',
        type: 'company',
        recordId: 'a',
        companyKey: companyKey('Aidoc Medical, Ltd.'),
      }),
      make({ source: 'fda-aiml-devices', type: 'company', recordId: 'b', companyKey: companyKey('AIDOC MEDICAL LTD') }),
      make({ source: 'fda-aiml-devices', type: 'company', recordId: 'c', companyKey: companyKey('Aidoc Inc') }),
      // the FDA list writes one company's name with and without a space
      make({
        source: 'fda-aiml-devices',
        type: 'company',
        recordId: 'd',
        companyKey: companyKey('Body Vision Medical Ltd.'),
      }),
      make({
        source: 'fda-aiml-devices',
        type: 'company',
        recordId: 'e',
        companyKey: companyKey('BodyVision Medical Ltd'),
      }),
    ]);
    expect(titlesOf(groups)).toEqual([['a', 'b'], ['c'], ['d', 'e']]);
  });
});

describe('titlesDiffer', () => {
  it('flags merged names that share nothing, not a name and its longer form', () => {
    expect(titlesDiffer(['GraphCast', 'GenCast'])).toBe(true);
    expect(titlesDiffer(['MEDITRON-70B: Scaling Medical Pretraining', 'Scaling medical pretraining'])).toBe(false);
    expect(titlesDiffer(['MACE', 'mace'])).toBe(false);
  });
});
