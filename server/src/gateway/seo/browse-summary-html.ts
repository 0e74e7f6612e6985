import {
  BROWSE_SUBTITLE,
  BROWSE_TITLE,
  browseHref,
  CONTENT_TYPE_TAB_LABELS,
  CONTENT_TYPES,
  SAMPLE_DATA_NOTICE,
  SAMPLE_DATA_TITLE,
} from '@sciai/core';
import { escapeHtml } from './escape.ts';

/**
 * The browse page's head as plain HTML inside the root element, like an item's summary: the
 * title, the line under it, the sample-data notice while the setting is on, and a link per
 * content type for crawlers. A visitor sees it while the app loads (its first render replaces
 * it), placed where the app shows the same words (under the header's 64 px and 1 px border).
 * The notice is the largest text of the page's first view, so it paints at once, not once the
 * app has loaded and asked for the setting.
 */
export function browseSummaryHtml(options: { sampleDataBanner: boolean }): string {
  const text = escapeHtml;
  const types = CONTENT_TYPES.map(
    (type) => `<li><a href="${text(browseHref({ type }))}">${text(CONTENT_TYPE_TAB_LABELS[type])}</a></li>`,
  ).join('');
  return [
    '<div style="max-width:1320px;margin:0 auto;padding:calc(65px + 20px) 16px 24px;line-height:1.55">',
    `<h1 style="margin:0;font-size:2.125rem;line-height:1.3">${text(BROWSE_TITLE)}</h1>`,
    `<p style="margin:4px 0 0">${text(BROWSE_SUBTITLE)}</p>`,
    options.sampleDataBanner
      ? `<p role="note" style="margin:24px 0 0;padding:12px 16px;border-radius:8px;background:var(--mantine-color-yellow-light)"><strong>${text(SAMPLE_DATA_TITLE)}</strong><br>${text(SAMPLE_DATA_NOTICE)}</p>`
      : '',
    `<nav aria-label="Content type"><ul style="margin:24px 0 0;padding-left:20px">${types}</ul></nav>`,
    '</div>',
  ].join('');
}
