import { describe, expect, it } from 'vitest';
import { composedDescription, shortDescription } from './compose.ts';
import { record, type RecordDraft } from './record.ts';

const paper: RecordDraft = {
  source: 'hepml',
  recordId: 'Dillon:2022',
  recordUrl: 'https://github.com/iml-wg/HEPML-LivingReview/blob/x/HEPML.bib#L1',
  type: 'paper',
  title: 'Self-supervised Anomaly Detection for New Physics',
  year: 2022,
  venue: 'Phys.Rev.D',
  authors: ['Barry M. Dillon', 'Radha Mastandrea', 'Benjamin Nachman'],
  facets: ['Anomaly detection'],
};

describe('composedDescription: facts only, in the catalog’s words', () => {
  it('states a paper’s year, venue, authors and where the list files it; the short text keeps whole parts', () => {
    expect(composedDescription('paper', [record(paper)])).toEqual({
      description:
        'Paper (2022) in Phys.Rev.D by Barry M. Dillon, Radha Mastandrea, Benjamin Nachman. Listed by HEPML Living Review under “Anomaly detection”.',
      short:
        'Paper (2022) in Phys.Rev.D by Barry M. Dillon, Radha Mastandrea, Benjamin Nachman. Listed by HEPML Living Review under “Anomaly detection”.',
    });
    const longer = composedDescription('paper', [
      record({ ...paper, facets: ['Anomaly detection in very many words'.repeat(2)] }),
    ]);
    expect(longer?.short).toBe('Paper (2022) in Phys.Rev.D by Barry M. Dillon, Radha Mastandrea, Benjamin Nachman.');
  });

  it('marks a cut author list and says nothing when a record has nothing but a name', () => {
    const cut = composedDescription('paper', [record({ ...paper, authors: ['A B'], authorsComplete: false })]);
    expect(cut?.description).toMatch(/^Paper \(2022\) in Phys\.Rev\.D by A B et al\. Listed/);
    const initials = composedDescription('paper', [record({ ...paper, authors: ['Li H.'] })]);
    expect(initials?.description).toMatch(/^Paper \(2022\) in Phys\.Rev\.D by Li H\. Listed/);
    expect(composedDescription('paper', [record({ ...paper, facets: [] })])).toBeUndefined();
    expect(composedDescription('software', [record({ ...paper, type: 'software', facets: [] })])).toBeUndefined();
  });

  it('describes a company by its FDA decisions', () => {
    const company = record({
      ...paper,
      type: 'company',
      facets: [],
      devices: [
        { kNumber: 'K190001', date: '2019-01-02', name: 'A', panel: 'Radiology' },
        { kNumber: 'K250001', date: '2025-03-04', name: 'B', panel: 'Neurology' },
      ],
    });
    expect(composedDescription('company', [company])?.description).toBe(
      'Maker of 2 AI-enabled medical devices authorised by the US FDA from 2019 to 2025 (review panels: Neurology, Radiology).',
    );
  });
});

describe('shortDescription', () => {
  it('takes the first sentence, or cuts at a word within 150 characters', () => {
    expect(shortDescription('A tool for single cells. It also does more.')).toBe('A tool for single cells.');
    const long = 'word '.repeat(60).trim();
    const short = shortDescription(long);
    expect(short.length).toBeLessThanOrEqual(150);
    expect(short.endsWith('word…')).toBe(true);
  });
});
