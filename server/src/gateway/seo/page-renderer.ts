import type pg from 'pg';
import {
  HOME_TITLE,
  itemJsonLd,
  itemMetaDescription,
  itemPageTitle,
  itemPath,
  matchRoute,
  pageTitle,
  parseItemPath,
  parseProfilePath,
  ROUTES,
  searchFeedPath,
  searchFeedTitle,
  searchParamsToFilters,
  SEARCH_FEED_PATH,
  SEARCH_FEED_QUERY_MAX_LENGTH,
  localizedPath,
  t,
  type Locale,
  type PublicSettings,
  type RouteDefinition,
} from '@sciai/core';
import { compileIndexTemplate, type InitialPageData, type PageHead } from './head-tags.ts';
import { itemSummaryHtml } from './item-summary-html.ts';
import { browseSummaryHtml } from './browse-summary-html.ts';
import { loadBrowseFirstPage, loadPublicSettings, type BrowseFirstPage } from './browse-page-data.ts';
import { landingFields, loadDomainData, type DomainData } from './domain-data.ts';
import { withRouteModules } from './route-modules.ts';
import { landingSummaryHtml } from './landing-summary-html.ts';
import { renderPublicProfilePage } from './public-profile-page.ts';
import { renderFollowablePage } from './field-and-organization-pages.ts';
import { loadItem, type SeoItem } from './page-data.ts';
import { TtlCache } from './ttl-cache.ts';
import { localizeHead, localizeHtml, type I18nPlan } from './page-language.ts';

/** A browse address's query beyond this is cut before it is read (the app's links are far shorter). */
const MAX_QUERY_LENGTH = 4_096;

/**
 * How long a page waits for its embedded results: a search slower than this (a broad word's
 * first run on a loaded database) is left to the app, which shows skeletons and asks itself.
 */
const BROWSE_DATA_WAIT_MS = 1_500;

function withinTime<T>(loading: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), BROWSE_DATA_WAIT_MS);
  });
  return Promise.race([loading.catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

export type RenderedPage = { status: 200 | 404; html: string } | { status: 301; location: string };

/** Head tags of the pages that are not items, in the request's language; titles as the app sets them. */
const STATIC_HEADS: Record<string, () => { title: string; description: string }> = {
  '/': () => ({
    title: t(HOME_TITLE),
    description: t(
      'SciAI helps scientists find, compare and adopt AI tools for research: software, papers, companies and AI agents, organised by scientific field.',
    ),
  }),
  '/browse': () => ({
    title: pageTitle(t('Browse AI Tools')),
    description: t(
      'Browse AI software, research papers, companies and AI agents for science, filtered by field, type and features.',
    ),
  }),
  '/accessibility': () => ({
    title: pageTitle(t('Accessibility statement')),
    description: t(
      'How SciAI meets WCAG 2.2 AA: what we test and how, what we have not tested, known exceptions and how to contact us.',
    ),
  }),
};

/**
 * index.html for a page path, with its head filled in for crawlers. Detail pages read their item
 * (cached a few seconds); an unknown slug is a 404, an item under another type's path or its
 * slug in other letter case a 301.
 * Without a database (hosted backend) every page is the plain index.html.
 */
export function createPageRenderer(options: {
  indexHtml: string;
  pool: pg.Pool | undefined;
  /** The modules of a route's page beyond the entry's (readRouteModules). */
  routeModules?: (route: RouteDefinition) => string[];
  /** Where the build put each language's messages (readI18nPlan). */
  i18nPlan?: I18nPlan;
}) {
  const renderTemplate = compileIndexTemplate(options.indexHtml);
  const items = new TtlCache<SeoItem | undefined>(5_000, 1_000);
  const settings = new TtlCache<PublicSettings | undefined>(5_000, 1);
  const browsePages = new TtlCache<BrowseFirstPage | undefined>(5_000, 500);
  const domains = new TtlCache<DomainData | undefined>(5_000, 1);

  const renderPage = async (
    pathname: string,
    search: string,
    origin: string,
    render: (head: PageHead | undefined, rootHtml?: string) => string,
  ): Promise<RenderedPage> => {
    const route = matchRoute(pathname);
    if (!route) return { status: 404, html: options.indexHtml };
    const { pool } = options;
    if (!pool) return { status: 200, html: options.indexHtml };

    const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    const staticHead = STATIC_HEADS[path]?.();
    if (staticHead) {
      // The landing's hero and the browse page's head in the first HTML: their text paints
      // before the app has loaded.
      // What the page would fetch first goes into the HTML too, asked together: the landing's
      // field cards and the browse page's first results, facets, domains and settings show in the
      // app's first render, without a request of its own. None is worth failing the page for:
      // without it the app asks as it would anyway (and without the setting, no notice).
      let summary: string | undefined;
      let initialData: InitialPageData | undefined;
      let feed: PageHead['feed'];
      const domainData = () => domains.get('all', () => loadDomainData(pool).catch(() => undefined));
      if (path === '/') {
        const loaded = await domainData();
        summary = landingSummaryHtml(loaded && landingFields(loaded));
        initialData = loaded && { domains: loaded };
      }
      if (path === '/browse') {
        const year = new Date().getUTCFullYear();
        const { filters } = searchParamsToFilters(search.slice(0, MAX_QUERY_LENGTH), year);

        const [publicSettings, browse, loaded] = await Promise.all([
          settings.get('public', () => loadPublicSettings(pool).catch(() => undefined)),
          browsePages.get(JSON.stringify(filters), () => withinTime(loadBrowseFirstPage(pool, filters))),
          domainData(),
        ]);
        // docs/product.md#notification-feeds: the search's own feed, named as the feed names itself
        const feedPath = searchFeedPath(filters, year);
        if (feedPath.length - SEARCH_FEED_PATH.length - 1 <= SEARCH_FEED_QUERY_MAX_LENGTH) {
          const names = new Map(loaded ? landingFields(loaded).map((field) => [field.slug, field.name]) : []);
          feed = {
            title: searchFeedTitle(filters, year, (slug) => names.get(slug) ?? slug),
            href: `${origin}${feedPath}`,
          };
        }
        summary = browseSummaryHtml({
          sampleDataBanner: publicSettings?.sampleDataBanner ?? false,
          results: browse?.result.items,
        });
        initialData = {
          ...(publicSettings && { publicSettings }),
          ...(browse && { browse }),
          ...(loaded && { domains: loaded }),
        };
      }
      return {
        status: 200,
        html: render(
          { ...staticHead, canonical: `${origin}${path}`, ogType: 'website', initialData, ...(feed && { feed }) },
          summary,
        ),
      };
    }

    if (route === ROUTES.publicProfile) {
      const profile = await renderPublicProfilePage(pool, parseProfilePath(pathname), path, origin);
      return { status: profile.status, html: render(profile.head) };
    }

    if (route === ROUTES.field || route === ROUTES.organization) {
      const page = await renderFollowablePage(
        pool,
        route === ROUTES.field ? 'field' : 'organization',
        pathname,
        path,
        origin,
      );
      return { status: page.status, html: render(page.head) };
    }

    const target = parseItemPath(pathname);
    if (!target) return { status: 200, html: options.indexHtml };
    let item = await items.get(target.slug, () => loadItem(pool, target.slug));
    // Slugs are lower case; an address typed or linked with capitals (`/tool/AlphaFold`) moves to
    // the item's own address rather than ending on "not found".
    const lowerSlug = target.slug.toLowerCase();
    if (!item && lowerSlug !== target.slug) {
      item = await items.get(lowerSlug, () => loadItem(pool, lowerSlug));
      if (item) return { status: 301, location: `${itemPath(item.content_type, item.slug)}${search}` };
    }
    if (!item) {
      const head: PageHead = {
        title: pageTitle(t('Page not found')),
        description: t('The page you are looking for does not exist or has moved.'),
        canonical: `${origin}${path}`,
        ogType: 'website',
        noindex: true,
        // The app shows its not-found page (with suggestions) without asking the catalog again.
        initialData: { itemDetail: { slug: target.slug, item: null } },
      };
      return { status: 404, html: render(head) };
    }
    const canonicalPath = itemPath(item.content_type, item.slug);
    if (item.content_type !== target.contentType) return { status: 301, location: `${canonicalPath}${search}` };

    const head: PageHead = {
      title: itemPageTitle(item),
      description: itemMetaDescription(item),
      canonical: `${origin}${canonicalPath}`,
      ogType: item.content_type === 'paper' ? 'article' : 'website',
      jsonLd: itemJsonLd(item, origin),
      // The whole item_details() row, which the detail page would fetch first: it paints from this
      // while supabase-js loads (see web/src/data/initial-data.ts). Its reviews it reads itself.
      initialData: { itemDetail: { slug: item.slug, item: withoutReviews(item) } },
    };
    return { status: 200, html: render(head, itemSummaryHtml(item)) };
  };

  /**
   * `pathname` without its language prefix; the page is made in `locale` (docs/product.md#languages):
   * its canonical address and 301s keep the prefix, its head lists the other languages' addresses.
   */
  return async (pathname: string, search: string, origin: string, locale: Locale = 'en'): Promise<RenderedPage> => {
    const render = (head: PageHead | undefined, rootHtml?: string) =>
      localizeHtml(renderTemplate(head && localizeHead(head, origin, locale), rootHtml), locale, options.i18nPlan);
    const page = await renderPage(pathname, search, origin, render);
    if (page.status === 301) return { status: 301, location: localizedPath(locale, page.location) };
    const route = matchRoute(pathname);
    const html = page.html === options.indexHtml ? render(undefined) : page.html;
    if (!route || !options.routeModules) return { ...page, html };
    // The opened page's own code is requested with the app's entry, not after it has run.
    return { ...page, html: withRouteModules(html, options.routeModules(route)) };
  };
}

function withoutReviews(item: SeoItem): Omit<SeoItem, 'reviews'> {
  const { reviews: _reviews, ...detail } = item;
  return detail;
}
