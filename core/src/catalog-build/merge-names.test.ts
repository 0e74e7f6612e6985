import { describe, expect, it } from 'vitest';
import { titlesDiffer } from './build.ts';
import { companyKey, mergeRecords, sameNameKey } from './merge.ts';
import { make, titlesOf } from './merge-test-records.ts';

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

describe('mergeRecords by name', () => {
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
