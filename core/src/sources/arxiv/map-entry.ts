import { ARXIV_DOMAINS, mapToDomains } from '../domain-maps.ts';
import {
  finishItem,
  normalizeArxivId,
  normalizeDoi,
  plainText,
  shortFrom,
  type ExternalId,
  type MappedRecord,
} from '../harvest-item.ts';
import { childrenNamed, childText, localName, type AtomElement } from './atom.ts';

function isEntry(value: unknown): value is AtomElement {
  return typeof value === 'object' && value !== null && 'children' in value && 'name' in value;
}

/**
 * One Atom entry of the arXiv API as a paper: id without version (the version kept), primary
 * category first among the categories, the PDF link, a DOI and journal reference when the
 * authors gave them. Withdrawn papers (their comment says so) are refused.
 */
export function mapArxivEntry(entry: unknown): MappedRecord {
  if (!isEntry(entry)) return { ok: false, refused: { ref: 'an arXiv entry', reason: 'Not an Atom entry' } };
  const idUrl = childText(entry, 'id') ?? '';
  const arxiv = normalizeArxivId(idUrl);
  const ref = arxiv ?? (idUrl || 'an arXiv entry without id');
  const version = idUrl.match(/v(\d+)$/)?.[1];
  const comment = childText(entry, 'comment') ?? '';
  if (/\b(?:this (?:paper|submission|article) (?:has been|is) withdrawn|withdrawn by the author)/i.test(comment)) {
    return { ok: false, refused: { ref, reason: 'Withdrawn' } };
  }
  const primary = childrenNamed(entry, 'primary_category')[0]?.attributes.term;
  const categories = [
    ...(primary ? [primary] : []),
    ...childrenNamed(entry, 'category')
      .map((category) => category.attributes.term)
      .filter((term): term is string => Boolean(term)),
  ];
  const distinctCategories = [...new Set(categories)];
  const links = childrenNamed(entry, 'link');
  const pdf = links.find((link) => link.attributes.title === 'pdf' || link.attributes.type === 'application/pdf');
  const abstract = plainText(childText(entry, 'summary'));
  const doi = normalizeDoi(childText(entry, 'doi'));
  const published = childText(entry, 'published');
  const ids: ExternalId[] = [];
  if (arxiv) ids.push({ scheme: 'arxiv', value: arxiv });
  if (doi) ids.push({ scheme: 'doi', value: doi });
  return finishItem(
    {
      content_type: 'paper',
      title: childText(entry, 'title') ?? '',
      description: abstract,
      short_description: shortFrom(abstract),
      url: arxiv ? `https://arxiv.org/abs/${arxiv}` : undefined,
      year: published ? Number(published.slice(0, 4)) : undefined,
      tags: distinctCategories,
      domains: mapToDomains(ARXIV_DOMAINS, distinctCategories),
      authors: childrenNamed(entry, 'author')
        .map((author) => childText(author, 'name'))
        .filter((name): name is string => name !== undefined),
      ids,
      paper: {
        abstract: abstract || undefined,
        doi,
        arxiv_id: arxiv,
        journal_name: childText(entry, 'journal_ref'),
        publication_date: published?.slice(0, 10),
        open_access: true,
      },
      metadata: {
        arxiv_version: version ? Number(version) : undefined,
        pdf_url: pdf?.attributes.href,
        arxiv_categories: distinctCategories,
        updated: childText(entry, 'updated'),
        affiliations: childrenNamed(entry, 'author').map((author) =>
          author.children.filter((child) => localName(child.name) === 'affiliation').map((child) => child.text.trim()),
        ),
      },
    },
    ref,
  );
}
