import { describe, expect, it } from 'vitest';
import { floorFailure, type FloorInput } from './quality.ts';

const paper: FloorInput = {
  contentType: 'paper',
  title: 'Jet tagging with graphs',
  description: 'Paper (2020). Listed by HEPML Living Review under “Graphs”.',
  url: 'https://arxiv.org/abs/2001.00001',
  domains: ['particle_physics'],
  year: 2020,
  doi: undefined,
  arxivId: '2001.00001',
  unreviewedImportOnly: false,
  publicationDois: [],
  githubRepo: undefined,
};
const tool: FloorInput = {
  ...paper,
  contentType: 'software',
  year: undefined,
  arxivId: undefined,
  description: 'A tool.',
};

describe('the quality floor', () => {
  it('passes a complete paper and a complete tool', () => {
    expect(floorFailure(paper)).toBeUndefined();
    expect(floorFailure(tool)).toBeUndefined();
  });

  it.each([
    [{ title: ' ' }, 'no name'],
    [{ description: undefined }, 'no description'],
    [{ description: '  ' }, 'no description'],
    [{ url: undefined }, 'no link'],
    [{ domains: [] }, 'no field'],
    [{ year: undefined }, 'paper without year'],
    [{ arxivId: undefined, doi: undefined }, 'paper without DOI or arXiv id'],
  ] as const)('refuses a paper with %o: %s', (change, reason) => {
    expect(floorFailure({ ...paper, ...change })).toBe(reason);
  });

  it('needs a publication DOI or a repository for an unreviewed automatic bio.tools import', () => {
    expect(floorFailure({ ...tool, unreviewedImportOnly: true })).toBe(
      'unreviewed import without publication or repository',
    );
    expect(floorFailure({ ...tool, unreviewedImportOnly: true, publicationDois: ['10.1/x'] })).toBeUndefined();
    expect(floorFailure({ ...tool, unreviewedImportOnly: true, githubRepo: 'a/b' })).toBeUndefined();
  });

  it('does not ask a tool for a year or a DOI', () => {
    expect(floorFailure({ ...tool, year: undefined, doi: undefined })).toBeUndefined();
  });
});
