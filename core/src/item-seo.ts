import type { ContentType } from './content.ts';
import { itemPath } from './item-paths.ts';
import { pageTitle } from './page-title.ts';
import { reviewsJsonLd, type ItemReviewsSeo } from './reviews/review-seo.ts';

// The titles live in a module of their own, so that the web app's every page, which sets its
// title, does not carry a detail page's head tags and structured data
// (docs/decisions/0058-browse-first-download.md).
export { HOME_TITLE, pageTitle, SITE_NAME } from './page-title.ts';

/**
 * What the head tags and structured data of a detail page need. The field names are those of
 * the item_details SQL function, so its JSON (gateway) and the web app's ItemDetail both fit.
 */
export interface ItemSeoInput {
  slug: string;
  title: string;
  description: string;
  short_description: string;
  content_type: ContentType;
  url: string | null;
  year: number | null;
  tags: readonly string[];
  published_at: string | null;
  updated_at: string;
  organization: { name: string; website: string | null } | null;
  domains: ReadonlyArray<{ slug: string; name: string }>;
  software?: {
    pricing_model: string | null;
    github_url: string | null;
    license: string | null;
    programming_languages: readonly string[];
  } | null;
  paper?: {
    abstract: string | null;
    doi: string | null;
    journal_name: string | null;
    publication_date: string | null;
    authors: readonly string[];
    keywords: readonly string[];
  } | null;
  company?: { founded_year: number | null; headquarters: string | null; industry_focus: readonly string[] } | null;
  agent?: { pricing_model: string | null; model_type: string | null } | null;
  /** Its rating and top reviews, when they have been read (docs/product.md#reviews). */
  reviews?: ItemReviewsSeo;
}

/** '{title} — SciAI', the tab title of a detail page. */
export function itemPageTitle(item: Pick<ItemSeoInput, 'title'>): string {
  return pageTitle(item.title);
}

const DESCRIPTION_LIMIT = 160;

/** The meta description: the short description, else the abstract or description, cut at a word. */
export function itemMetaDescription(
  item: Pick<ItemSeoInput, 'short_description' | 'description' | 'paper' | 'title'>,
): string {
  const text = [item.short_description, item.paper?.abstract, item.description]
    .map((value) => (value ?? '').replace(/\s+/g, ' ').trim())
    .find(Boolean);
  return truncateAtWord(text || item.title, DESCRIPTION_LIMIT);
}

export function truncateAtWord(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** The DOI as a resolvable link. */
export function doiUrl(doi: string): string {
  return `https://doi.org/${doi}`;
}

type JsonLd = Record<string, unknown>;

/**
 * schema.org data for a detail page: SoftwareApplication (software and agents), ScholarlyArticle
 * (papers) or Organization (companies), with its AggregateRating and top Reviews when it has
 * published reviews, and a BreadcrumbList, as one @graph.
 */
export function itemJsonLd(item: ItemSeoInput, origin: string): JsonLd {
  const pageUrl = `${origin}${itemPath(item.content_type, item.slug)}`;
  const description = itemMetaDescription(item);
  const organization = item.organization
    ? compact({ '@type': 'Organization', name: item.organization.name, url: item.organization.website })
    : undefined;
  const about = item.domains.length
    ? item.domains.map((domain) => ({ '@type': 'Thing', name: domain.name }))
    : undefined;
  const keywords = item.tags.length ? item.tags.join(', ') : undefined;

  let main: JsonLd;
  switch (item.content_type) {
    case 'software':
    case 'agent': {
      const pricing = item.software?.pricing_model ?? item.agent?.pricing_model;
      main = compact({
        '@type': 'SoftwareApplication',
        name: item.title,
        description,
        url: pageUrl,
        applicationCategory: item.content_type === 'agent' ? 'AI agent' : 'Scientific software',
        operatingSystem: 'Any',
        author: organization,
        sameAs: nonEmpty([item.url, item.software?.github_url]),
        license: item.software?.license ?? undefined,
        programmingLanguage: nonEmpty(item.software?.programming_languages ?? []),
        keywords,
        about,
        isAccessibleForFree: pricing === 'free' ? true : undefined,
        offers: pricing === 'free' ? { '@type': 'Offer', price: 0, priceCurrency: 'USD' } : undefined,
        datePublished: item.year ? String(item.year) : undefined,
      });
      break;
    }
    case 'paper': {
      const paper = item.paper;
      main = compact({
        '@type': 'ScholarlyArticle',
        headline: truncateAtWord(item.title, 110),
        name: item.title,
        description,
        abstract: paper?.abstract ?? undefined,
        url: pageUrl,
        author: nonEmpty((paper?.authors ?? []).map((name) => ({ '@type': 'Person', name }))),
        sourceOrganization: organization,
        datePublished: paper?.publication_date ?? (item.year ? String(item.year) : undefined),
        isPartOf: paper?.journal_name ? { '@type': 'Periodical', name: paper.journal_name } : undefined,
        identifier: paper?.doi ? { '@type': 'PropertyValue', propertyID: 'DOI', value: paper.doi } : undefined,
        sameAs: nonEmpty([paper?.doi ? doiUrl(paper.doi) : null, item.url]),
        keywords: paper?.keywords.length ? paper.keywords.join(', ') : keywords,
        about,
      });
      break;
    }
    case 'company': {
      const company = item.company;
      main = compact({
        '@type': 'Organization',
        name: item.title,
        description,
        url: item.url ?? item.organization?.website ?? pageUrl,
        mainEntityOfPage: pageUrl,
        foundingDate: company?.founded_year ? String(company.founded_year) : undefined,
        address: company?.headquarters ?? undefined,
        knowsAbout: nonEmpty([...(company?.industry_focus ?? []), ...item.domains.map((domain) => domain.name)]),
        keywords,
      });
      break;
    }
  }

  main = { ...main, ...reviewsJsonLd(item.reviews) };

  const breadcrumbs = {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
      { '@type': 'ListItem', position: 2, name: 'Browse', item: `${origin}/browse` },
      { '@type': 'ListItem', position: 3, name: item.title, item: pageUrl },
    ],
  };
  return { '@context': 'https://schema.org', '@graph': [main, breadcrumbs] };
}

function compact(object: Record<string, unknown>): JsonLd {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== null));
}

function nonEmpty<T>(values: ReadonlyArray<T | null | undefined>): T[] | undefined {
  const present = values.filter((value): value is T => value !== null && value !== undefined && value !== '');
  const unique = [...new Set(present)];
  return unique.length ? unique : undefined;
}
