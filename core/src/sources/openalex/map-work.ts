import { mapToDomains, OPENALEX_DOMAINS } from '../domain-maps.ts';
import {
  field,
  finishItem,
  httpUrl,
  listField,
  normalizeArxivId,
  normalizeDoi,
  numberField,
  plainText,
  shortFrom,
  textField,
  type ExternalId,
  type MappedRecord,
} from '../harvest-item.ts';

/**
 * The abstract from OpenAlex's abstract_inverted_index (word → positions): each word written at
 * each of its positions, in position order. Positions out of range or repeated are ignored.
 */
export function abstractFromInvertedIndex(index: unknown): string {
  if (index === null || typeof index !== 'object' || Array.isArray(index)) return '';
  const words: string[] = [];
  let count = 0;
  for (const [word, positions] of Object.entries(index)) {
    if (!Array.isArray(positions)) continue;
    for (const position of positions) {
      if (!Number.isInteger(position) || position < 0 || position > 100_000 || count > 100_000) continue;
      if (words[position] === undefined) count += 1;
      words[position] ??= word;
    }
  }
  return words.filter((word) => word !== undefined).join(' ');
}

/** The inverted index of a text, as OpenAlex writes one (words split on single spaces). */
export function invertedIndexOf(text: string): Record<string, number[]> {
  // No prototype: a word such as "__proto__" must become a key like any other.
  const index: Record<string, number[]> = Object.create(null);
  text.split(' ').forEach((word, position) => {
    if (!Object.hasOwn(index, word)) index[word] = [];
    index[word]!.push(position);
  });
  return index;
}

/** OpenAlex ids are URLs (https://openalex.org/W2741809807); the short id is kept. */
export function openAlexShortId(value: string | undefined): string | undefined {
  const match = value?.match(/(?:^|\/)([WwAaSsIiTt]\d+)$/);
  return match ? match[1]!.toUpperCase() : undefined;
}

/** One OpenAlex work (docs.openalex.org, Work object) as a paper. Retracted works are refused. */
export function mapOpenAlexWork(work: unknown): MappedRecord {
  const openalex = openAlexShortId(textField(work, 'id'));
  const ref = openalex ?? textField(work, 'doi') ?? 'an OpenAlex work without id';
  if (field(work, 'is_retracted') === true) return { ok: false, refused: { ref, reason: 'Retracted' } };
  const doi = normalizeDoi(textField(work, 'doi') ?? textField(work, 'ids', 'doi'));
  const arxiv = listField(work, 'locations')
    .map((location) => textField(location, 'landing_page_url'))
    .map((url) => (url && /arxiv\.org/i.test(url) ? normalizeArxivId(url) : undefined))
    .find((id) => id !== undefined);
  const ids: ExternalId[] = [];
  if (doi) ids.push({ scheme: 'doi', value: doi });
  if (arxiv) ids.push({ scheme: 'arxiv', value: arxiv });
  if (openalex) ids.push({ scheme: 'openalex', value: openalex });

  const abstract = plainText(abstractFromInvertedIndex(field(work, 'abstract_inverted_index')));
  const topics = listField(work, 'topics');
  const terms: string[] = [];
  for (const topic of [field(work, 'primary_topic'), ...topics]) {
    for (const level of ['subfield', 'field', 'domain']) {
      const name = textField(topic, level, 'display_name');
      if (name) terms.push(name);
    }
  }
  for (const concept of listField(work, 'concepts')) {
    const name = textField(concept, 'display_name');
    if (name) terms.push(name);
  }
  const authorships = listField(work, 'authorships');
  const authors = authorships
    .map((authorship) => textField(authorship, 'author', 'display_name'))
    .filter((name): name is string => name !== undefined);
  const institutions = authorships.map((authorship) =>
    listField(authorship, 'institutions')
      .map((institution) => textField(institution, 'display_name'))
      .filter((name): name is string => name !== undefined),
  );
  const openAccessUrl = httpUrl(textField(work, 'open_access', 'oa_url'));
  const landing = httpUrl(textField(work, 'primary_location', 'landing_page_url'));
  const title = textField(work, 'title') ?? textField(work, 'display_name') ?? '';
  return finishItem(
    {
      content_type: 'paper',
      title,
      description: abstract,
      short_description: shortFrom(abstract),
      url: doi ? `https://doi.org/${doi}` : (landing ?? openAccessUrl),
      year: numberField(work, 'publication_year'),
      tags: listField(work, 'keywords')
        .map((keyword) => textField(keyword, 'display_name'))
        .filter((name): name is string => name !== undefined),
      domains: mapToDomains(OPENALEX_DOMAINS, terms),
      authors,
      ids,
      paper: {
        abstract: abstract || undefined,
        doi,
        arxiv_id: arxiv,
        journal_name: textField(work, 'primary_location', 'source', 'display_name'),
        publication_date: textField(work, 'publication_date'),
        // OpenAlex lists cut authorships at 100 and says so (docs.openalex.org, authors' limitations)
        authors_complete: field(work, 'is_authors_truncated') === true ? false : undefined,
        open_access: field(work, 'open_access', 'is_oa') === true,
        peer_reviewed: textField(work, 'type') === 'article',
        citation_count: numberField(work, 'cited_by_count'),
      },
      metadata: {
        open_access_url: openAccessUrl,
        author_institutions: institutions.some((list) => list.length > 0) ? institutions : undefined,
        work_type: textField(work, 'type'),
      },
    },
    ref,
  );
}
