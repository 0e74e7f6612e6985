import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildCompareRows } from '../compare/compare-rows.ts';
import { compareHref } from '../compare/compare-selection.ts';
import { formatRatingAverage, ratingBadge } from '../catalog/item-rating.ts';
import { sourceAsksCredit, sourceRecordDate } from '../catalog/item-source-records.ts';
import { sourceLicenseLabel } from '../catalog/source-labels.ts';
import { CONTENT_TYPE_LABELS } from '../content-labels.ts';
import { defaultFilters, FIRST_YEAR, searchText, yearBounds, type FilterState } from '../filters/filter-state.ts';
import { PARTIAL_FILL_DIVIDER } from '../filters/partial-fill.ts';
import type { SearchCard } from '../filters/search-result.ts';
import { browseHref, browseUrl } from '../filters/url-codec.ts';
import { itemPath } from '../item-paths.ts';
import { markdownParagraphs, markdownText } from '../open-data/markdown-text.ts';
import { CatalogError, type CatalogToolsContext } from './catalog-client.ts';
import {
  type ItemDetailRow,
  findSlugById,
  readDomainsWithCounts,
  readItemDetails,
  readRelatedItems,
  searchCatalogItems,
} from './catalog-reads.ts';
import {
  CompareItemsInput,
  CompareItemsOutput,
  GetItemInput,
  GetItemOutput,
  ListDomainsInput,
  ListDomainsOutput,
  RecentAdditionsInput,
  RecentAdditionsOutput,
  RelatedItemsInput,
  RelatedItemsOutput,
  SearchCatalogInput,
  SearchCatalogOutput,
  type ItemCardOutput,
} from './tool-schemas.ts';
import { ratingLines, readReviewSummary, reviewLines } from './review-tools.ts';

export type { CatalogToolsContext } from './catalog-client.ts';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/**
 * The catalog tools of the SciAI MCP server (docs/product.md#mcp): read-only, as a visitor. A
 * failure of the catalog becomes a tool result with isError (the SDK turns a thrown error into
 * one), so an agent reads what went wrong instead of the connection breaking.
 */
export function registerCatalogTools(server: McpServer, context: CatalogToolsContext): void {
  const { client, siteUrl } = context;
  const card = (item: SearchCard): ItemCardOutput => ({
    slug: item.slug,
    title: item.title,
    content_type: item.content_type,
    url: siteUrl(itemPath(item.content_type, item.slug)),
    summary: item.short_description,
    organization: item.organization?.name ?? null,
    year: item.year,
    domains: item.domains,
    verified: item.verified,
    save_count: item.save_count,
    added_at: item.created_at,
    rating: item.rating ?? null,
  });

  server.registerTool(
    'search_catalog',
    {
      title: 'Search the SciAI catalog',
      description:
        'Full-text search over AI tools, papers, companies and agents for science, with the browse filters (type, domain, features, organization size, operation, input data, years) and sort; paged.',
      inputSchema: SearchCatalogInput,
      outputSchema: SearchCatalogOutput,
      annotations: READ_ONLY,
    },
    async (input) => {
      const filters: FilterState = {
        ...defaultFilters(context.currentYear),
        search: input.query,
        domains: input.domains,
        contentTypes: input.content_types,
        features: input.features,
        organizationSizes: input.organization_sizes,
        operations: input.operations,
        inputData: input.input_data,
        yearRange: [input.year_from ?? FIRST_YEAR, input.year_to ?? context.currentYear],
        sortBy: input.sort,
      };
      const { from } = yearBounds(filters);
      const result = await searchCatalogItems(client, {
        search: searchText(filters),
        domains: filters.domains,
        content_types: filters.contentTypes,
        features: filters.features,
        organization_sizes: filters.organizationSizes,
        operations: filters.operations,
        input_data: filters.inputData,
        year_from: from,
        year_to: input.year_to ?? null,
        sort_by: filters.sortBy,
        page_offset: input.page * input.page_size,
        page_size: input.page_size,
      });
      const items = result.items.map(card);
      const output = {
        total: result.total,
        page: input.page,
        page_size: input.page_size,
        has_more: (input.page + 1) * input.page_size < result.total,
        items,
        ...(result.corrected_search ? { corrected_query: result.corrected_search } : {}),
        ...(result.suggestion ? { suggestion: result.suggestion } : {}),
        ...(result.partial_match ? { partial_match: true } : {}),
        ...(result.partial_from !== undefined ? { partial_from: result.partial_from } : {}),
        browse_url: siteUrl(browseUrl(filters, 'grid', context.currentYear)),
      };
      const heading =
        result.total === 0
          ? `No items matched${result.suggestion ? `; did you mean “${result.suggestion}”?` : '.'}`
          : `${result.partial_match ? 'No exact matches; ' : ''}${result.total} items matched${result.partial_match ? ' some of the words' : ''}${result.corrected_search ? ` “${result.corrected_search}” (corrected)` : ''}; page ${input.page + 1}:`;
      const lines = items.map(cardLine);
      // docs/product.md#browse-search: the items after the full matches match only some words
      if (result.partial_from !== undefined) lines.splice(result.partial_from, 0, `${PARTIAL_FILL_DIVIDER}:`);
      return answer(output, [heading, ...lines, `Browse: ${output.browse_url}`]);
    },
  );

  server.registerTool(
    'get_item',
    {
      title: 'Get one catalog item',
      description:
        'Everything SciAI knows about one item (software, paper, company or agent), by slug or by id: description, organization, domains, features, the facts of its type, its rating and its most helpful reviews.',
      inputSchema: GetItemInput,
      outputSchema: GetItemOutput,
      annotations: READ_ONLY,
    },
    async ({ slug, id }) => {
      if ((slug === undefined) === (id === undefined)) throw new CatalogError('Give either slug or id, not both.');
      const found = slug ?? (await findSlugById(client, id!));
      const [item] = found === undefined ? [] : await readItemDetails(client, [found]);
      if (!item) throw new CatalogError(`No published item has the ${slug ? `slug “${slug}”` : `id ${id}`}.`);
      const url = siteUrl(itemPath(item.content_type, item.slug));
      const reviews = await readReviewSummary(client, item.id, siteUrl);
      const facts = [
        `${markdownText(item.title)} (${CONTENT_TYPE_LABELS[item.content_type]}${item.organization ? `, ${markdownText(item.organization.name)}` : ''}${item.year ? `, ${item.year}` : ''})`,
        markdownParagraphs(item.description),
        item.domains.length > 0 ? `Domains: ${item.domains.map((domain) => markdownText(domain.name)).join(', ')}` : '',
        item.key_features.length > 0 ? `Key features: ${item.key_features.map(markdownText).join('; ')}` : '',
        ratingLine(item.rating),
        ...sourceLines(item.sources),
        ...ratingLines(reviews.rating, reviews.total),
        ...reviewLines(reviews.top),
        `Page: ${url}`,
      ];
      return answer({ url, item, reviews }, facts.filter(Boolean));
    },
  );

  server.registerTool(
    'compare_items',
    {
      title: 'Compare items side by side',
      description:
        'Compares 2 to 4 items attribute by attribute, in the rows of the SciAI compare page (type, organization, domains, year, pricing, open source, API, GitHub stars, citations, features, advantages, verified), marking the rows that differ.',
      inputSchema: CompareItemsInput,
      outputSchema: CompareItemsOutput,
      annotations: READ_ONLY,
    },
    async ({ slugs }) => {
      const unique = [...new Set(slugs)];
      const items = await readItemDetails(client, unique);
      const missing = unique.filter((slug) => !items.some((item) => item.slug === slug));
      if (items.length < 2) {
        throw new CatalogError(
          `At least two published items are needed to compare; not found: ${missing.map((slug) => `“${slug}”`).join(', ')}.`,
        );
      }
      const rows = buildCompareRows(items);
      const compareUrl = siteUrl(compareHref(items.map((item) => item.slug)));
      const output = {
        compare_url: compareUrl,
        items: items.map((item) => ({
          slug: item.slug,
          title: item.title,
          content_type: item.content_type,
          url: siteUrl(itemPath(item.content_type, item.slug)),
        })),
        missing,
        rows,
      };
      const lines = [
        `Comparing ${items.map((item) => markdownText(item.title)).join(' vs ')}:`,
        ...rows.map(
          (row) => `${row.differs ? '≠' : '='} ${row.label}: ${row.cells.map((cell) => cellText(cell)).join(' | ')}`,
        ),
        ...(missing.length > 0 ? [`Not found: ${missing.join(', ')}`] : []),
        `Compare page: ${compareUrl}`,
      ];
      return answer(output, lines);
    },
  );

  server.registerTool(
    'related_items',
    {
      title: 'Items related to one item',
      description: 'Other items sharing the most scientific domains and tags with the given item.',
      inputSchema: RelatedItemsInput,
      outputSchema: RelatedItemsOutput,
      annotations: READ_ONLY,
    },
    async ({ slug, limit }) => {
      const [self] = await readItemDetails(client, [slug]);
      if (!self) throw new CatalogError(`No published item has the slug “${slug}”.`);
      const related = await readRelatedItems(client, slug, limit);
      const items = related.map((item) => ({
        slug: item.slug,
        title: item.title,
        content_type: item.content_type,
        url: siteUrl(itemPath(item.content_type, item.slug)),
        organization: item.organization_name,
        summary: item.summary,
      }));
      const itemUrl = siteUrl(itemPath(self.content_type, self.slug));
      return answer({ item_url: itemUrl, items }, [
        items.length === 0
          ? `Nothing related to ${markdownText(self.title)} yet.`
          : `Related to ${markdownText(self.title)}:`,
        ...items.map(
          (item) => `- ${markdownText(item.title)} (${CONTENT_TYPE_LABELS[item.content_type]}): ${item.url}`,
        ),
      ]);
    },
  );

  server.registerTool(
    'list_domains',
    {
      title: 'List scientific domains',
      description:
        'The scientific domains of the catalog with how many published items each has; their slugs filter search_catalog.',
      inputSchema: ListDomainsInput,
      outputSchema: ListDomainsOutput,
      annotations: READ_ONLY,
    },
    async () => {
      const domains = (await readDomainsWithCounts(client)).map((domain) => ({
        ...domain,
        browse_url: siteUrl(browseHref({ domain: domain.slug })),
      }));
      return answer({ domains }, [
        `${domains.length} domains:`,
        ...domains.map((domain) => `- ${markdownText(domain.name)} (${domain.slug}): ${domain.item_count} items`),
      ]);
    },
  );

  server.registerTool(
    'recent_additions',
    {
      title: 'Recently added items',
      description: 'Items added to the catalog on or after a date, newest first, optionally of some types or domains.',
      inputSchema: RecentAdditionsInput,
      outputSchema: RecentAdditionsOutput,
      annotations: READ_ONLY,
    },
    async ({ since, content_types, domains, limit }) => {
      const sinceTime = Date.parse(since);
      // One more than asked tells whether there are more.
      const result = await searchCatalogItems(client, {
        search: '',
        domains,
        content_types,
        features: [],
        organization_sizes: [],
        year_from: null,
        year_to: null,
        sort_by: 'recent',
        page_offset: 0,
        page_size: limit + 1,
      });
      const newer = result.items.filter((item) => Date.parse(item.created_at) >= sinceTime).map(card);
      const items = newer.slice(0, limit);
      return answer({ since, items, has_more: newer.length > limit }, [
        items.length === 0 ? `Nothing was added since ${since}.` : `Added since ${since}:`,
        ...items.map(cardLine),
      ]);
    },
  );
}

function cardLine(item: ItemCardOutput): string {
  const by = item.organization ? `, ${markdownText(item.organization)}` : '';
  const rated = ratingBadge(item.rating);
  const summary = markdownText(item.summary);
  return `- ${markdownText(item.title)} (${CONTENT_TYPE_LABELS[item.content_type]}${by}${rated ? `, ${rated.text}` : ''}): ${item.url}${summary ? ` — ${summary}` : ''}`;
}

/** docs/product.md#browse-cards: the verified reviewers' rating, and the other reviews apart. */
function ratingLine(rating: ItemDetailRow['rating']): string {
  if (!rating) return '';
  const verified = ratingBadge(rating);
  const others =
    rating.other_count > 0 && rating.other_average !== null
      ? `${rating.other_count} other ${rating.other_count === 1 ? 'review' : 'reviews'}, ${formatRatingAverage(rating.other_average)} ★ on average`
      : '';
  return `Rating: ${[verified ? `${verified.label}` : 'no ORCID-verified reviews yet', others].filter(Boolean).join('; ')}`;
}

/**
 * Where the item comes from (docs/product.md#sources): each record with its licence and date, and
 * the credit of each source whose licence asks for one.
 */
function sourceLines(sources: ItemDetailRow['sources']): string[] {
  if (sources.length === 0) return [];
  const records = sources.map((entry) => {
    const label = [sourceLicenseLabel(entry.license, entry.share_alike), sourceRecordDate(entry)]
      .filter(Boolean)
      .join(', ');
    return `- ${markdownText(entry.name)} (${label}): ${entry.record_url}`;
  });
  const credits = [...new Set(sources.filter((entry) => sourceAsksCredit(entry.license)).map((entry) => entry.credit))];
  return ['Sources:', ...records, ...(credits.length ? [`Credit: ${credits.map(markdownText).join('; ')}`] : [])];
}

function cellText(cell: ReturnType<typeof buildCompareRows>[number]['cells'][number]): string {
  switch (cell.kind) {
    case 'missing':
      return '—';
    case 'list':
      return cell.items.map(markdownText).join(', ');
    default:
      return markdownText(cell.text);
  }
}

/** A tool result: the structured answer, and the same in a few lines for a person or a model. */
function answer(structured: object, lines: string[]): CallToolResult {
  return {
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: structured as Record<string, unknown>,
  };
}
