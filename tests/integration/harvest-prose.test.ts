import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '@sciai/server';
import { invertedIndexOf } from '../../core/src/sources/openalex/map-work.ts';
import { LIVE_SOURCE_PROSE } from '../../core/src/sources/source-prose.ts';
import { anonClient } from '../support/clients.ts';
import { reportOf, useHarvestSources } from '../support/harvest-sources.ts';
import { runSciai } from '../support/sciai.ts';

/**
 * A harvest copies a record's prose only where its source's licence allows it
 * (docs/product.md#sources): OpenAlex's and arXiv's abstracts (CC0) and bio.tools' descriptions
 * (CC BY 4.0), credited; from Crossref, GitHub and the Hugging Face Hub, and for the papers a
 * bio.tools entry brings along, a description composed from the record's facts, marked so, and
 * no abstract. Harvesting again never puts copied prose in place of a composed description, and
 * a licensed source's own words take the place of a composed one. Records are written to saved
 * responses of their own, so other files' harvests on the shared backend do not meet them.
 */
const { environment } = useHarvestSources();
const backend = inject('backend');
const scratch = mkdtempSync(join(tmpdir(), 'sciai-harvest-prose-'));
let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: backend.connectionString, max: 1 });
});
afterAll(async () => {
  await pool.end();
  rmSync(scratch, { recursive: true, force: true });
});

const run = Date.now();
const owner = `sciai-prose-${run.toString(36)}`;
const COMPOSED = { kind: 'composed from facts' };

async function harvest(source: string, body: unknown, ...extra: string[]) {
  const path = join(scratch, `${source}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(body));
  const result = await runSciai(['harvest', source, '--input', path, '--publish', '--json', ...extra], environment());
  expect(result.code, result.stdout + result.stderr).toBe(0);
  return reportOf(result);
}

interface Harvested {
  id: string;
  slug: string;
  description: string;
  short_description: string;
  metadata: { description_origin?: unknown };
  abstract: string | null;
}
async function itemBy(scheme: string, value: string): Promise<Harvested> {
  const { rows } = await pool.query<Harvested>(
    `select ci.id, ci.slug, ci.description, ci.short_description, ci.metadata, p.abstract
     from public.external_ids x join public.content_items ci on ci.id = x.content_id
     left join public.papers p on p.content_id = ci.id
     where x.scheme = $1 and x.value = $2`,
    [scheme, value],
  );
  expect(rows, `${scheme}:${value}`).toHaveLength(1);
  return rows[0]!;
}

const repo = (name: string, id: number) => ({
  id,
  full_name: `${owner}/${name}`,
  name,
  html_url: `https://github.com/${owner}/${name}`,
  description: `The authors’ own words about ${name}.`,
  topics: ['single-cell', 'genomics'],
  language: 'Python',
  license: { spdx_id: 'MIT' },
  created_at: '2021-04-05T10:00:00Z',
  owner: { login: owner },
  stargazers_count: 12,
});

describe('harvested prose, by each source’s licence', () => {
  it('states the same rule per live source in core and in catalog_sources', async () => {
    const { rows } = await pool.query<{ harvest_source: string; id: string; license: string; copies: boolean }>(
      `select harvest_source, id, license, copies_descriptions as copies
       from public.catalog_sources where kind = 'live' order by harvest_source`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.harvest_source, [row.id, row.license, row.copies]]))).toEqual(
      Object.fromEntries(
        Object.entries(LIVE_SOURCE_PROSE).map(([source, rule]) => [
          source,
          [rule.catalogSource, rule.license, rule.copiesProse],
        ]),
      ),
    );
    // and no source without a licence copies prose, whatever is written there
    const refused = await pool
      .query(`update public.catalog_sources set copies_descriptions = true where id = 'github-api'`)
      .then(
        () => 'written',
        (error: Error) => error.message,
      );
    expect(refused).toMatch(/catalog_sources_prose_needs_licence/);
  });

  it('composes GitHub’s and Crossref’s descriptions from facts and copies OpenAlex’s abstract, credited', async () => {
    await harvest('github', [repo('prose-tool', 970_000_001 + (run % 1_000_000))]);
    const tool = await itemBy('github', `${owner}/prose-tool`);
    expect(tool.description).toBe(
      `Repository (2021) by ${owner}, in Python, licensed MIT. Listed by GitHub under “single-cell”, “genomics”.`,
    );
    expect(tool.short_description).toBe(tool.description);
    expect(tool.metadata.description_origin).toEqual(COMPOSED);

    // what the detail page reads: the record under a source that gives facts only, and the origin
    const { data, error } = await anonClient().rpc('item_details', { slugs: [tool.slug] });
    expect(error).toBeNull();
    const [details] = data as Array<{
      metadata: { description_origin?: unknown };
      sources: Array<{ source: string; license: string; copies_descriptions: boolean }>;
    }>;
    expect(details!.metadata.description_origin).toEqual(COMPOSED);
    expect(details!.sources).toEqual([
      expect.objectContaining({ source: 'github-api', license: 'none', copies_descriptions: false }),
    ]);

    const doi = `10.5555/${owner}.crossref`;
    await harvest('crossref', {
      status: 'ok',
      message: {
        items: [
          {
            DOI: doi,
            title: ['A work whose abstract is its publisher’s'],
            abstract: '<jats:p>The publisher’s own abstract.</jats:p>',
            author: [{ given: 'Ada', family: 'Lovelace' }],
            'container-title': ['Journal of Fixtures'],
            published: { 'date-parts': [[2024, 3, 1]] },
            subject: ['Genetics'],
            type: 'journal-article',
          },
        ],
      },
    });
    const work = await itemBy('doi', doi);
    expect(work.description).toBe(
      'Paper (2024) in Journal of Fixtures by Ada Lovelace. Listed by Crossref under “Genetics”.',
    );
    expect(work.abstract).toBeNull();
    expect(work.metadata.description_origin).toEqual(COMPOSED);

    const openalexId = `W${run}`;
    await harvest('openalex', {
      results: [
        {
          id: `https://openalex.org/${openalexId}`,
          doi: `https://doi.org/10.5555/${owner}.openalex`,
          title: 'A work whose abstract is CC0',
          publication_year: 2023,
          abstract_inverted_index: invertedIndexOf('An abstract OpenAlex gives under CC0.'),
          authorships: [{ author: { display_name: 'Grace Hopper' } }],
          type: 'article',
        },
      ],
    });
    const copied = await itemBy('openalex', openalexId);
    expect([copied.description, copied.abstract]).toEqual([
      'An abstract OpenAlex gives under CC0.',
      'An abstract OpenAlex gives under CC0.',
    ]);
    expect(copied.metadata.description_origin).toEqual({ kind: 'source', source: 'openalex-api' });
  });

  it('keeps a composed description when harvested again, and gives way only to a licensed source’s own words', async () => {
    const id = 970_000_002 + (run % 1_000_000);
    await harvest('github', [repo('prose-pipeline', id)]);
    const composed = await itemBy('github', `${owner}/prose-pipeline`);
    expect(composed.metadata.description_origin).toEqual(COMPOSED);

    const again = await harvest('github', [{ ...repo('prose-pipeline', id), description: 'Newer words of theirs.' }]);
    expect(again).toMatchObject({ added: 0, updated: 0 });
    expect((await itemBy('github', `${owner}/prose-pipeline`)).description).toBe(composed.description);

    // bio.tools finds the same repository: its own words (CC BY 4.0) replace the composed summary
    const paperDoi = `10.5555/${owner}.publication`;
    const biotools = {
      count: 1,
      next: null,
      list: [
        {
          name: 'Prose Pipeline',
          biotoolsID: `${owner}-pipeline`,
          description: 'What bio.tools says the pipeline does.',
          homepage: `https://github.com/${owner}/prose-pipeline`,
          topic: [{ uri: 'http://edamontology.org/topic_3170', term: 'RNA-Seq' }],
          link: [{ url: `https://github.com/${owner}/prose-pipeline`, type: ['Repository'] }],
          language: ['Python'],
          license: 'MIT',
          credit: [],
          publication: [
            {
              doi: paperDoi,
              metadata: {
                title: 'The pipeline’s paper',
                abstract: 'A publisher’s abstract, as Europe PMC copies it.',
                date: '2022-01-02T00:00:00Z',
                authors: [{ name: 'Li H.' }],
                journal: 'Bioinformatics',
              },
            },
          ],
        },
      ],
    };
    await harvest('biotools', biotools);
    const replaced = await itemBy('github', `${owner}/prose-pipeline`);
    expect(replaced.id).toBe(composed.id);
    expect([replaced.description, replaced.short_description]).toEqual([
      'What bio.tools says the pipeline does.',
      'What bio.tools says the pipeline does.',
    ]);
    expect(replaced.metadata.description_origin).toEqual({ kind: 'source', source: 'biotools-api' });

    // the paper it brings along: Europe PMC's copy of the publisher's abstract is not bio.tools' to license
    const paper = await itemBy('doi', paperDoi);
    expect(paper.description).toBe(
      'Paper (2022) in Bioinformatics by Li H. Listed by bio.tools as a publication of “Prose Pipeline”.',
    );
    expect(paper.abstract).toBeNull();
    expect(paper.metadata.description_origin).toEqual(COMPOSED);

    // and never the reverse: GitHub again leaves bio.tools' words
    await harvest('github', [repo('prose-pipeline', id)]);
    expect((await itemBy('github', `${owner}/prose-pipeline`)).description).toBe(
      'What bio.tools says the pipeline does.',
    );
  });

  it('withdraws text earlier harvests copied from such sources, for the next harvest to compose', async () => {
    // An item as a harvest wrote it before the rule: GitHub's description copied, no origin; and
    // one an editor has rewritten since (its short text no longer the description's start).
    const ids = [970_000_003 + (run % 1_000_000), 970_000_004 + (run % 1_000_000)];
    await harvest('github', [repo('prose-old', ids[0]!), repo('prose-edited', ids[1]!)]);
    const old = await itemBy('github', `${owner}/prose-old`);
    const edited = await itemBy('github', `${owner}/prose-edited`);
    await pool.query(
      `update public.content_items set description = $2, short_description = $2,
         metadata = metadata - 'description_origin' where id = $1`,
      [old.id, 'The authors’ own words about prose-old.'],
    );
    await pool.query(
      `update public.content_items set description = $2, short_description = $3,
         metadata = metadata - 'description_origin' where id = $1`,
      [edited.id, 'An editor’s description.', 'An editor’s summary.'],
    );

    const migrations = join(REPO_ROOT, 'supabase/migrations');
    const file = readdirSync(migrations).find((name) => name.endsWith('_harvest_prose_only_where_licensed.sql'));
    const migration = readFileSync(join(migrations, file!), 'utf8');
    const withdrawal = migration.slice(migration.indexOf('with withdrawn as ('));
    expect(withdrawal).toMatch(/^with withdrawn as \(/);
    await pool.query(withdrawal);

    const withdrawn = await itemBy('github', `${owner}/prose-old`);
    expect([withdrawn.description, withdrawn.short_description]).toEqual(['', '']);
    expect((await itemBy('github', `${owner}/prose-edited`)).description).toBe('An editor’s description.');

    await harvest('github', [repo('prose-old', ids[0]!)]);
    const recomposed = await itemBy('github', `${owner}/prose-old`);
    expect(recomposed.description).toBe(
      `Repository (2021) by ${owner}, in Python, licensed MIT. Listed by GitHub under “single-cell”, “genomics”.`,
    );
    expect(recomposed.metadata.description_origin).toEqual(COMPOSED);
  });
});
