import { describe, expect, it } from 'vitest';
import { sourceRecordDate } from './item-source-records.ts';
import { condaUrl, descriptionOriginOf, fdaDecisionUrl, pypiUrl, sourceLicenseLabel } from './source-labels.ts';

describe('source labels', () => {
  it('names each licence a source can have, share-alike marked', () => {
    expect(sourceLicenseLabel('CC-BY-4.0')).toBe('CC BY 4.0');
    expect(sourceLicenseLabel('CC-BY-SA-4.0', true)).toBe('CC BY-SA 4.0 (share-alike)');
    expect(sourceLicenseLabel('MIT')).toBe('MIT');
    expect(sourceLicenseLabel('public-domain')).toBe('public domain');
    expect(sourceLicenseLabel('none')).toBe('facts only – no licence');
    // unlicensed, yet its descriptions are copied: not "facts only"
    expect(sourceLicenseLabel('CC0-1.0')).toBe('CC0 1.0');
    // an SPDX id without a short name of its own is shown as it is
    expect(sourceLicenseLabel('Apache-2.0')).toBe('Apache-2.0');
  });

  it('dates a snapshot record by its snapshot and a live record by its last fetch', () => {
    expect(sourceRecordDate({ kind: 'snapshot', snapshot_date: '2021-03-10', fetched_on: null })).toBe(
      'snapshot of 2021-03-10',
    );
    expect(sourceRecordDate({ kind: 'live', snapshot_date: null, fetched_on: '2026-12-07' })).toBe(
      'live record, fetched on 2026-12-07',
    );
    // a copy made before records had a kind is a snapshot's
    expect(sourceRecordDate({ snapshot_date: '2021-03-10' })).toBe('snapshot of 2021-03-10');
    expect(sourceRecordDate({ kind: 'live', fetched_on: null })).toBe('live record');
  });

  it('reads only the two known description origins', () => {
    expect(descriptionOriginOf({ description_origin: { kind: 'source', source: 'biotools' } })).toEqual({
      kind: 'source',
      source: 'biotools',
    });
    expect(descriptionOriginOf({ description_origin: { kind: 'composed from facts' } })).toEqual({
      kind: 'composed from facts',
    });
    expect(descriptionOriginOf({ description_origin: { kind: 'source' } })).toBeUndefined();
    expect(descriptionOriginOf({ description_origin: 'source' })).toBeUndefined();
    expect(descriptionOriginOf({})).toBeUndefined();
    expect(descriptionOriginOf(null)).toBeUndefined();
  });

  it('links FDA decisions by their kind, and nothing else', () => {
    expect(fdaDecisionUrl('K213456')).toBe(
      'https://www.accessdata.fda.gov/scripts/cdrh/cfdocs/cfpmn/pmn.cfm?ID=K213456',
    );
    expect(fdaDecisionUrl('DEN230023')).toBe(
      'https://www.accessdata.fda.gov/scripts/cdrh/cfdocs/cfpmn/denovo.cfm?id=DEN230023',
    );
    expect(fdaDecisionUrl('P130020/S005')).toBe(
      'https://www.accessdata.fda.gov/scripts/cdrh/cfdocs/cfpma/pma.cfm?id=P130020',
    );
    expect(fdaDecisionUrl('K21')).toBeUndefined();
    expect(fdaDecisionUrl('javascript:alert(1)')).toBeUndefined();
  });

  it('links packages on PyPI and anaconda.org', () => {
    expect(pypiUrl('mace-torch')).toBe('https://pypi.org/project/mace-torch/');
    expect(condaUrl('conda-forge/mace')).toBe('https://anaconda.org/conda-forge/mace');
    expect(condaUrl('deepchem')).toBe('https://anaconda.org/conda-forge/deepchem');
  });
});
