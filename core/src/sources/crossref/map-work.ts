import { CROSSREF_DOMAINS, mapToDomains } from '../domain-maps.ts';
import {
  field,
  finishItem,
  listField,
  normalizeDoi,
  numberField,
  plainText,
  shortFrom,
  textField,
  textList,
  type MappedRecord,
} from '../harvest-item.ts';

/** Crossref's date-parts ([[2023, 5, 17]]) as YYYY-MM-DD when complete, and the year. */
export function crossrefDate(value: unknown): { year?: number; date?: string } {
  const parts = field(value, 'date-parts', 0);
  if (!Array.isArray(parts) || typeof parts[0] !== 'number') return {};
  const [year, month, day]: unknown[] = parts;
  const pad = (n: unknown) => String(n).padStart(2, '0');
  const date = typeof month === 'number' && typeof day === 'number' ? `${year}-${pad(month)}-${pad(day)}` : undefined;
  return { year: Number(year), date };
}

/**
 * One Crossref work (the `message` of /works/{doi}, an item of /works) as a paper. Works
 * Crossref marks as retracted or withdrawn (update-to of type retraction / withdrawal) are refused.
 */
export function mapCrossrefWork(work: unknown): MappedRecord {
  const doi = normalizeDoi(textField(work, 'DOI'));
  const ref = doi ?? 'a Crossref work without DOI';
  const updates = listField(work, 'update-to').map((update) => textField(update, 'type'));
  if (updates.some((type) => type === 'retraction' || type === 'withdrawal')) {
    return { ok: false, refused: { ref, reason: 'Retracted or withdrawn' } };
  }
  if (textField(work, 'subtype') === 'withdrawn')
    return { ok: false, refused: { ref, reason: 'Retracted or withdrawn' } };
  const abstract = plainText(textField(work, 'abstract'));
  const published = crossrefDate(field(work, 'published') ?? field(work, 'issued'));
  const authors = listField(work, 'author')
    .map(
      (author) =>
        [textField(author, 'given'), textField(author, 'family')].filter(Boolean).join(' ') ||
        textField(author, 'name'),
    )
    .filter((name): name is string => Boolean(name));
  const affiliations = listField(work, 'author').map((author) =>
    listField(author, 'affiliation')
      .map((affiliation) => textField(affiliation, 'name'))
      .filter((name): name is string => name !== undefined),
  );
  const subjects = textList(work, 'subject');
  const licence = listField(work, 'license').map((entry) => textField(entry, 'URL'));
  return finishItem(
    {
      content_type: 'paper',
      title: textList(work, 'title')[0] ?? '',
      description: abstract,
      short_description: shortFrom(abstract),
      url: doi ? `https://doi.org/${doi}` : textField(work, 'URL'),
      year: published.year,
      tags: subjects,
      domains: mapToDomains(CROSSREF_DOMAINS, subjects),
      authors,
      ids: doi ? [{ scheme: 'doi', value: doi }] : [],
      paper: {
        abstract: abstract || undefined,
        doi,
        journal_name: textList(work, 'container-title')[0],
        publication_date: published.date,
        open_access: licence.some((url) => url !== undefined && /creativecommons\.org/i.test(url)),
        peer_reviewed: textField(work, 'type') === 'journal-article',
        citation_count: numberField(work, 'is-referenced-by-count'),
      },
      metadata: {
        author_affiliations: affiliations.some((list) => list.length > 0) ? affiliations : undefined,
        work_type: textField(work, 'type'),
      },
    },
    ref,
  );
}
