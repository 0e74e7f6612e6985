import { CONTENT_TYPE_LABELS, currentLocale, doiUrl, localizedPath, t } from '@sciai/core';
import { escapeHtml } from './escape.ts';
import { catalogTextLang } from './page-language.ts';
import type { SeoItem } from './page-data.ts';

/**
 * The item as plain HTML inside the root element: what a crawler that runs no script reads,
 * and what a visitor sees for the moment before the app mounts (createRoot then replaces it).
 * Inline styles keep it readable without the app's CSS; the CSP allows style attributes.
 */
export function itemSummaryHtml(item: SeoItem): string {
  const text = escapeHtml;
  const byline = [
    t(CONTENT_TYPE_LABELS[item.content_type]),
    item.organization?.name,
    item.year ? String(item.year) : undefined,
  ]
    .filter(Boolean)
    .map((part) => text(part!))
    .join(' · ');
  const links: Array<[string, string]> = [];
  if (item.url) links.push([item.content_type === 'paper' ? t('Read Paper') : t('Official Website'), item.url]);
  if (item.software?.github_url) links.push([t('GitHub Repository'), item.software.github_url]);
  if (item.paper?.doi) links.push([`DOI: ${item.paper.doi}`, doiUrl(item.paper.doi)]);
  const authors = item.paper?.authors.length
    ? `<p>${text(t('By {authors}', { authors: item.paper.authors.join(', ') }))}</p>`
    : '';
  const browse = (query = '') => text(localizedPath(currentLocale(), `/browse${query}`));
  const lang = catalogTextLang();
  const description = item.description || item.short_description;

  return [
    // line-height as the app's text (Mantine's 1.55): the description then takes as much room as
    // the app's, so the app's render does not count as a later, larger paint (Lighthouse's LCP)
    '<article data-gateway-html style="max-width:880px;margin:0 auto;padding:24px 16px;font-family:system-ui,sans-serif;line-height:1.55">',
    `<p><a href="${browse()}">${text(t('Back to Browse'))}</a></p>`,
    `<h1 data-result-card${lang}>${text(item.title)}</h1>`,
    `<p>${byline}</p>`,
    authors,
    description ? `<p${lang}>${text(description)}</p>` : '',
    item.domains.length
      ? `<ul aria-label="${text(t('Scientific fields'))}">${item.domains
          .map(
            (domain) =>
              `<li><a href="${browse(`?domain=${encodeURIComponent(domain.slug)}`)}">${text(domain.name)}</a></li>`,
          )
          .join('')}</ul>`
      : '',
    links.length
      ? `<ul aria-label="${text(t('Links'))}">${links
          .map(([label, href]) => `<li><a href="${text(href)}" rel="noopener noreferrer">${text(label)}</a></li>`)
          .join('')}</ul>`
      : '',
    '</article>',
  ].join('');
}
