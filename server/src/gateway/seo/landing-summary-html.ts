import {
  browseHref,
  currentLocale,
  localizedPath,
  formatCount,
  LANDING_FIGURE,
  LANDING_HEADLINE_REST,
  LANDING_LEAD,
  LANDING_SEARCH_LABEL,
  t,
} from '@sciai/core';
import { escapeHtml } from './escape.ts';

/**
 * The landing hero as plain HTML inside the root element, like an item's summary: what a
 * crawler that runs no script reads, and what a visitor sees while the app loads (its first
 * render replaces it). The app's stylesheet has loaded before the first paint, so Mantine's
 * font and colours apply; inline styles place it where the app's hero is (under the header's
 * 64 px and its 1 px border) at the app's sizes on a phone, so the swap does not jump. The
 * search form works without script. The scientific fields follow with their counts, when the
 * gateway has them, as the app's field cards: links to each field's browse page.
 */
export function landingSummaryHtml(fields: LandingField[] = []): string {
  const text = escapeHtml;
  // the whole catalog: /browse (in the page's language), the page the form submits to
  const browse = localizedPath(currentLocale(), browseHref());
  return [
    '<section style="padding:calc(65px + 48px) 16px 64px;text-align:center">',
    '<h1 style="margin:0 auto;max-width:54rem;font-size:clamp(2rem, 5vw + 1rem, 3.5rem);line-height:1.15;letter-spacing:-0.02em">',
    `${LANDING_FIGURE}% ${text(t(LANDING_HEADLINE_REST))}</h1>`,
    `<p style="max-width:40rem;margin:20px auto 0;font-size:1.125rem;line-height:1.55">${text(t(LANDING_LEAD))}</p>`,
    `<form role="search" action="${text(browse)}" method="get" style="max-width:36rem;margin:48px auto 0;display:flex;gap:12px">`,
    `<input type="search" name="search" aria-label="${text(t(LANDING_SEARCH_LABEL))}" style="flex:1;min-width:0;height:50px;box-sizing:border-box;font:inherit;padding:0 16px">`,
    `<button type="submit" style="height:50px;font:inherit;font-weight:600;padding:0 22px">${text(t('Search'))}</button>`,
    '</form>',
    `<p style="margin-top:24px"><a href="${text(browse)}">${text(t('Browse all AI tools'))}</a></p>`,
    '</section>',
    fields.length ? fieldCardsHtml(fields) : '',
  ].join('');
}

/** A scientific field and its published items, for the landing's field cards. */
export interface LandingField {
  slug: string;
  name: string;
  count: number;
}

function fieldCardsHtml(fields: LandingField[]): string {
  const text = escapeHtml;
  const cards = fields.map(
    (field) =>
      `<li><a data-result-card href="${text(localizedPath(currentLocale(), browseHref({ domain: field.slug })))}" style="display:block;height:100%;box-sizing:border-box;padding:16px;border:1px solid var(--mantine-color-default-border,#dee2e6);border-radius:8px;text-decoration:none;color:inherit"><strong style="font-size:1.125rem">${text(field.name)}</strong><br><span style="font-size:.875rem">${text(t('{count, plural, one {{shown} item} other {{shown} items}}', { count: field.count, shown: formatCount(field.count) }))}</span></a></li>`,
  );
  return [
    '<section data-gateway-html aria-labelledby="fields-title" style="max-width:1320px;margin:0 auto;padding:0 16px 64px">',
    `<h2 id="fields-title" style="text-align:center;margin:0 0 24px">${text(t('Explore by Scientific Field'))}</h2>`,
    `<ul style="list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(min(100%,260px),1fr))">${cards.join('')}</ul>`,
    '</section>',
  ].join('');
}
