import type { Database, PublicSettings, SearchItemsArgs, SearchResult } from '@sciai/core';
import type { ItemDetail } from './item-details.ts';

/**
 * The data block the gateway writes into a page's first HTML
 * (INITIAL_DATA_ELEMENT_ID in server/src/gateway/seo/head-tags.ts; keep the two in step):
 * `{ "itemDetail"?: { "slug": …, "item": item_details()'s row or null },
 *    "browse"?: { "args": search_items()'s arguments, "result": its answer },
 *    "publicSettings"?: { "sampleDataBanner": …, "registrationOpen": … },
 *    "domains"?: { "domains": scientific_domains' rows by name, "counts": domain_counts' rows } }`.
 */
export const INITIAL_DATA_ELEMENT_ID = 'sciai-initial-data';

interface EmbeddedData {
  itemDetail?: { slug: string; item: ItemDetail | null };
  browse?: { args: string; result: SearchResult };
  publicSettings?: PublicSettings;
  domains?: ScientificDomain[];
  domainCounts?: Map<string, number>;
}

/** A row of scientific_domains (ScientificDomain in domains.ts, which reads through this module). */
type ScientificDomain = Database['public']['Tables']['scientific_domains']['Row'];

let embedded: EmbeddedData | undefined;

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

function readEmbedded(): EmbeddedData {
  const text = document.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!isObject(value)) return {};
    const data: EmbeddedData = {};
    if ('itemDetail' in value && isObject(value.itemDetail)) {
      const detail = value.itemDetail;
      if ('slug' in detail && typeof detail.slug === 'string' && 'item' in detail && typeof detail.item === 'object') {
        // The gateway wrote item_details()'s own row, the same JSON the data API would answer.
        data.itemDetail = { slug: detail.slug, item: detail.item as ItemDetail | null };
      }
    }
    if ('browse' in value && isObject(value.browse)) {
      const browse = value.browse;
      if ('args' in browse && 'result' in browse && isObject(browse.result)) {
        // search_items()'s answer, checked by the gateway with the schema searchItems() uses.
        data.browse = { args: JSON.stringify(browse.args), result: browse.result as SearchResult };
      }
    }
    if ('publicSettings' in value && isObject(value.publicSettings)) {
      const settings = value.publicSettings;
      if ('sampleDataBanner' in settings && 'registrationOpen' in settings) {
        data.publicSettings = {
          sampleDataBanner: settings.sampleDataBanner === true,
          registrationOpen: settings.registrationOpen !== false,
        };
      }
    }
    if ('domains' in value && isObject(value.domains)) {
      const part = value.domains;
      if ('domains' in part && Array.isArray(part.domains) && 'counts' in part && Array.isArray(part.counts)) {
        // the rows as the Data API answers them (json_agg of the table and the view)
        data.domains = part.domains as ScientificDomain[];
        data.domainCounts = new Map(
          part.counts.flatMap((row: unknown): Array<[string, number]> =>
            isObject(row) &&
            'domain_id' in row &&
            typeof row.domain_id === 'string' &&
            'count' in row &&
            typeof row.count === 'number'
              ? [[row.domain_id, row.count]]
              : [],
          ),
        );
      }
    }
    return data;
  } catch (error) {
    console.warn('the page data embedded in the HTML could not be read', error);
    return {};
  }
}

function embeddedData(): EmbeddedData {
  embedded ??= readEmbedded();
  return embedded;
}

/**
 * The item the gateway embedded for this slug on the page the browser loaded: the item, null
 * when there is no such item, or undefined when nothing was embedded for it (another page, a
 * hosted backend). It lets a detail page paint and respond before supabase-js has loaded.
 */
export function embeddedItemDetail(slug: string): ItemDetail | null | undefined {
  const detail = embeddedData().itemDetail;
  return detail && detail.slug === slug ? detail.item : undefined;
}

/**
 * The first page of results the gateway embedded for a browse URL, when it answers exactly these
 * search_items() arguments (the same filters, read with the same year); otherwise undefined.
 */
export function embeddedSearchResult(args: SearchItemsArgs): SearchResult | undefined {
  const browse = embeddedData().browse;
  return browse && browse.args === JSON.stringify(args) ? browse.result : undefined;
}

/** The public settings the gateway embedded in the page the browser loaded, if any. */
export function embeddedPublicSettings(): PublicSettings | undefined {
  return embeddedData().publicSettings;
}

/** The scientific domains the gateway embedded (the landing, browse), if any. */
export function embeddedDomains(): ScientificDomain[] | undefined {
  return embeddedData().domains;
}

/** The domains' published-item counts the gateway embedded, if any. */
export function embeddedDomainCounts(): Map<string, number> | undefined {
  return embeddedData().domainCounts;
}

const taken = new Set<keyof EmbeddedData>();

/**
 * The embedded answer for a data function's first call, once: the call that would ask the
 * Data API what the HTML already holds answers from it instead, and every later call (a
 * refresh, a return to the page) asks afresh.
 */
export function takeEmbedded<T>(part: keyof EmbeddedData, read: () => T | undefined): T | undefined {
  if (taken.has(part)) return undefined;
  const value = read();
  if (value !== undefined) taken.add(part);
  return value;
}
