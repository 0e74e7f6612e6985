import { SITE_NAME } from '@sciai/core';
import { escapeHtml, jsonForScript } from './escape.ts';
import { jsonLdScript } from './json-ld.ts';

/** The per-page head a crawler reads in the first HTML. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  ogType: 'website' | 'article';
  jsonLd?: unknown;
  noindex?: boolean;
  /** An Atom feed of what the page lists (absolute URL): feed readers find it in the head. */
  feed?: { title: string; href: string };
  /** The page in every language (hreflang), and x-default. */
  alternates?: Array<{ hreflang: string; href: string }>;
  /** Data the page would otherwise fetch first: see INITIAL_DATA_ELEMENT_ID. */
  initialData?: InitialPageData;
}

/**
 * The id of the data block holding a page's initial data. The web app reads it
 * (web/src/data/initial-data.ts) to paint a detail page before supabase-js has loaded.
 */
export const INITIAL_DATA_ELEMENT_ID = 'sciai-initial-data';

/**
 * What the app would fetch first on the page: a detail page's item exactly as item_details()
 * returns it for the slug (null for none); a browse page's first page of results and facets with
 * the search_items() arguments they answer, and the public settings; the landing's and the browse
 * page's scientific domains with their counts.
 */
export interface InitialPageData {
  itemDetail?: { slug: string; item: unknown };
  browse?: { args: unknown; result: unknown };
  publicSettings?: { sampleDataBanner: boolean; registrationOpen: boolean };
  /** `scientific_domains` ordered by name and `domain_counts`, as the Data API answers them. */
  domains?: { domains: unknown[]; counts: Array<{ domain_id: string; count: number }> };
}

/** Title, description, canonical, Open Graph and Twitter tags, robots and JSON-LD. */
export function headTags(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...(head.alternates ?? []).map(
      (alternate) =>
        `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}" />`,
    ),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(head.feed
      ? [
          `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(head.feed.title)}" href="${escapeHtml(head.feed.href)}" />`,
        ]
      : []),
    ...(head.jsonLd === undefined ? [] : [jsonLdScript(head.jsonLd)]),
    // A data block like the JSON-LD: never executed, so the CSP's script-src does not apply, and
    // jsonForScript writes '<' as \u003c so nothing in an item can end the element.
    ...(head.initialData === undefined
      ? []
      : [
          `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${jsonForScript(head.initialData)}</script>`,
        ]),
  ].join('\n    ');
}

/**
 * index.html split once around the parts each page replaces: its static <title> and meta
 * description, and the empty root element.
 */
export function compileIndexTemplate(indexHtml: string): (head: PageHead | undefined, rootHtml?: string) => string {
  const titlePattern = /<title>[\s\S]*?<\/title>\s*/;
  const descriptionPattern = /<meta\s+name="description"[^>]*>\s*/;
  const rootMarker = '<div id="root"></div>';
  if (!titlePattern.test(indexHtml) || !indexHtml.includes(rootMarker)) {
    // Not the index.html we know: serve it untouched rather than guess.
    return () => indexHtml;
  }
  const headMarker = '\u0000head\u0000';
  const marked = indexHtml.replace(titlePattern, headMarker).replace(descriptionPattern, '');
  const [before, rest] = splitOnce(marked, headMarker);
  const [middle, after] = splitOnce(rest, rootMarker);
  return (head, rootHtml = '') =>
    head ? `${before}${headTags(head)}\n    ${middle}<div id="root">${rootHtml}</div>${after}` : indexHtml;
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  return [text.slice(0, at), text.slice(at + marker.length)];
}
