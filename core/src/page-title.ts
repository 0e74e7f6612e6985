/** The site name in titles, og:site_name and structured data. */
export const SITE_NAME = 'SciAI';

/** Every page's title: the page first, then the site — the landing page, which is the site, reads 'SciAI — …'. */
export function pageTitle(page: string): string {
  return `${page} — ${SITE_NAME}`;
}

export const HOME_TITLE = `${SITE_NAME} — AI tools for science`;
