import { describe, expect, it } from 'vitest';
import { titlesDiffer } from './build.ts';
import { ambiguousRepositoryKeys, companyKey, identityKeys, mergeRecords } from './merge.ts';
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
    ]);
    expect(titlesOf(groups)).toEqual([['a', 'b'], ['c']]);
  });
});

describe('titlesDiffer', () => {
  it('flags merged names that share nothing, not a name and its longer form', () => {
    expect(titlesDiffer(['GraphCast', 'GenCast'])).toBe(true);
    expect(titlesDiffer(['MEDITRON-70B: Scaling Medical Pretraining', 'Scaling medical pretraining'])).toBe(false);
    expect(titlesDiffer(['MACE', 'mace'])).toBe(false);
  });
});
