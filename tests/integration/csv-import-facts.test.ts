import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FACT_MESSAGES, runCsvImport, type ImportType } from '@sciai/core';
import { serviceClient } from '../support/clients.ts';
import { signedInAs } from '../support/auth.ts';
import { domainsOf, rpcOf } from '../support/csv-import.ts';

/**
 * The import's derived and dated facts (docs/product.md#facts): an agent's licence decides
 * open_source (a filled open_source cell is refused), typed dates decide the year browse filters
 * by, company facts keep their as-of date and source, and author lists stay whole or are marked.
 */
const csv = (header: string[], rows: string[][]) =>
  [header, ...rows].map((cells) => cells.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\n');

async function importAs(type: ImportType, text: string) {
  const admin = await signedInAs('admin', `facts-${type}`);
  return runCsvImport(
    text,
    type,
    { call: rpcOf(admin.client), domains: await domainsOf(admin.client) },
    { fileName: `${type}-facts.csv` },
  );
}

describe('CSV import of derived and dated facts', () => {
  it('derives an agent’s open_source from its licence, its year from its first release; refuses open_source', async () => {
    const tag = randomUUID().slice(0, 8);
    const text = csv(
      ['name', 'license', 'first_release', 'open_source', 'domains'],
      [
        [`Facts ${tag} Open`, 'MIT', '2023-04', '', 'chemistry'],
        [`Facts ${tag} Noncommercial`, 'CC-BY-NC-4.0', '2022', '', 'chemistry'],
        [`Facts ${tag} Typed`, 'Commercial', '', 'true', 'chemistry'],
      ],
    );
    const { result, outcome } = await importAs('agent', text);
    expect(result.rows.map((row) => row.status)).toEqual(['Valid', 'Valid', 'Invalid']);
    expect(result.rows[2]?.issues.map((issue) => issue.message)).toContain(FACT_MESSAGES.openSourceColumn);
    expect(outcome).toMatchObject({ inserted: 2 });

    const { data, error } = await serviceClient()
      .from('content_items')
      .select('title, year, agents(license, open_source, first_release)')
      .like('title', `Facts ${tag} %`)
      .order('title');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        title: `Facts ${tag} Noncommercial`,
        year: 2022,
        agents: { license: 'CC-BY-NC-4.0', open_source: false, first_release: '2022' },
      },
      {
        title: `Facts ${tag} Open`,
        year: 2023,
        agents: { license: 'MIT', open_source: true, first_release: '2023-04' },
      },
    ]);
  });

  it('keeps company facts with their as-of date and source, and the founding year as the year', async () => {
    const tag = randomUUID().slice(0, 8);
    const text = csv(
      ['name', 'founded_year', 'funding_stage', 'funding_stage_as_of', 'funding_stage_source', 'headquarters'],
      [[`Facts ${tag} Company`, '2019', 'Seed', '2025-03-01', 'https://example.org/seed', 'Lyon, France']],
    );
    const { result, outcome } = await importAs('company', text);
    expect(result.rows[0]?.issues).toEqual([{ level: 'warning', message: FACT_MESSAGES.undated('headquarters') }]);
    expect(outcome).toMatchObject({ inserted: 1 });
    const { data } = await serviceClient()
      .from('content_items')
      .select(
        'year, companies(founded_year, funding_stage, funding_stage_as_of, funding_stage_source, headquarters, headquarters_as_of)',
      )
      .eq('title', `Facts ${tag} Company`)
      .single();
    expect(data).toEqual({
      year: 2019,
      companies: {
        founded_year: 2019,
        funding_stage: 'Seed',
        funding_stage_as_of: '2025-03-01',
        funding_stage_source: 'https://example.org/seed',
        headquarters: 'Lyon, France',
        headquarters_as_of: null,
      },
    });
  });

  it('keeps every author in order, and marks a list ending in "et al."', async () => {
    const tag = randomUUID().slice(0, 8);
    const many = Array.from({ length: 40 }, (_, i) => `Facts${tag} Author ${String(40 - i).padStart(2, '0')}`);
    const text = csv(
      ['title', 'abstract', 'doi', 'authors'],
      [
        [`Facts ${tag} Whole`, 'A', `10.5555/facts${tag}.whole`, JSON.stringify(many)],
        [`Facts ${tag} Cut`, 'A', `10.5555/facts${tag}.cut`, `Facts${tag} First, Facts${tag} Second, et al.`],
      ],
    );
    const { outcome } = await importAs('paper', text);
    expect(outcome).toMatchObject({ inserted: 2 });
    const slugs = [`facts-${tag}-whole`, `facts-${tag}-cut`];
    const details = await serviceClient().rpc('item_details', { slugs });
    const papers = (details.data as Array<{ paper: { authors: string[]; authors_complete: boolean } }>).map(
      (item) => item.paper,
    );
    expect(papers[0]).toMatchObject({ authors: many, authors_complete: true });
    expect(papers[1]).toMatchObject({ authors: [`Facts${tag} First`, `Facts${tag} Second`], authors_complete: false });
  });
});
