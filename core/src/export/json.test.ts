import { describe, expect, it } from 'vitest';
import { libraryItem } from '../library/test-items.ts';
import { exportLibrary } from './library-export.ts';
import { toJson } from './json.ts';

describe('JSON export', () => {
  it('parses back with every field, lists as arrays', () => {
    const now = new Date('2026-11-21T08:00:00.000Z');
    const parsed: unknown = JSON.parse(
      toJson(
        [
          libraryItem({
            slug: 'rdkit',
            title: 'RDKit',
            github_url: 'https://github.com/rdkit/rdkit',
            year: 2006,
            tags: ['cheminformatics'],
            saved_at: '2026-11-20T10:00:00.000Z',
          }),
        ],
        now,
      ),
    );
    expect(parsed).toEqual({
      exported_at: '2026-11-21T08:00:00.000Z',
      count: 1,
      items: [
        {
          title: 'RDKit',
          type: 'software',
          organization: null,
          year: 2006,
          url: null,
          page: '/tool/rdkit',
          doi: null,
          journal: null,
          authors: [],
          github_url: 'https://github.com/rdkit/rdkit',
          domains: [],
          tags: ['cheminformatics'],
          description: null,
          saved_at: '2026-11-20T10:00:00.000Z',
        },
      ],
    });
  });

  it('names files by format and date', () => {
    const now = new Date('2026-11-21T08:00:00.000Z');
    expect(exportLibrary('csv', [], now)).toMatchObject({
      filename: 'sciai-library-2026-11-21.csv',
      mimeType: 'text/csv;charset=utf-8',
    });
    expect(exportLibrary('bibtex', [], now).filename).toBe('sciai-library-2026-11-21.bib');
    expect(exportLibrary('ris', [], now).filename).toBe('sciai-library-2026-11-21.ris');
    expect(exportLibrary('json', [], now).filename).toBe('sciai-library-2026-11-21.json');
  });
});
