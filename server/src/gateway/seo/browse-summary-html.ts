import {
  BROWSE_SUBTITLE,
  currentLocale,
  localizedPath,
  BROWSE_TITLE,
  browseHref,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPE_TAB_LABELS,
  CONTENT_TYPES,
  itemPath,
  ratingBadge,
  SAMPLE_DATA_NOTICE,
  SAMPLE_DATA_TITLE,
  type SearchCard,
  t,
} from '@sciai/core';
import { escapeHtml } from './escape.ts';
import { catalogTextLang } from './page-language.ts';

/**
 * The browse page's head as plain HTML inside the root element, like an item's summary: the
 * title, the line under it, the sample-data notice while the setting is on, and a link per
 * content type for crawlers. A visitor sees it while the app loads (its first render replaces
 * it), placed where the app shows the same words (under the header's 64 px and 1 px border).
 * The notice is the largest text of the page's first view, so it paints at once, not once the
 * app has loaded and asked for the setting. The first page of results, when the gateway has it,
 * follows as plain cards (type, organization, title linking to the item, summary): the visitor
 * reads results before the app has loaded, and a crawler finds the items.
 */
export function browseSummaryHtml(options: { sampleDataBanner: boolean; results?: SearchCard[] }): string {
  const text = escapeHtml;
  const types = CONTENT_TYPES.map(
    (type) =>
      `<li><a href="${text(localizedPath(currentLocale(), browseHref({ type })))}">${text(t(CONTENT_TYPE_TAB_LABELS[type]))}</a></li>`,
  ).join('');
  return [
    '<div data-gateway-html style="max-width:1320px;margin:0 auto;padding:calc(65px + 20px) 16px 24px;line-height:1.55">',
    `<h1 style="margin:0;font-size:2.125rem;line-height:1.3">${text(t(BROWSE_TITLE))}</h1>`,
    `<p style="margin:4px 0 0">${text(t(BROWSE_SUBTITLE))}</p>`,
    options.sampleDataBanner
      ? `<p role="note" style="margin:24px 0 0;padding:12px 16px;border-radius:8px;background:var(--mantine-color-yellow-light)"><strong>${text(t(SAMPLE_DATA_TITLE))}</strong><br>${text(t(SAMPLE_DATA_NOTICE))}</p>`
      : '',
    `<nav aria-label="${text(t('Content type'))}"><ul style="margin:24px 0 0;padding-left:20px">${types}</ul></nav>`,
    options.results?.length ? resultCardsHtml(options.results) : '',
    '</div>',
  ].join('');
}

/** Result cards as plain HTML, in a grid like the app's (one column on a phone). */
function resultCardsHtml(results: SearchCard[]): string {
  const text = escapeHtml;
  const lang = catalogTextLang();
  const cards = results.map((item) => {
    const byline = [t(CONTENT_TYPE_LABELS[item.content_type]), item.organization?.name]
      .filter(Boolean)
      .map((part) => text(part!));
    // docs/product.md#browse-cards: the verified reviewers' rating, in words for a screen reader
    const rated = ratingBadge(item.rating);
    if (rated) {
      byline.push(
        `<span aria-hidden="true">${text(rated.text)}</span><span class="visually-hidden">${text(rated.label)}</span>`,
      );
    }
    return [
      '<li><article data-result-card style="height:100%;box-sizing:border-box;padding:16px;border:1px solid var(--mantine-color-default-border,#dee2e6);border-radius:8px">',
      `<p style="margin:0;font-size:.875rem">${byline.join(' · ')}</p>`,
      `<h2 style="margin:4px 0 0;font-size:1.125rem;line-height:1.4"><a href="${text(localizedPath(currentLocale(), itemPath(item.content_type, item.slug)))}"${lang}>${text(item.title)}</a></h2>`,
      item.short_description
        ? `<p style="margin:8px 0 0;font-size:.875rem"${lang}>${text(item.short_description)}</p>`
        : '',
      '</article></li>',
    ].join('');
  });
  return `<ol aria-label="${text(t('Results'))}" style="list-style:none;margin:24px 0 0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(min(100%,300px),1fr))">${cards.join('')}</ol>`;
}
