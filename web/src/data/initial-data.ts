import type { ItemDetail } from './item-details.ts';

/**
 * The data block the gateway writes into a detail page's first HTML
 * (INITIAL_DATA_ELEMENT_ID in server/src/gateway/seo/head-tags.ts; keep the two in step):
 * `{ "itemDetail": { "slug": …, "item": item_details()'s row or null } }`.
 */
export const INITIAL_DATA_ELEMENT_ID = 'sciai-initial-data';

interface EmbeddedItemDetail {
  slug: string;
  item: ItemDetail | null;
}

let embedded: EmbeddedItemDetail | null | undefined;

function readEmbedded(): EmbeddedItemDetail | null {
  const text = document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('itemDetail' in value)) return null;
    const detail: unknown = value.itemDetail;
    if (typeof detail !== 'object' || detail === null || !('slug' in detail) || !('item' in detail)) return null;
    const { slug, item } = detail;
    if (typeof slug !== 'string' || typeof item !== 'object') return null;
    // The gateway wrote item_details()'s own row, the same JSON the data API would answer.
    return { slug, item: item as ItemDetail | null };
  } catch (error) {
    console.warn('the page data embedded in the HTML could not be read', error);
    return null;
  }
}

/**
 * The item the gateway embedded for this slug on the page the browser loaded: the item, null
 * when there is no such item, or undefined when nothing was embedded for it (another page, a
 * hosted backend). It lets a detail page paint and respond before supabase-js has loaded.
 */
export function embeddedItemDetail(slug: string): ItemDetail | null | undefined {
  embedded ??= readEmbedded();
  return embedded && embedded.slug === slug ? embedded.item : undefined;
}
