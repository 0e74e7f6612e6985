import { BIOTOOLS_DOMAINS, mapToDomains } from '../domain-maps.ts';
import {
  finishItem,
  listField,
  normalizeDoi,
  numberField,
  plainText,
  textField,
  type MappedRecord,
} from '../harvest-item.ts';

/**
 * A bio.tools entry's publications (biotoolsSchema `publication`: doi, pmid, pmcid, type, and the
 * `metadata` bio.tools fills in from Europe PMC: title, abstract, date, citationCount, authors,
 * journal) as papers, harvested with the tool. commit_harvest_page links each to the tool by DOI
 * (item_relations). A publication without a DOI cannot be linked and one without a title cannot
 * be an item: the tool keeps its DOI (metadata.publication_dois), and it is linked once the
 * paper is in the catalog or arrives from another source.
 */
export function mapBiotoolPublications(tool: unknown): MappedRecord[] {
  const topics = listField(tool, 'topic')
    .map((topic) => textField(topic, 'term'))
    .filter((term): term is string => term !== undefined);
  const papers: MappedRecord[] = [];
  for (const publication of listField(tool, 'publication')) {
    const doi = normalizeDoi(textField(publication, 'doi'));
    const title = textField(publication, 'metadata', 'title');
    if (!doi || !title) continue;
    const abstract = plainText(textField(publication, 'metadata', 'abstract'));
    const date = textField(publication, 'metadata', 'date')?.slice(0, 10);
    const published = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
    const mapped = finishItem(
      {
        content_type: 'paper',
        title,
        description: abstract,
        short_description: abstract,
        url: `https://doi.org/${doi}`,
        year: published ? Number(published.slice(0, 4)) : undefined,
        domains: mapToDomains(BIOTOOLS_DOMAINS, topics),
        authors: listField(publication, 'metadata', 'authors')
          .map((author) => textField(author, 'name'))
          .filter((name): name is string => name !== undefined),
        ids: [{ scheme: 'doi', value: doi }],
        paper: {
          doi,
          abstract: abstract || undefined,
          journal_name: textField(publication, 'metadata', 'journal'),
          publication_date: published,
          citation_count: numberField(publication, 'metadata', 'citationCount'),
        },
      },
      doi,
    );
    // A publication is harvested for its tool's sake: one that cannot be an item is not reported.
    if (mapped.ok) papers.push(mapped);
  }
  return papers;
}
