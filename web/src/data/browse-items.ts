import { BROWSE_PAGE_SIZE, isDomainId, type BrowseQuery, type ContentType } from '@sciai/core';
import { getSupabase } from './supabase-client.ts';
import { containsAnyFilter } from './search-filter.ts';

export interface BrowseItem {
  id: string;
  slug: string;
  title: string;
  contentType: ContentType;
  organizationName: string | undefined;
  /** The short description, else the full one (spec 2.4). */
  summary: string;
  viewCount: number;
  saveCount: number;
}

export interface BrowsePage {
  items: BrowseItem[];
  /** Every published item matching the query, not just this page. */
  total: number;
}

const CARD_COLUMNS =
  'id, slug, title, content_type, short_description, description, view_count, save_count, organizations(name)';
const SEARCHED_COLUMNS = ['title', 'short_description'] as const;

/**
 * One page (0-based) of published items matching the browse query, most trending first.
 * Row-level security already hides unpublished items from visitors; the status filter keeps
 * the page the same for signed-in staff, who can read drafts.
 */
export async function searchPublishedItems(query: BrowseQuery & { page: number }): Promise<BrowsePage> {
  const from = query.page * BROWSE_PAGE_SIZE;
  const to = from + BROWSE_PAGE_SIZE - 1;
  const client = getSupabase();

  // The domain filter needs an inner join, so that only items in the domain come back; without
  // a domain, items are not required to have one.
  let request = query.domain
    ? client
        .from('content_items')
        .select(`${CARD_COLUMNS}, content_domains!inner(scientific_domains!inner(id, slug))`, { count: 'exact' })
        .eq(
          isDomainId(query.domain) ? 'content_domains.scientific_domains.id' : 'content_domains.scientific_domains.slug',
          query.domain,
        )
    : client.from('content_items').select(CARD_COLUMNS, { count: 'exact' });

  request = request.eq('status', 'published');
  if (query.type !== 'all') request = request.eq('content_type', query.type);
  if (query.search) request = request.or(containsAnyFilter(SEARCHED_COLUMNS, query.search));

  const { data, count, error } = await request
    .order('trending_score', { ascending: false })
    .order('id')
    .range(from, to);
  if (error) throw error;

  return {
    total: count ?? data.length,
    items: data.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      contentType: row.content_type,
      organizationName: row.organizations?.name,
      summary: row.short_description || row.description,
      viewCount: row.view_count,
      saveCount: row.save_count,
    })),
  };
}
