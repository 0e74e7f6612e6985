/** The id of the page's <main>: target of the skip link and of focus after navigation. */
export const MAIN_CONTENT_ID = 'main-content';
