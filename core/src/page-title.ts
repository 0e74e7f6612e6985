import { msg } from './i18n/translate.ts';

/** The site name in titles, og:site_name and structured data. */
export const SITE_NAME = 'SciAI';

/** Every page's title: the page first, then the site — the landing page, which is the site, reads 'SciAI — …'. */
export function pageTitle(page: string): string {
  return `${page} — ${SITE_NAME}`;
}

/** A message, shown with `t(HOME_TITLE)`. */
export const HOME_TITLE = msg('SciAI — AI tools for science');
