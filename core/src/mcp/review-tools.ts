import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { itemPath } from '../item-paths.ts';
import { markdownParagraphs, markdownText } from '../open-data/markdown-text.ts';
import { publicProfilePath } from '../profile-handle.ts';
import { REVIEW_SORTS, type ReviewSort } from '../reviews/review-rules.ts';
import {
  StoredItemRatingSchema,
  ReviewsPageSchema,
  type StoredItemRating,
  type Review,
} from '../reviews/review-schemas.ts';
import { ReviewOutput } from './review-output.ts';
import { formatRating, TOP_REVIEWS } from '../reviews/review-seo.ts';
import { usedForLine } from '../reviews/review-summary.ts';
import { callCatalog, CatalogError, type CatalogClient, type CatalogToolsContext } from './catalog-client.ts';
import { findSlugById, readItemDetails } from './catalog-reads.ts';
import { SlugSchema } from './tool-schemas.ts';

const ListReviewsInput = {
  slug: SlugSchema.optional(),
  id: z.uuid().optional().describe('The item id (a UUID), when the slug is not known'),
  sort: z
    .enum(REVIEW_SORTS)
    .default('helpful')
    .describe('helpful (most marked first), newest, or rating (highest first)'),
  page: z.number().int().min(1).max(100).default(1).describe('Page of 10 reviews, from 1'),
};

const ListReviewsOutput = {
  url: z.string(),
  rating: StoredItemRatingSchema,
  total: z.number(),
  page: z.number(),
  has_more: z.boolean(),
  reviews: z.array(ReviewOutput),
};

export async function readItemReviews(client: CatalogClient, contentId: string, sort: ReviewSort, page: number) {
  const data = await callCatalog(client, 'item_reviews_page', { _content_id: contentId, _sort: sort, _page: page });
  const parsed = ReviewsPageSchema.safeParse(data);
  if (!parsed.success) throw new CatalogError('The reviews answered in an unexpected shape.');
  return parsed.data;
}

function reviewOutput(review: Review, siteUrl: (path: string) => string): ReviewOutput {
  return {
    rating: review.rating,
    text: review.text,
    used_for: usedForLine(review) || null,
    version: review.version,
    aspects: Object.fromEntries(Object.entries(review.aspects).filter(([, stars]) => stars !== undefined)),
    helpful_count: review.helpful_count,
    date: review.created_at.slice(0, 10),
    edited: review.edited_at !== null,
    reviewer: {
      name: review.reviewer.name,
      affiliation: review.reviewer.affiliation,
      orcid_verified: review.reviewer.verified,
      orcid_id: review.reviewer.orcid_id,
      profile_url: review.reviewer.handle ? siteUrl(publicProfilePath(review.reviewer.handle)) : null,
    },
    reply: review.reply
      ? {
          text: review.reply.text,
          date: review.reply.created_at.slice(0, 10),
          edited: review.reply.edited_at !== null,
          author: {
            name: review.reply.author.name,
            profile_url: review.reply.author.handle ? siteUrl(publicProfilePath(review.reply.author.handle)) : null,
            current_maintainer: review.reply.author.maintainer,
          },
        }
      : null,
  };
}

/** The item's rating and its most helpful reviews, for get_item. */
export async function readReviewSummary(client: CatalogClient, contentId: string, siteUrl: (path: string) => string) {
  const page = await readItemReviews(client, contentId, 'helpful', 1);
  return {
    rating: page.rating,
    total: page.total,
    top: page.reviews.slice(0, TOP_REVIEWS).map((review) => reviewOutput(review, siteUrl)),
  };
}

/** The rating in a line: the verified reviewers' average first, the others apart. */
export function ratingLines(rating: StoredItemRating, total: number): string[] {
  if (total === 0) return ['Reviews: none yet.'];
  const verified =
    rating.verified_count > 0 && rating.verified_average !== null
      ? `${formatRating(rating.verified_average)}/5 from ${rating.verified_count} reviewers with a verified ORCID iD`
      : 'no reviews by reviewers with a verified ORCID iD';
  const others =
    rating.other_count > 0 && rating.other_average !== null
      ? `; ${formatRating(rating.other_average)}/5 from ${rating.other_count} other reviewers`
      : '';
  return [`Reviews (${total}): ${verified}${others}.`];
}

export function reviewLines(reviews: readonly ReviewOutput[]): string[] {
  return reviews.map((review) => {
    const who = [
      markdownText(review.reviewer.name),
      review.reviewer.affiliation && markdownText(review.reviewer.affiliation),
    ]
      .filter(Boolean)
      .join(', ');
    const verified = review.reviewer.orcid_verified ? ' (ORCID verified)' : '';
    const used = review.used_for ? ` Used for: ${markdownText(review.used_for)}.` : '';
    const reply = review.reply
      ? `\n  Reply from the maintainer, ${markdownText(review.reply.author.name)}, ${review.reply.date}:\n  ${markdownParagraphs(review.reply.text).replace(/\n/g, '\n  ')}`
      : '';
    return `- ${review.rating}/5 by ${who}${verified}, ${review.date}.${used}\n  ${markdownParagraphs(review.text).replace(/\n/g, '\n  ')}${reply}`;
  });
}

function answer(structured: object, lines: string[]): CallToolResult {
  return {
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: structured as Record<string, unknown>,
  };
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** list_reviews: one page of an item's published reviews (docs/product.md#mcp). */
export function registerReviewTools(server: McpServer, context: CatalogToolsContext): void {
  const { client, siteUrl } = context;
  server.registerTool(
    'list_reviews',
    {
      title: 'List the reviews of an item',
      description:
        "Researchers' published reviews of one item, by slug or by id: rating, what they used it for, text, reviewer with affiliation and whether their ORCID iD is verified; 10 a page, sorted by helpful, newest or rating.",
      inputSchema: ListReviewsInput,
      outputSchema: ListReviewsOutput,
      annotations: READ_ONLY,
    },
    async ({ slug, id, sort, page }) => {
      if ((slug === undefined) === (id === undefined)) throw new CatalogError('Give either slug or id, not both.');
      const found = slug ?? (await findSlugById(client, id!));
      const [item] = found === undefined ? [] : await readItemDetails(client, [found]);
      if (!item) throw new CatalogError(`No published item has the ${slug ? `slug “${slug}”` : `id ${id}`}.`);
      const result = await readItemReviews(client, item.id, sort, page);
      const reviews = result.reviews.map((review) => reviewOutput(review, siteUrl));
      const url = siteUrl(itemPath(item.content_type, item.slug));
      const output = {
        url,
        rating: result.rating,
        total: result.total,
        page,
        has_more: page * result.page_size < result.total,
        reviews,
      };
      return answer(output, [
        `${markdownText(item.title)}: ${url}`,
        ...ratingLines(result.rating, result.total),
        ...reviewLines(reviews),
      ]);
    },
  );
}
