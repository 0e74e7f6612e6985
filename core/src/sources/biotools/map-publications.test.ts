import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergePage } from '../harvest/run-harvest.ts';
import { readBiotoolsPage } from './client.ts';
import { mapBiotoolPublications } from './map-publications.ts';
import { mapBiotool } from './map-tool.ts';

const page = readBiotoolsPage(
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../../fixtures/sources/biotools/tools-page-1.json'), 'utf8'),
  ),
);

describe('bio.tools publications', () => {
  it('maps a publication with bio.tools metadata to a paper identified by its DOI', () => {
    const samtools = page.records.find((tool) => (tool as { biotoolsID?: string }).biotoolsID === 'samtools');
    const [paper] = mapBiotoolPublications(samtools);
    expect(paper).toMatchObject({
      ok: true,
      item: {
        content_type: 'paper',
        title: 'The Sequence Alignment/Map format and SAMtools',
        url: 'https://doi.org/10.1093/bioinformatics/btp352',
        year: 2009,
        domains: ['genomics'],
        ids: [{ scheme: 'doi', value: '10.1093/bioinformatics/btp352' }],
        paper: {
          doi: '10.1093/bioinformatics/btp352',
          journal_name: 'Bioinformatics',
          publication_date: '2009-08-15',
          citation_count: 40361,
        },
      },
    });
    expect(paper!.ok && paper!.item.authors).toEqual([
      'Li H.',
      'Handsaker B.',
      'Wysoker A.',
      'Fennell T.',
      'Ruan J.',
      'Homer N.',
      'Marth G.',
      'Abecasis G.',
      'Durbin R.',
    ]);
    expect(paper!.ok && paper!.item.description).toMatch(/^Summary: The Sequence Alignment\/Map/);
  });

  it('makes no paper of a publication without title or DOI: the tool keeps the DOI to link later', () => {
    const alphafold = page.records[0];
    expect(mapBiotoolPublications(alphafold)).toEqual([]);
    const tool = mapBiotool(alphafold);
    expect(tool.ok && tool.item.metadata?.publication_dois).toEqual(['10.1038/s41586-021-03819-2']);
    expect(
      mapBiotoolPublications({ publication: [{ doi: 'not a doi', metadata: { title: 'T' } }, { metadata: {} }, 7] }),
    ).toEqual([]);
  });

  it('merges a publication two tools share into one paper of the page', () => {
    const tool = page.records[1] as Record<string, unknown>;
    const twin = { ...tool, biotoolsID: 'samtools_twin', name: 'SAMtools twin' };
    const { items } = mergePage([
      mapBiotool(tool),
      mapBiotool(twin),
      ...mapBiotoolPublications(tool),
      ...mapBiotoolPublications(twin),
    ]);
    expect(items.map((item) => item.content_type)).toEqual(['software', 'software', 'paper']);
  });
});
