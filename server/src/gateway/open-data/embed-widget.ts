import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import {
  browseUrl,
  CONTENT_TYPE_LABELS,
  isLocale,
  itemPath,
  LOCALE_INFO,
  localizedPath,
  SearchResultSchema,
  searchParamsToFilters,
  ratingBadge,
  searchText,
  SITE_NAME,
  t,
  yearBounds,
  type Locale,
  type SearchCard,
} from '@sciai/core';
import { inLanguage } from '../../i18n/server-i18n.ts';
import { escapeHtml } from '../seo/escape.ts';
import { siteOrigin } from '../seo/site-origin.ts';
import { TtlCache } from '../seo/ttl-cache.ts';

/** Items a widget may show: a compact list, not a browse page. */
export const EMBED_MAX_LIMIT = 20;
export const EMBED_DEFAULT_LIMIT = 5;
const EMBED_CACHE_SECONDS = 300;

export type EmbedTheme = 'light' | 'dark';

export interface EmbedOptions {
  limit: number;
  theme: EmbedTheme;
  /** A #rgb or #rrggbb colour for links; anything else is ignored. */
  accent: string;
  title: string | undefined;
  /** The language of the widget's own words (`lang=zh|es|ar`, else English). */
  lang: Locale;
}

/** The widget's own options, read leniently: a bad value falls back to its default. */
export function embedOptions(params: URLSearchParams): EmbedOptions {
  const limit = Number.parseInt(params.get('limit') ?? '', 10);
  const accent = params.get('accent') ?? '';
  const title = params.get('title')?.replace(/\s+/g, ' ').trim().slice(0, 80);
  return {
    limit: Number.isFinite(limit) ? Math.min(Math.max(limit, 1), EMBED_MAX_LIMIT) : EMBED_DEFAULT_LIMIT,
    theme: params.get('theme') === 'dark' ? 'dark' : 'light',
    accent: /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(accent) ? `#${accent.replace(/^#/, '')}` : '',
    title: title || undefined,
    lang: isLocale(params.get('lang')) ? (params.get('lang') as Locale) : 'en',
  };
}

/**
 * The framable route's own policy: no script at all, inline styles only, links open in a new
 * tab, and any site may frame it (frame-ancestors *), which the rest of the site forbids.
 */
export const EMBED_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors *";

const THEMES: Record<EmbedTheme, { background: string; text: string; dimmed: string; border: string; accent: string }> =
  {
    light: { background: '#ffffff', text: '#1a1b1e', dimmed: '#5c5f66', border: '#dee2e6', accent: '#1864ab' },
    dark: { background: '#1a1b1e', text: '#e9ecef', dimmed: '#a6a7ab', border: '#373a40', accent: '#4dabf7' },
  };

/** The widget page: a compact list of items, each linking to its page on SciAI. */
export function embedHtml(options: {
  origin: string;
  items: readonly SearchCard[];
  browseHref: string;
  settings: EmbedOptions;
}): string {
  const { origin, items, settings } = options;
  const theme = THEMES[settings.theme];
  const accent = settings.accent || theme.accent;
  const x = escapeHtml;
  const rows = items.map((item) => {
    const by = item.organization?.name ? ` · ${x(item.organization.name)}` : '';
    // docs/product.md#browse-cards: the verified reviewers' rating, read out in words
    const badge = ratingBadge(item.rating);
    const rated = badge
      ? ` · <span aria-hidden="true" title="${x(badge.label)}">${x(badge.text)}</span><span class="h">${x(badge.label)}</span>`
      : '';
    const summary = (item.short_description ?? '').replace(/\s+/g, ' ').trim();
    return (
      `<li><a href="${x(`${origin}${localizedPath(settings.lang, itemPath(item.content_type, item.slug))}`)}" target="_blank" rel="noopener">${x(item.title)}</a>` +
      `${item.verified ? ` <span class="v" title="${x(t('Verified'))}">✓</span>` : ''}` +
      `<div class="m">${x(t(CONTENT_TYPE_LABELS[item.content_type]))}${by}${rated}</div>` +
      (summary ? `<div class="s">${x(summary)}</div>` : '') +
      '</li>'
    );
  });
  const heading = settings.title ?? t('AI tools for science on {site}', { site: SITE_NAME });
  const { tag, dir } = LOCALE_INFO[settings.lang];
  return `<!doctype html>
<html lang="${tag}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${x(heading)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
*{box-sizing:border-box}body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:${theme.background};color:${theme.text}}
main{padding:10px 12px}h1{font-size:15px;margin:0 0 6px}ol{list-style:none;margin:0;padding:0}
li{padding:7px 0;border-top:1px solid ${theme.border}}li:first-child{border-top:0}
a{color:${accent};font-weight:600;text-decoration:none}a:hover,a:focus{text-decoration:underline}
.v{color:${accent};font-size:12px}.h{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}.m{color:${theme.dimmed};font-size:12px}
.s{font-size:13px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
footer{margin-top:6px;font-size:12px;color:${theme.dimmed}}footer a{font-weight:400}
</style></head>
<body><main><h1>${x(heading)}</h1>
${items.length ? `<ol>${rows.join('')}</ol>` : `<p class="m">${x(t('No items match these filters yet.'))}</p>`}
<footer><a href="${x(options.browseHref)}" target="_blank" rel="noopener">${x(t('More on {site}', { site: SITE_NAME }))} ${dir === 'rtl' ? '←' : '→'}</a></footer>
</main></body></html>
`;
}

/** embed.js: creates the iframe from its script tag's data-… attributes, where the tag stands. */
export const EMBED_SCRIPT = `(function () {
  var script = document.currentScript;
  if (!script) return;
  var origin = new URL(script.src).origin;
  var params = new URLSearchParams();
  for (var i = 0; i < script.attributes.length; i++) {
    var attribute = script.attributes[i];
    if (attribute.name.indexOf('data-') === 0) params.append(attribute.name.slice(5), attribute.value);
  }
  var limit = Math.min(Math.max(parseInt(params.get('limit') || '${EMBED_DEFAULT_LIMIT}', 10) || ${EMBED_DEFAULT_LIMIT}, 1), ${EMBED_MAX_LIMIT});
  var frame = document.createElement('iframe');
  frame.src = origin + '/embed?' + params.toString();
  frame.title = params.get('title') || 'AI tools for science on ${SITE_NAME}';
  frame.loading = 'lazy';
  frame.referrerPolicy = 'no-referrer';
  frame.setAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
  frame.style.cssText = 'width:100%;max-width:480px;border:1px solid #dee2e6;border-radius:8px';
  frame.height = String(70 + limit * 74);
  script.parentNode.insertBefore(frame, script.nextSibling);
})();
`;

/**
 * /embed (the widget, for an iframe on any site) and /embed.js. The widget runs the browse
 * search with the browse page's own filters (domain, type, feature, size, years, search, sort)
 * and sets no cookie and counts nothing; answers are cached a few minutes per filter.
 */
export function registerEmbedWidget(app: FastifyInstance, pool: pg.Pool, publicUrl: string | undefined): void {
  const pages = new TtlCache<SearchCard[]>(60_000, 500);
  const currentYear = () => new Date().getUTCFullYear();

  app.get('/embed', async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const params = new URLSearchParams(query.slice(0, 4_096));
    const { filters } = searchParamsToFilters(params, currentYear());
    // at most a handful of each list: a widget filter, not a query builder
    filters.domains = filters.domains.slice(0, 10);
    const settings = embedOptions(params);
    const { from, to } = yearBounds(filters);
    const key = JSON.stringify([filters, settings.limit]);
    const items = await pages.get(key, async () => {
      const { rows } = await pool.query<{ result: unknown }>(
        `select public.search_items(search => $1, domains => $2, content_types => $3, features => $4,
           organization_sizes => $5, year_from => $6, year_to => $7, sort_by => $8, page_offset => 0,
           page_size => $9, health => $10, operations => $11, input_data => $12) as result`,
        [
          searchText(filters),
          filters.domains,
          filters.contentTypes,
          filters.features,
          filters.organizationSizes,
          from,
          to,
          filters.sortBy,
          settings.limit,
          filters.health,
          filters.operations,
          filters.inputData,
        ],
      );
      const parsed = SearchResultSchema.safeParse(rows[0]?.result);
      return parsed.success ? parsed.data.items.slice(0, settings.limit) : [];
    });
    const origin = siteOrigin(request, publicUrl);
    // helmet set the site's own policy (frame-ancestors 'none', X-Frame-Options) on the raw response
    reply.raw.removeHeader('x-frame-options');
    reply.raw.removeHeader('content-security-policy');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', EMBED_CSP)
      .header('cache-control', `public, max-age=${EMBED_CACHE_SECONDS}`)
      .header('referrer-policy', 'no-referrer')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(
        inLanguage(settings.lang, () =>
          embedHtml({
            origin,
            items,
            settings,
            browseHref: `${origin}${localizedPath(settings.lang, browseUrl(filters, 'grid', currentYear()))}`,
          }),
        ),
      );
  });

  app.get('/embed.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', `public, max-age=${EMBED_CACHE_SECONDS}`)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('access-control-allow-origin', '*')
      .send(EMBED_SCRIPT),
  );
}
